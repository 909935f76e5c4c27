import { useCallback, useEffect, useState } from 'react';
import { buildQueryParams, type QueryValue } from '../../runtime/query/encode.ts';
import type { QueryItem } from '../../core/schema/types.generated.ts';
import { type ReportConfig, type ReportPage, reportApi } from './api.ts';
import { withRowKeys } from './row-key.ts';

/*
 * One online report read page by page (spec section 7): its columns and query items, then the data for
 * the current filters, page and sort. The popup's modal and a report's own list screen share it.
 */

export type ReportRow = Record<string, unknown> & { __key: string };

export function useReportData(code: string, groupId?: string) {
  const [config, setConfig] = useState<ReportConfig>();
  const [items, setItems] = useState<QueryItem[]>([]);
  const [failure, setFailure] = useState<string>();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [sorter, setSorter] = useState<{ column?: string; order?: 'asc' | 'desc' }>({});
  const [page, setPage] = useState<{ total: number; rows: ReportRow[] }>({ total: 0, rows: [] });
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    reportApi
      .columns(code, groupId)
      .then(async (c) => {
        const query = await reportApi.queryInfo(c.cgRpConfigId, groupId);
        if (!live) return;
        setConfig(c);
        setItems(query);
      })
      .catch((e: Error) => {
        if (!live) return;
        setFailure(e.message || '报表加载失败');
        setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [code, groupId, reloads]);

  const load = useCallback(() => {
    if (!config) return () => undefined;
    let live = true;
    setLoading(true);
    reportApi
      .data(config.cgRpConfigId, { ...filters, ...paging, ...sorter }, groupId)
      .then((p: ReportPage) => live && setPage({ total: p.total, rows: withRowKeys(p.records) }))
      .catch((e: Error) => {
        if (!live) return;
        setPage({ total: 0, rows: [] });
        setFailure(e.message || '报表查询失败');
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [config, filters, paging, sorter, groupId]);

  // Refresh re-reads the definition too, and the new definition reloads the data: one request each.
  useEffect(() => load(), [load]);

  return {
    config,
    items,
    failure,
    page,
    paging,
    loading,
    /** The current filters and sort as request parameters (an export asks with them). */
    params: (): Record<string, string> =>
      Object.fromEntries(
        Object.entries({ ...filters, ...sorter })
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ),
    search: (values: Record<string, QueryValue>) => {
      setFailure(undefined);
      setFilters(buildQueryParams(items, values));
      setPaging((p) => ({ ...p, pageNo: 1 }));
    },
    refresh: () => {
      reportApi.refresh(groupId);
      setFailure(undefined);
      setReloads((n) => n + 1);
    },
    /** A table change: the page, its size and the sorted column. */
    change: (pageNo: number, pageSize: number, sort?: { column: string; order: 'asc' | 'desc' }) => {
      setSorter(sort ?? {});
      setPaging({ pageNo, pageSize });
    },
  };
}
