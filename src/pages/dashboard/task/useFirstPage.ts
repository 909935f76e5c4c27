import { useEffect, useState } from 'react';
import type { WfPage } from '../../../core/workflow/wire.ts';

export const FIRST_PAGE = { pageNo: 1, pageSize: 5 };

/** The first few rows of a workflow list and its total; null while they load (an empty page after a failure). */
export function useFirstPage<T>(load: (q: Record<string, unknown>) => Promise<WfPage<T>>, filters: Record<string, unknown> = {}): WfPage<T> | null {
  const [page, setPage] = useState<WfPage<T> | null>(null);
  const key = JSON.stringify(filters);
  useEffect(() => {
    let live = true;
    load({ ...filters, ...FIRST_PAGE }).then(
      (p) => live && setPage(p),
      () => live && setPage({ records: [], total: 0, current: 1, size: FIRST_PAGE.pageSize, pages: 0 }),
    );
    return () => {
      live = false;
    };
    // The filters are compared by their JSON (key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, key]);
  return page;
}
