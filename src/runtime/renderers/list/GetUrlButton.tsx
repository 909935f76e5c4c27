import { LinkOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import { runtimeConfig } from '../../config.ts';

/*
 * 配置地址 (the getUrl button, spec section 3's button map): where this screen lives, for a menu entry or a
 * link elsewhere — the page address, the menu's route and component, and the list's data address.
 */

/** The three addresses of a schema screen; `origin` and `pathname` from the browser. */
export function screenUrls(code: string, origin: string, pathname: string, apiBase = runtimeConfig().apiBase) {
  return {
    page: `${origin}${pathname}#/${code}`,
    route: `/${code}`,
    component: `schema/${code}`,
    data: `${origin}${apiBase}/${code}/list`,
  };
}

export function GetUrlButton({ code, title }: { code: string; title: string }) {
  const [open, setOpen] = useState(false);
  const urls = screenUrls(code, window.location.origin, window.location.pathname);
  const copyable = (text: string) => (
    <Typography.Text copyable={{ text, tooltips: ['复制', '已复制'] }} code>
      {text}
    </Typography.Text>
  );
  return (
    <>
      <Button icon={<LinkOutlined />} onClick={() => setOpen(true)} data-testid="get-url">
        配置地址
      </Button>
      <Modal open={open} title={`${title} · 配置地址`} width={720} footer={null} onCancel={() => setOpen(false)}>
        <Descriptions column={1} bordered size="small" data-testid="get-url-addresses">
          <Descriptions.Item label="页面地址">{copyable(urls.page)}</Descriptions.Item>
          <Descriptions.Item label="菜单路径">{copyable(urls.route)}</Descriptions.Item>
          <Descriptions.Item label="前端组件">{copyable(urls.component)}</Descriptions.Item>
          <Descriptions.Item label="数据接口">{copyable(urls.data)}</Descriptions.Item>
        </Descriptions>
      </Modal>
    </>
  );
}
