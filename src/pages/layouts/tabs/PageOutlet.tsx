import { type ReactNode, Suspense, useRef } from 'react';
import { useOutlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { tabs } from '../../../runtime/layout/tabs.ts';
import { PageLoading } from '../../../runtime/session/PageLoading.tsx';
import { BlockBoundary } from '../BlockBoundary.tsx';

/**
 * The routed page. A page whose menu entry says keepAlive stays mounted (hidden) while its tab is open,
 * so its filters and scroll survive a visit elsewhere; any other page mounts afresh on each visit. The
 * tab menu's 刷新 remounts a page by changing its key.
 */
export function PageOutlet({ fullPath, keepAlive }: { fullPath: string; keepAlive: boolean }) {
  const outlet = useOutlet();
  const { pages, refresh } = useSnapshot(tabs);
  const kept = useRef(new Map<string, ReactNode>());

  if (keepAlive && !kept.current.has(fullPath)) kept.current.set(fullPath, outlet);
  for (const key of [...kept.current.keys()]) {
    if (key !== fullPath && !pages.some((p) => p.fullPath === key)) kept.current.delete(key);
  }

  const view = (key: string, node: ReactNode, hidden: boolean) => (
    <div key={`${key}#${refresh[key] ?? 0}`} className="page-view" hidden={hidden} data-page={key}>
      <BlockBoundary name={key}>
        <Suspense fallback={<PageLoading />}>{node}</Suspense>
      </BlockBoundary>
    </div>
  );

  return (
    <>
      {[...kept.current].map(([key, node]) => view(key, node, key !== fullPath))}
      {!kept.current.has(fullPath) && view(fullPath, outlet, false)}
    </>
  );
}
