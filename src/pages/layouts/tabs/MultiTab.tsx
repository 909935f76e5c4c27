import { ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Dropdown, type MenuProps, Tabs } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { closeAround, closePage, type PageEntry, refreshTab, type Side, tabs } from '../../../runtime/layout/tabs.ts';

const CONTEXT_ITEMS: MenuProps['items'] = [
  { key: 'refresh', icon: <ReloadOutlined />, label: '刷新' },
  { key: 'left', icon: <ArrowLeftOutlined />, label: '关闭左侧' },
  { key: 'right', icon: <ArrowRightOutlined />, label: '关闭右侧' },
  { key: 'others', icon: <CloseOutlined />, label: '关闭其它' },
];

/**
 * The tab bar of multi-tab mode (spec section 2, "Tab page layout"): one tab per open page, home first.
 * Closing home or the last tab is refused with a message; a right click offers 刷新 and closing the
 * tabs to the left, to the right or all others.
 */
export function MultiTab({ active }: { active: string }) {
  const { pages } = useSnapshot(tabs);
  const navigate = useNavigate();
  const { message } = App.useApp();

  const close = (fullPath: string) => {
    const result = closePage(tabs.pages, fullPath, active);
    if ('refused' in result) return void message.warning(result.refused);
    tabs.pages = result.pages;
    if (result.active !== active) navigate(result.active);
  };

  const onContext = (page: PageEntry, key: string) => {
    if (key === 'refresh') {
      refreshTab(page.fullPath);
      if (page.fullPath !== active) navigate(page.fullPath);
      return;
    }
    const result = closeAround(tabs.pages, page.fullPath, key as Side);
    tabs.pages = result.pages;
    if (result.active !== active) navigate(result.active);
  };

  const items = pages.map((page) => ({
    key: page.fullPath,
    closable: true,
    label: (
      <Dropdown trigger={['contextMenu']} menu={{ items: CONTEXT_ITEMS, onClick: ({ key }) => onContext(page as PageEntry, key) }}>
        <span className="tab-title" data-testid="tab-title">
          {page.meta.title}
        </span>
      </Dropdown>
    ),
  }));

  return (
    <Tabs
      className="multi-tab"
      data-testid="multi-tab"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={active}
      items={items}
      onChange={(key) => navigate(key)}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
    />
  );
}
