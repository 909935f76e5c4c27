import type { TablePaginationConfig } from 'antd';

/** The table paging of spec section 9: 10 a page, 10/20/30, quick jumper, size changer, '{from}-{to} 共{total}条'. */
export function tablePagination(page: { pageNo: number; pageSize: number }, total: number): TablePaginationConfig {
  return {
    current: page.pageNo,
    pageSize: page.pageSize,
    total,
    pageSizeOptions: ['10', '20', '30'],
    showQuickJumper: true,
    showSizeChanger: true,
    showTotal: (t, range) => `${range[0]}-${range[1]} 共${t}条`,
  };
}
