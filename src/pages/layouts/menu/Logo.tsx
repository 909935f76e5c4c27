import { Link } from 'react-router-dom';
import { HOME_PATH } from '../../../runtime/config.ts';

/** The logo and short name at the top of the side menu or at the left of the top menu. */
export function Logo({ collapsed, theme }: { collapsed: boolean; theme: 'dark' | 'light' }) {
  return (
    <Link to={HOME_PATH} className={`sider-logo sider-logo-${theme}`}>
      <img src="/logo.svg" alt="logo" />
      {!collapsed && <span>希望工程</span>}
    </Link>
  );
}
