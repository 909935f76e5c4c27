import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { runtimeConfig } from '../../runtime/config.ts';
import 'virtual:login-kit-tokens.css';

/**
 * The shell of the login area: logo, title and a nested route view; marks the body while mounted. Its root
 * carries the theme's tokens the login kit's styles read (./login-kit/tokens.ts, written by the build).
 */
export default function UserLayout() {
  useEffect(() => {
    document.body.classList.add('userLayout');
    return () => document.body.classList.remove('userLayout');
  }, []);
  return (
    <div className="user-layout">
      <div className="user-layout-top">
        <div className="user-layout-header">
          <img src="/logo.svg" className="user-layout-logo" alt="logo" />
          <span className="user-layout-title">{runtimeConfig().systemName}</span>
        </div>
        <div className="user-layout-desc">汇聚爱心，点亮希望——捐赠、项目与助学一站式管理</div>
      </div>
      <Outlet />
      <div className="user-layout-footer">Copyright © 2026 希望工程</div>
    </div>
  );
}
