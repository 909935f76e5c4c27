import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Layout, Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { runtimeConfig } from '../../../runtime/config.ts';
import type { Device } from '../../../runtime/layout/device.ts';
import type { LayoutSettings } from '../../../runtime/layout/settings.ts';
import { Logo } from '../menu/Logo.tsx';
import { NavMenu } from '../menu/NavMenu.tsx';
import { HeaderNotice } from './HeaderNotice.tsx';
import { HeaderPending } from './HeaderPending.tsx';
import { MenuSearch } from './MenuSearch.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useHeaderVisible } from './useAutoHide.ts';

interface Props {
  device: Device;
  /** The effective mode: top-menu mode falls back to the side menu on mobile. */
  mode: 'sidemenu' | 'topmenu';
  settings: Readonly<LayoutSettings>;
  /** Open side menu (desktop) or open drawer (mobile); the toggle shows the opposite. */
  menuOpen: boolean;
  onToggle: () => void;
  onSettings: () => void;
  /** Left offset of a fixed header: the side menu's width. */
  offset: number;
}

function UserArea({ device, onSettings }: { device: Device; onSettings: () => void }) {
  return (
    <div className="header-user-area">
      <MenuSearch device={device} />
      <HeaderPending />
      <HeaderNotice />
      <UserMenu device={device} />
      <Tooltip title="系统设置">
        <span className="header-action" role="button" aria-label="系统设置" data-testid="open-settings" onClick={onSettings}>
          <SettingOutlined />
        </span>
      </Tooltip>
    </div>
  );
}

/**
 * The global header (spec section 2, "Main layout"). Side-menu mode: the collapse toggle, the welcome
 * text (the short name on mobile) and the user area. Top-menu mode: logo, horizontal menu, user area.
 * It may be fixed, and then may hide itself while the page scrolls down.
 */
export function GlobalHeader({ device, mode, settings, menuOpen, onToggle, onSettings, offset }: Props) {
  const visible = useHeaderVisible(settings.fixedHeader && settings.autoHideHeader);
  const classes = ['global-header', `global-header-${mode}`, settings.fixedHeader && 'global-header-fixed', !visible && 'global-header-hidden'];
  const style: CSSProperties | undefined = settings.fixedHeader ? { left: offset, width: `calc(100% - ${offset}px)` } : undefined;

  if (mode === 'topmenu') {
    return (
      <Layout.Header className={[...classes, `top-nav-${settings.theme}`].filter(Boolean).join(' ')} style={style} data-testid="global-header">
        <div className={`top-nav-inner${settings.contentWidth === 'Fixed' ? ' top-nav-fixed-width' : ''}`}>
          <div className="top-nav-logo">
            <Logo collapsed={false} theme={settings.theme} />
          </div>
          <div className="top-nav-menu">
            <NavMenu mode="horizontal" theme={settings.theme} />
          </div>
          <UserArea device={device} onSettings={onSettings} />
        </div>
      </Layout.Header>
    );
  }
  return (
    <Layout.Header className={classes.filter(Boolean).join(' ')} style={style} data-testid="global-header">
      <span className="header-action trigger" onClick={onToggle} role="button" aria-label="切换菜单" data-testid="menu-toggle">
        {menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </span>
      <span className="header-welcome">{device === 'desktop' ? `欢迎进入 ${runtimeConfig().systemName}` : '希望工程'}</span>
      <UserArea device={device} onSettings={onSettings} />
    </Layout.Header>
  );
}
