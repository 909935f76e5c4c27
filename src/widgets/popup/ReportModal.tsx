import { Alert, App, Modal, Table } from 'antd';
import { useState } from 'react';
import { QueryBar } from '../../runtime/renderers/list/QueryBar.tsx';
import { confirmError } from '../../core/widgets/popup-config.ts';
import { reportTableColumns, sortOf } from './report-columns.tsx';
import { type ReportRow, useReportData } from './useReportData.ts';

/*
 * The online-report popup (spec section 2): 1200 wide, a search area (query, reset, expand for items
 * whose hidden flag is '1'), a 'selected N items' bar with clear and refresh, a bordered table scrolling
 * over 1100 px, and 关闭. Confirming hands the chosen rows over; in single mode exactly one row must be
 * chosen ('请选择一条记录'). It is mounted only while open, so closing forgets the selection.
 */
export const REPORT_MODAL_WIDTH = 1200;
export const REPORT_SCROLL_X = 1100;

type Row = ReportRow;

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
  const { config, items, failure, page, paging, loading, search, refresh, change } = useReportData(code, groupId);
  const [selected, setSelected] = useState<Map<string, Row>>(new Map());

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

  const columns = reportTableColumns(config);

  return (
    <Modal
      open
      width={REPORT_MODAL_WIDTH}
      title={config?.cgRpConfigName ?? '选择'}
      cancelText="关闭"
      okText="确定"
      onOk={confirm}
      onCancel={onCancel}
      maskClosable={false}
      className="report-popup"
    >
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
            onRow={(row) => ({
              onClick: () =>
                choose(multi ? (selected.has(row.__key) ? [...selected.keys()].filter((k) => k !== row.__key) : [...selected.keys(), row.__key]) : [row.__key]),
            })}
            onChange={(pagination, _filters, sort) => change(pagination.current ?? 1, pagination.pageSize ?? 10, sortOf(sort))}
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
