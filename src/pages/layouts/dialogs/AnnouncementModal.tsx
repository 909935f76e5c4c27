import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Tag, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PRIORITY_TAGS } from '../../../runtime/notice/api.ts';
import { PageLoading } from '../../../runtime/session/PageLoading.tsx';
import { resolveComponent } from '../../registry.tsx';
import { dialogs } from './store.ts';

/** A notice whose open type is 'component' shows the page it names below its text. */
function NoticeComponent({ path }: { path: string }) {
  const Component = resolveComponent(path);
  return (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  );
}

/**
 * 通知消息 (spec section 2, "Notification"): 60 % wide, switchable to full screen; title, sender, time and
 * the HTML the server sanitised when it was stored. 去处理 appears only for open type url.
 */
export function AnnouncementModal() {
  const { announcement: a } = useSnapshot(dialogs);
  const [full, setFull] = useState(false);
  const navigate = useNavigate();
  const close = () => (dialogs.announcement = null);

  const handle = () => {
    if (a?.openPage) navigate(a.openPage);
    close();
  };

  const title = (
    <div className="announcement-modal-title">
      <span>通知消息</span>
      <Button
        type="text"
        size="small"
        aria-label={full ? '退出全屏' : '全屏'}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={() => setFull(!full)}
      />
    </div>
  );
  const footer = (
    <Space>
      {a?.openType === 'url' && a.openPage && (
        <Button type="primary" onClick={handle}>
          去处理
        </Button>
      )}
      <Button onClick={close}>关闭</Button>
    </Space>
  );

  return (
    <Modal
      title={title}
      open={!!a}
      onCancel={close}
      footer={footer}
      width={full ? '100%' : '60%'}
      className={full ? 'announcement-modal fullscreen' : 'announcement-modal'}
      destroyOnHidden
    >
      {a && (
        <article data-testid="announcement-view">
          <Typography.Title level={4} className="announcement-title">
            {a.titile} {PRIORITY_TAGS[a.priority] && <Tag color={PRIORITY_TAGS[a.priority].color}>{PRIORITY_TAGS[a.priority].text}</Tag>}
          </Typography.Title>
          <div className="announcement-meta">
            <span>发布人：{a.sender ?? '-'}</span>
            <span>发布时间：{a.sendTime ?? '-'}</span>
          </div>
          {/* Sanitised on the server before it was stored (sanitize-html); the CSP forbids inline script besides. */}
          <div className="announcement-content" dangerouslySetInnerHTML={{ __html: a.msgContent ?? '' }} />
          {a.openType === 'component' && a.openPage && <NoticeComponent path={a.openPage} />}
        </article>
      )}
    </Modal>
  );
}
