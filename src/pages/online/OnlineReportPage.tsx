import { Alert, App, Button, Card, Space, Table } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { downloadFile } from '../../runtime/renderers/list/download.ts';
import { QueryBar } from '../../runtime/renderers/list/QueryBar.tsx';
import { reportTableColumns, sortOf } from '../../widgets/popup/report-columns.tsx';
import { type ReportRow, useReportData } from '../../widgets/popup/useReportData.ts';

/*
 * An online report published to a menu entry (报表配置 › 发布, component `cgreport/{code}`): its query
 * items, then its rows paged and sorted by the server (getData), with the columns and dictionaries the
 * definition names, and 导出 (exportXls: the same filters and sort, every page). The same calls and rules
 * as the popup: what the user may read is the server's to say.
 */
export function OnlineReportPage({ code }: { code: string }) {
  const { message } = App.useApp();
  const { config, items, failure, page, paging, loading, params, search, refresh, change } = useReportData(code);
  const exportXls = () => {
    if (!config) return;
    downloadFile(`online/cgreport/api/exportXls/${encodeURIComponent(config.cgRpConfigId)}`, params(), `${config.cgRpConfigName}.xlsx`).catch((e: Error) =>
      message.error(e.message),
    );
  };
  return (
    <Card
      title={config?.cgRpConfigName ?? '报表'}
      bordered={false}
      className="schema-page"
      data-testid={`online-report-${code}`}
      extra={
        <Space>
          <Button icon={<DownloadOutlined />} onClick={exportXls} disabled={!config}>
            导出
          </Button>
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            刷新
          </Button>
        </Space>
      }
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} data-testid="online-report-error" />}
      {config && <QueryBar items={items} onSearch={search} />}
      <Table<ReportRow>
        bordered
        size="middle"
        rowKey="__key"
        loading={loading}
        columns={reportTableColumns(config)}
        dataSource={page.rows}
        scroll={{ x: 'max-content' }}
        onChange={(pagination, _filters, sort) => change(pagination.current ?? 1, pagination.pageSize ?? 10, sortOf(sort))}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: page.total,
          pageSizeOptions: ['10', '20', '30', '50'],
          showQuickJumper: true,
          showSizeChanger: true,
          showTotal: (total, range) => (loading && !page.rows.length ? '' : `${range[0]}-${range[1]} 共${total}条`),
        }}
      />
    </Card>
  );
}
