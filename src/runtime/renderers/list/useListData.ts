import type { RowSelectionState, SortingState } from '@tanstack/react-table';
import { useCallback, useEffect, useState } from 'react';
import { buildQueryParams, type QueryValue } from '../../query/encode.ts';
import { type DataRecord, entityApi } from '../../schema/api.ts';
import type { SchemaDocument } from '../../../core/schema/types.generated.ts';
import { type SuperQueryState, superQueryParams } from './SuperQuery.tsx';

export const PAGE_SIZES = [10, 20, 30];
/** A tree list (list.tree) loads its rows at once: the server's largest page. */
export const TREE_PAGE_SIZE = 1000;

/** The request parameters of the list as it stands: query values, advanced query, page, and sort (createTime descending by default). */
export function listParams(
  doc: SchemaDocument,
  values: Record<string, QueryValue>,
  sorting: SortingState,
  page: { current: number; size: number },
  advanced: SuperQueryState | null = null,
) {
  const fallback = doc.list?.defaultSort ?? { column: 'createTime', order: 'desc' as const };
  const sort = sorting[0];
  return {
    ...buildQueryParams(doc.list?.query ?? [], values),
    ...superQueryParams(advanced),
    pageNo: page.current,
    pageSize: page.size,
    column: sort ? sort.id : fallback.column,
    order: sort ? (sort.desc ? 'desc' : 'asc') : fallback.order,
  };
}

/** The list's server state: records of the current page and everything that decides which. */
export function useListData(doc: SchemaDocument) {
  const api = entityApi(doc.code);
  const [values, setValues] = useState<Record<string, QueryValue>>({});
  const [sorting, setSorting] = useState<SortingState>([]);
  const [page, setPage] = useState({ current: 1, size: doc.list?.tree ? TREE_PAGE_SIZE : PAGE_SIZES[0] });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [data, setData] = useState<{ records: DataRecord[]; total: number; estimated?: boolean }>({ records: [], total: 0 });
  // Loading from the first render: the first page is asked for at once, and until it answers the list
  // shows its spinner, not an empty table and a "0-0 共0条" pager.
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [version, setVersion] = useState(0);
  const [advanced, setAdvanced] = useState<SuperQueryState | null>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .list(listParams(doc, values, sorting, page, advanced))
      .then((p) => live && setData({ records: p.records, total: p.total, estimated: p.totalEstimated }))
      .catch(() => live && setData({ records: [], total: 0 }))
      .finally(() => {
        if (!live) return;
        setLoading(false);
        setLoaded(true);
      });
    return () => {
      live = false;
    };
    // api is derived from doc.code
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, values, sorting, page, version, advanced]);

  return {
    api,
    values,
    search: useCallback((v: Record<string, QueryValue>) => {
      setValues(v);
      setPage((p) => ({ ...p, current: 1 }));
      setSelection({});
    }, []),
    sorting,
    setSorting: (s: SortingState) => {
      setSorting(s);
      setPage((p) => ({ ...p, current: 1 }));
    },
    page,
    setPage,
    selection,
    setSelection,
    selectedIds: Object.keys(selection).filter((k) => selection[k]),
    data,
    loading,
    /** Whether any page has answered yet. */
    loaded,
    reload: useCallback(() => setVersion((v) => v + 1), []),
    params: () => listParams(doc, values, sorting, page, advanced),
    advanced,
    setAdvanced: useCallback((q: SuperQueryState | null) => {
      setAdvanced(q);
      setPage((p) => ({ ...p, current: 1 }));
      setSelection({});
    }, []),
  };
}
