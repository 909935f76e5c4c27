import { Input, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { pageEntryOf } from '../../../runtime/layout/pages.ts';
import type { AppRoute } from '../../../runtime/menu/routes.ts';
import { session } from '../../../runtime/session/store.ts';
import { PageHeader } from './PageHeader.tsx';

export interface PageContentProps {
  /** Defaults to the title of the route (menu entry) this page is on. */
  title?: ReactNode;
  description?: ReactNode;
  linkList?: { title: string; href: string }[];
  extraImage?: string;
  extra?: ReactNode;
  /** A search box under the description. */
  search?: { placeholder?: string; onSearch: (value: string) => void };
  tabs?: { items: { key: string; label: ReactNode }[]; activeKey?: string; onChange?: (key: string) => void };
  children: ReactNode;
}

/**
 * The page-content wrapper of spec section 2: a page header titled from the route, with the
 * description, links, image, search and tabs the page hands in, and the page below it.
 */
export function PageContent({ title, description, linkList, extraImage, extra, search, tabs, children }: PageContentProps) {
  const { routes } = useSnapshot(session);
  const { pathname } = useLocation();
  const routeTitle = pageEntryOf(routes as AppRoute[], pathname).meta.title;

  const content = (
    <div className="page-content-head">
      <div className="page-content-text">
        {description && <div className="page-content-description">{description}</div>}
        {linkList && (
          <div className="page-content-links">
            {linkList.map((link) => (
              <a key={link.href} href={link.href}>
                {link.title}
              </a>
            ))}
          </div>
        )}
        {search && <Input.Search className="page-content-search" placeholder={search.placeholder ?? '请输入'} enterButton="搜索" onSearch={search.onSearch} />}
      </div>
      {extraImage && <img className="page-content-image" src={extraImage} alt="" />}
    </div>
  );

  return (
    <div className="page-content-wrapper">
      <PageHeader
        title={title ?? routeTitle}
        extra={extra}
        content={description || linkList || extraImage || search ? content : undefined}
        footer={tabs && <Tabs className="page-content-tabs" items={tabs.items} activeKey={tabs.activeKey} onChange={tabs.onChange} />}
      />
      <div className="page-content-body">{children}</div>
    </div>
  );
}
