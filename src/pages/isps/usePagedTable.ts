import type { TableProps } from 'antd';
import { useCallback, useEffect, useState } from 'react';

export interface PageQuery {
  pageNo: number;
  pageSize: number;
}

/**
 * A server-paged table: the current page, the rows and their total, reloaded when the page or the
 * fetcher (its filters) changes. Paging follows spec section 9: 10 a page, 10/20/30, quick jumper,
 * size changer and '{from}-{to} 共{total}条'.
 */
export function usePagedTable<T extends { id: string }>(fetch: (page: PageQuery) => Promise<{ records: T[]; total: number }>) {
  const [page, setPage] = useState<PageQuery>({ pageNo: 1, pageSize: 10 });
  const [data, setData] = useState<{ records: T[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    fetch(page)
      .then(setData, () => setData({ records: [], total: 0 }))
      .finally(() => setLoading(false));
  }, [fetch, page]);
  useEffect(load, [load]);

  const tableProps: TableProps<T> = {
    rowKey: 'id',
    size: 'middle',
    loading,
    dataSource: data.records,
    pagination: {
      current: page.pageNo,
      pageSize: page.pageSize,
      total: data.total,
      pageSizeOptions: ['10', '20', '30'],
      showQuickJumper: true,
      showSizeChanger: true,
      showTotal: (t, range) => `${range[0]}-${range[1]} 共${t}条`,
    },
    onChange: (p) => setPage({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 }),
  };

  return { tableProps, load, firstPage: () => setPage((p) => ({ ...p, pageNo: 1 })) };
}
