import { Alert, App, Modal, Table, type TableProps } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { dictText } from '../../runtime/dict/dictionaries.ts';
import { buildQueryParams, type QueryValue } from '../../runtime/query/encode.ts';
import { QueryBar } from '../../runtime/renderers/list/QueryBar.tsx';
import type { QueryItem } from '../../core/schema/types.generated.ts';
import { confirmError } from '../../core/widgets/popup-config.ts';
import { type ReportConfig, type ReportPage, reportApi } from './report-api.ts';
import { withRowKeys } from './row-key.ts';

/*
 * The online-report popup (spec section 2): 1200 wide, a search area (query, reset, expand for items
 * whose hidden flag is '1'), a 'selected N items' bar with clear and refresh, a bordered table scrolling
 * over 1100 px, and 关闭. Confirming hands the chosen rows over; in single mode exactly one row must be
 * chosen ('请选择一条记录'). It is mounted only while open, so closing forgets the selection.
 */
export const REPORT_MODAL_WIDTH = 1200;
export const REPORT_SCROLL_X = 1100;

type Row = Record<string, unknown> & { __key: string };

export interface ReportModalProps {
  code: string;
  multi?: boolean;
  groupId?: string;
  onOk: (rows: Record<string, unknown>[]) => void;
  onCancel: () => void;
}

const withoutKey = ({ __key: _key, ...row }: Row) => row;

export function ReportModal({ code, multi = false, groupId, onOk, onCancel }: ReportModalProps) {
  const { message } = App.useApp();
  const [config, setConfig] = useState<ReportConfig>();
  const [items, setItems] = useState<QueryItem[]>([]);
  const [failure, setFailure] = useState<string>();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [sorter, setSorter] = useState<{ column?: string; order?: 'asc' | 'desc' }>({});
  const [page, setPage] = useState<{ total: number; rows: Row[] }>({ total: 0, rows: [] });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Map<string, Row>>(new Map());
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
      .catch((e: Error) => live && setFailure(e.message || '报表加载失败'));
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
      .catch(() => live && setPage({ total: 0, rows: [] }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [config, filters, paging, sorter, groupId]);

  // Refresh re-reads the definition too, and the new definition reloads the data: one request each.
  useEffect(() => load(), [load]);

  const search = (values: Record<string, QueryValue>) => {
    setFilters(buildQueryParams(items, values));
    setPaging((p) => ({ ...p, pageNo: 1 }));
  };

  const refresh = () => {
    reportApi.refresh(groupId);
    setReloads((n) => n + 1);
  };

  const choose = (keys: React.Key[]) => {
    setSelected((prev) => {
      const next = new Map<string, Row>();
      // Rows chosen on other pages stay chosen in multi mode.
      if (multi) for (const [k, row] of prev) if (!page.rows.some((r) => r.__key === k)) next.set(k, row);
      for (const key of keys) {
        const row = page.rows.find((r) => r.__key === key) ?? prev.get(String(key));
        if (row) next.set(String(key), row);
      }
      return next;
    });
  };

  const confirm = () => {
    const error = confirmError(multi, selected.size);
    if (error) {
      message.warning(error);
      return;
    }
    onOk([...selected.values()].map(withoutKey));
  };

  const columns: TableProps<Row>['columns'] = (config?.columns ?? []).map((c) => ({
    key: c.dataIndex,
    dataIndex: c.dataIndex,
    title: c.title,
    sorter: true,
    ellipsis: true,
    render: (value: unknown) => (c.customRender ? dictText(config?.dictOptions[c.customRender], value) : value === null || value === undefined ? '' : String(value)),
  }));

  return (
    <Modal open width={REPORT_MODAL_WIDTH} title={config?.cgRpConfigName ?? '选择'} cancelText="关闭" okText="确定" onOk={confirm} onCancel={onCancel} maskClosable={false} className="report-popup">
      {failure ? (
        <Alert type="error" showIcon message={failure} />
      ) : (
        <>
          <QueryBar items={items} onSearch={search} />
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 8 }}
            data-testid="popup-selected-bar"
            message={
              <span>
                已选择 <a style={{ fontWeight: 600 }}>{selected.size}</a> 项
                <a style={{ marginLeft: 24 }} onClick={() => setSelected(new Map())}>
                  清空
                </a>
                <a style={{ marginLeft: 12 }} onClick={refresh}>
                  刷新
                </a>
              </span>
            }
          />
          <Table<Row>
            bordered
            size="middle"
            rowKey="__key"
            loading={loading}
            columns={columns}
            dataSource={page.rows}
            scroll={{ x: REPORT_SCROLL_X }}
            rowSelection={{ type: multi ? 'checkbox' : 'radio', selectedRowKeys: [...selected.keys()], onChange: choose }}
            onRow={(row) => ({ onClick: () => choose(multi ? (selected.has(row.__key) ? [...selected.keys()].filter((k) => k !== row.__key) : [...selected.keys(), row.__key]) : [row.__key]) })}
            onChange={(pagination, _filters, sort) => {
              const s = Array.isArray(sort) ? sort[0] : sort;
              setSorter(s?.order ? { column: String(s.field), order: s.order === 'ascend' ? 'asc' : 'desc' } : {});
              setPaging({ pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });
            }}
            pagination={{
              current: paging.pageNo,
              pageSize: paging.pageSize,
              total: page.total,
              pageSizeOptions: ['10', '20', '30'],
              showQuickJumper: true,
              showSizeChanger: true,
              showTotal: (total, range) => `${range[0]}-${range[1]} 共${total}条`,
            }}
          />
        </>
      )}
    </Modal>
  );
}
