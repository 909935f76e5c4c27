import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { IframePageView } from './layouts/IframePageView.tsx';
import { RouteView } from './layouts/RouteView.tsx';
import { MissingComponent } from './exception/MissingComponent.tsx';
import { prefetchDocument } from '../runtime/schema/documents-api.ts';

/*
 * Turns a menu entry's component string into a React component (spec section 2): layout containers
 * come from the layouts, every other name from the page files, each loaded lazily on first visit.
 */

/*
 * Every file here that is not a page — a part of a page, a layout, a screen with its own route — is left
 * out of the glob: each entry is a chunk whose import, with the list of what it preloads, sits in the
 * entry chunk and so weighs on the login route (issue 21's budget).
 */
// import.meta.glob takes literal patterns only (Vite reads them at build time).
const pages = import.meta.glob<{ default: ComponentType }>([
  './**/*.tsx',
  '!./registry.tsx',
  '!./layouts/**',
  '!./user/**',
  '!./schema/**',
  '!./**/*.test.tsx',
  '!./exception/{MissingComponent,ExceptionPage}.tsx',
  '!./online/{OnlineReportPage,GraphReportPage}.tsx',
  '!./dashboard/*/**',
  '!./dashboard/{DashboardCharts,DashboardGraphs,PendingWork}.tsx',
  '!./monitor/tabs/**',
  '!./monitor/live.tsx',
  '!./account/settings/{AvatarUpload,BaseSetting}.tsx',
  '!./workflow/{Diagram,InstanceDrawer,InstanceView,PropertiesPanel,TaskPanel}.tsx',
]);

const layouts: Record<string, ComponentType> = {
  'layouts/RouteView': RouteView,
  'layouts/PageView': RouteView,
  'layouts/TabLayout': RouteView,
  'layouts/BasicLayout': RouteView,
  'layouts/IframePageView': IframePageView,
};

const cache = new Map<string, LazyExoticComponent<ComponentType> | ComponentType>();

/**
 * 'schema/donation/record' → the schema page for that document, loaded with the runtime on first use; its document
 * is asked for as the code starts loading (the page takes that request's answer).
 */
function schemaPage(code: string): ComponentType {
  return lazy(() => {
    prefetchDocument(code);
    return import('./schema/SchemaPage.tsx').then(({ SchemaPage }) => ({ default: () => <SchemaPage code={code} /> }));
  });
}

/** 'report/donation/record/summary' → the page of report 'summary' declared by document donation/record. */
function reportPage(path: string): ComponentType {
  const [area, entity, report] = path.split('/');
  return lazy(() =>
    import('../runtime/renderers/report/ReportPage.tsx').then(({ ReportPage }) => ({
      default: () => <ReportPage docCode={`${area}/${entity}`} report={report} />,
    })),
  );
}

/** 'cgreport/report_user' → the list screen of online report report_user (报表配置 › 发布). */
function onlineReportPage(code: string): ComponentType {
  return lazy(() => import('./online/OnlineReportPage.tsx').then(({ OnlineReportPage }) => ({ default: () => <OnlineReportPage code={code} /> })));
}

/** 'graphreport/graph_activity_funds' → the screen of that chart (图表配置 › 发布). */
function graphReportPage(code: string): ComponentType {
  return lazy(() => import('./online/GraphReportPage.tsx').then(({ GraphReportPage }) => ({ default: () => <GraphReportPage code={code} /> })));
}

/** Component names that stand for a generated screen: the prefix, then what the rest names. */
const PREFIXED: [string, (rest: string) => ComponentType][] = [
  ['schema/', schemaPage],
  ['report/', reportPage],
  ['cgreport/', onlineReportPage],
  ['graphreport/', graphReportPage],
];

export function resolveComponent(component: string): ComponentType {
  const name = component.replace(/^\/+/, '').replace(/\.tsx?$/, '');
  if (layouts[name]) return layouts[name];
  const cached = cache.get(name);
  if (cached) return cached;
  const prefixed = PREFIXED.find(([prefix]) => name.startsWith(prefix));
  const loader = pages[`./${name}.tsx`];
  const resolved = prefixed ? prefixed[1](name.slice(prefixed[0].length)) : loader ? lazy(loader) : () => <MissingComponent name={component} />;
  cache.set(name, resolved);
  return resolved;
}
