import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Layout, Menu, type MenuProps, notification } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { runtimeConfig } from '../../runtime/config.ts';
import type { AppRoute } from '../../runtime/menu/routes.ts';
import { greeting } from '../../runtime/helpers/greeting.ts';
import { session, takeWelcome } from '../../runtime/session/store.ts';
import { PageLoading } from '../../runtime/session/PageLoading.tsx';
import { BlockBoundary } from './BlockBoundary.tsx';
import { UserMenu } from './UserMenu.tsx';

type MenuItem = Required<MenuProps>['items'][number];

// Notifications open below the 64 px header so they never cover the user menu.
notification.config({ top: 72 });

/** Menu items from the routes: hidden entries skipped, containers as submenus unless always-show. */
function menuItems(routes: readonly AppRoute[]): MenuItem[] {
  return routes
    .filter((r) => !r.hidden)
    .map((r) => {
      const children = r.children?.filter((c) => !c.hidden) ?? [];
      if (children.length && !r.alwaysShow) return { key: r.path, label: r.meta.title, children: menuItems(children) };
      return { key: r.path, label: r.meta.title };
    });
}

/** The signed-in layout: side menu from the server, header with the user menu, the page in the middle. */
export default function BasicLayout() {
  const { routes } = useSnapshot(session);
  const [collapsed, setCollapsed] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => menuItems(routes as AppRoute[]), [routes]);

  useEffect(() => {
    const name = takeWelcome();
    if (name) notification.success({ message: '欢迎', description: `${greeting()}，欢迎回来，${name}`, duration: 3 });
  }, []);

  return (
    <Layout className="basic-layout">
      <Layout.Sider width={200} collapsedWidth={80} collapsible collapsed={collapsed} trigger={null} theme="dark">
        <div className="sider-logo">
          <img src="/logo.svg" alt="logo" />
          {!collapsed && <span>希望工程</span>}
        </div>
        <Menu theme="dark" mode="inline" items={items} selectedKeys={[pathname]} onClick={({ key }) => navigate(key)} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="global-header">
          <span className="trigger" onClick={() => setCollapsed(!collapsed)} role="button" aria-label="切换菜单">
            {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          </span>
          <span className="header-welcome">欢迎进入 {runtimeConfig().systemName}</span>
          <UserMenu />
        </Layout.Header>
        <Layout.Content className="layout-content">
          <BlockBoundary name={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </BlockBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
