import { Drawer, Layout } from 'antd';
import { Logo } from './Logo.tsx';
import { NavMenu } from './NavMenu.tsx';

export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;

interface Props {
  theme: 'dark' | 'light';
  collapsed: boolean;
  fixed: boolean;
}

/** The desktop side menu: 200 px open, 80 px collapsed, optionally fixed while the page scrolls. */
export function SideMenu({ theme, collapsed, fixed }: Props) {
  return (
    <Layout.Sider
      className={`side-menu${fixed ? ' side-menu-fixed' : ''}`}
      data-testid="side-menu"
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsible
      collapsed={collapsed}
      trigger={null}
      theme={theme}
    >
      <Logo collapsed={collapsed} theme={theme} />
      <NavMenu mode="inline" theme={theme} collapsed={collapsed} />
    </Layout.Sider>
  );
}

/** On mobile the side menu is a 200 px drawer from the left that closes once an entry is chosen. */
export function SideDrawer({ theme, open, onClose }: { theme: 'dark' | 'light'; open: boolean; onClose: () => void }) {
  return (
    <Drawer
      placement="left"
      width={SIDER_WIDTH}
      open={open}
      onClose={onClose}
      closable={false}
      className={`side-drawer side-drawer-${theme}`}
      styles={{ body: { padding: 0 } }}
      data-testid="side-drawer"
    >
      <Layout.Sider className="side-menu" width={SIDER_WIDTH} theme={theme} trigger={null}>
        <Logo collapsed={false} theme={theme} />
        <NavMenu mode="inline" theme={theme} onChosen={onClose} />
      </Layout.Sider>
    </Drawer>
  );
}
