import type { TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { WfPage } from '../../core/workflow/wire.ts';

/*
 * A server-paged list for an antd table: `table` is spread onto the Table (rows, loading, paging); `reload`
 * after an action.
 */
export function usePaged<T>(load: (q: Record<string, unknown>) => Promise<WfPage<T>>, filters: Record<string, unknown> = {}) {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [data, setData] = useState<WfPage<T> | null>(null);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(filters);
  const reload = useCallback(() => {
    setLoading(true);
    load({ ...filters, ...page })
      .then(setData, () => setData(null))
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, key]);
  useEffect(reload, [reload]);
  const pagination: TablePaginationConfig = {
    current: page.pageNo,
    pageSize: page.pageSize,
    total: data?.total ?? 0,
    showSizeChanger: true,
    showTotal: (total) => `共 ${total} 条`,
    onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
  };
  const table = { rowKey: 'id', size: 'middle' as const, loading, dataSource: data?.records ?? [], pagination };
  return { table, reload };
}
