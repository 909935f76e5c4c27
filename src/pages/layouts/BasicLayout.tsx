import { Layout } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useDevice } from '../../runtime/layout/device.ts';
import { settings, toggleSidebar } from '../../runtime/layout/settings.ts';
import { ShellDialogs } from './dialogs/ShellDialogs.tsx';
import { GlobalHeader } from './header/GlobalHeader.tsx';
import './layout.css';
import { SideDrawer, SideMenu, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from './menu/SideMenu.tsx';
import { RouteBreadcrumb } from './page/RouteBreadcrumb.tsx';
import { SettingDrawer } from './settings/SettingDrawer.tsx';
import { MultiTab } from './tabs/MultiTab.tsx';
import { PageOutlet } from './tabs/PageOutlet.tsx';
import { useCurrentPage } from './tabs/useCurrentPage.ts';
import { ThemeScope } from './ThemeScope.tsx';
import { useWelcome } from './useWelcome.ts';

// Dates are shown only inside the signed-in shell: its chunk sets their language, so dayjs stays off the login route.
dayjs.locale('zh-cn');

/** The content top padding under a fixed header (spec section 9). */
export const FIXED_HEADER_PADDING = 59;

function Shell() {
  const s = useSnapshot(settings);
  const device = useDevice();
  const page = useCurrentPage();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  useWelcome();

  const desktop = device === 'desktop';
  // Top-menu mode has no room on a phone: mobile always gets the side menu, as a drawer.
  const mode = desktop ? s.layout : 'sidemenu';
  const collapsed = !s.sidebarOpened;
  const siderWidth = desktop && mode === 'sidemenu' ? (collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH) : 0;
  const fixedSider = desktop && mode === 'sidemenu' && s.fixSiderbar;
  const classes = [
    'basic-layout',
    `layout-${mode}`,
    `device-${device}`,
    `menu-${s.theme}`,
    `content-${s.contentWidth.toLowerCase()}`,
    s.fixedHeader && 'fixed-header',
    fixedSider && 'fixed-sider',
  ];

  return (
    <Layout className={classes.filter(Boolean).join(' ')} hasSider={siderWidth > 0} data-testid="basic-layout">
      {siderWidth > 0 && <SideMenu theme={s.theme} collapsed={collapsed} fixed={fixedSider} />}
      {!desktop && <SideDrawer theme={s.theme} open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
      <Layout className="main-layout" style={{ marginLeft: fixedSider ? siderWidth : undefined, paddingTop: s.fixedHeader ? FIXED_HEADER_PADDING : undefined }}>
        <GlobalHeader
          device={device}
          mode={mode}
          settings={s}
          menuOpen={desktop ? !collapsed : drawerOpen}
          onToggle={desktop ? toggleSidebar : () => setDrawerOpen(!drawerOpen)}
          onSettings={() => setSettingsOpen(true)}
          offset={siderWidth}
        />
        {s.multipage && desktop && <MultiTab active={page.fullPath} />}
        <Layout.Content className="layout-content">
          <div className={mode === 'topmenu' && s.contentWidth === 'Fixed' ? 'content-width-fixed' : 'content-width-fluid'}>
            <RouteBreadcrumb />
            <PageOutlet fullPath={page.fullPath} keepAlive={page.meta.keepAlive} />
          </div>
        </Layout.Content>
        <Layout.Footer className="layout-footer" />
      </Layout>
      <SettingDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ShellDialogs />
    </Layout>
  );
}

/** The signed-in layout (spec section 2, "Main layout"), loaded lazily with everything of the shell. */
export default function BasicLayout() {
  const { color, weak } = useSnapshot(settings);
  return (
    <ThemeScope color={color} weak={weak}>
      <Shell />
    </ThemeScope>
  );
}
