import { Avatar } from 'antd';
import type { ReactNode } from 'react';
import { RouteBreadcrumb } from './RouteBreadcrumb.tsx';

export interface PageHeaderProps {
  title?: ReactNode;
  /** The layout already shows a breadcrumb above every page; a page header may repeat it when standing alone. */
  breadcrumb?: boolean;
  logo?: string;
  avatar?: string;
  content?: ReactNode;
  extra?: ReactNode;
  /** Below the content, e.g. tabs. */
  footer?: ReactNode;
}

/** The page header of spec section 2: breadcrumb, optional title, logo, avatar, content and extra slots. */
export function PageHeader({ title, breadcrumb = false, logo, avatar, content, extra, footer }: PageHeaderProps) {
  return (
    <div className="page-header" data-testid="page-header">
      {breadcrumb && <RouteBreadcrumb />}
      <div className="page-header-detail">
        {logo && <img className="page-header-logo" src={logo} alt="logo" />}
        <div className="page-header-main">
          <div className="page-header-row">
            {avatar && <Avatar className="page-header-avatar" src={avatar} />}
            {title && <h1 className="page-header-title">{title}</h1>}
            {extra && <div className="page-header-extra">{extra}</div>}
          </div>
          {content && <div className="page-header-content">{content}</div>}
        </div>
      </div>
      {footer}
    </div>
  );
}
