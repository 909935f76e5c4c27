import type { ColumnDef as TColumn, VisibilityState } from '@tanstack/react-table';
import { Alert, App, Button, Divider, message, Pagination, Popconfirm } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type DataRecord, excelRuns } from '../../schema/api.ts';
import { isLockedRecord } from '../../../core/schema/locks.ts';
import type { SchemaDocument } from '../../../core/schema/types.generated.ts';
import { local } from '../../storage.ts';
import { DetailView } from '../detail/DetailView.tsx';
import { type FormMode, RecordFormModal } from '../form/RecordFormModal.tsx';
import { actionColumnWidth } from './column-widths.ts';
import { GetUrlButton } from './GetUrlButton.tsx';
import { SuperQueryButton } from './SuperQuery.tsx';
import { CardGrid } from './CardGrid.tsx';
import { useTableColumns } from './columns.tsx';
import { ACTION_COLUMN, DataTable } from './DataTable.tsx';
import { CallButton } from './CallButton.tsx';
import { downloadFile } from './download.ts';
import { ListToolbar } from './ListToolbar.tsx';
import { RecycleBinButton } from './RecycleBin.tsx';
import { RowOperations } from './RowOperations.tsx';
import { TransitionActions } from './TransitionActions.tsx';
import { QueryBar } from './QueryBar.tsx';
import { PAGE_SIZES, useListData } from './useListData.ts';

const DEFAULT_TOOLBAR = ['add', 'export', 'import', 'batchDelete'];
const DEFAULT_ROW_ACTIONS = ['edit', 'detail', 'delete'];
const settingsKey = (code: string) => `COLUMN_SETTINGS:${code}`;
/** The screen's query parameter naming the record shown as a page (detail.page). */
export const RECORD_PARAM = 'record';

/**
 * The whole list screen of a schema: query bar, toolbar, table, pagination, and the add/edit/detail views.
 * `can` says whether the user holds one of the document's buttons (the screen decides it once for all its views).
 */
export function ListPage({ doc, can }: { doc: SchemaDocument; can: (action: string) => boolean }) {
  const list = useListData(doc);
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  // A document whose detail is a page opens the record there (back to the list by 返回列表 or the browser's back).
  const view = (id: string) => (doc.detail?.page ? setParams({ [RECORD_PARAM]: id }) : setViewing(id));
  // The app's modal (not the static Modal.confirm): it follows the theme and the reduced-motion setting.
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<{ mode: FormMode; id?: string } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [visibility, setVisibility] = useState<VisibilityState>(
    () =>
      local.get<VisibilityState>(settingsKey(doc.code)) ??
      Object.fromEntries((doc.list?.columns ?? []).filter((c) => c.hidden).map((c) => [c.dataIndex, false])),
  );
  const labels = useMemo(() => Object.fromEntries(doc.entity.fields.map((f) => [f.name, f.label])), [doc]);
  const columns = useTableColumns(doc.list?.columns ?? [], labels, doc.entity.fields);
  const toolbar = doc.list?.toolbar ?? DEFAULT_TOOLBAR;
  const rowActions = (doc.list?.rowActions ?? DEFAULT_ROW_ACTIONS).filter(can);
  const selectable = doc.list?.rowSelection !== false && toolbar.includes('batchDelete') && can('batchDelete');

  async function remove(ids: string[]) {
    const result = ids.length === 1 ? await list.api.remove(ids[0]) : await list.api.removeBatch(ids);
    message.success(result.message);
    list.setSelection({});
    list.reload();
  }

  /** A record's row actions: edit, detail, delete, its operations and its state changes (the table's 操作 column, a card's foot). */
  const rowActionsOf = (record: DataRecord) => {
    const id = String(record.id);
    // A locked row (entity.rules.locked, e.g. a released announcement) offers no edit or delete: the server would refuse them.
    const locked = isLockedRecord(doc, record);
    const links = rowActions
      .filter((action) => !(locked && (action === 'edit' || action === 'delete')))
      .map((action) => {
        if (action === 'edit')
          return (
            <a key="edit" onClick={() => setEditing({ mode: 'edit', id })}>
              编辑
            </a>
          );
        if (action === 'detail')
          return (
            <a key="detail" onClick={() => view(id)}>
              详情
            </a>
          );
        return (
          <Popconfirm key="delete" title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={() => remove([id]).catch(() => undefined)}>
            <a className="danger-link">删除</a>
          </Popconfirm>
        );
      });
    return (
      <span className="row-actions">
        {links.flatMap((l, i) => (i ? [<Divider key={`d${i}`} type="vertical" />, l] : [l]))}
        <RowOperations doc={doc} row={record} can={can} onDone={list.reload} />
        <TransitionActions doc={doc} row={record} onDone={list.reload} />
      </span>
    );
  };

  const actionColumn: TColumn<DataRecord> = {
    id: ACTION_COLUMN,
    header: '操作',
    size: actionColumnWidth(doc, rowActions),
    enableSorting: false,
    cell: ({ row }) => rowActionsOf(row.original),
  };

  const { current, size } = list.page;
  const total = list.data.total;
  return (
    <div className="list-page" data-testid={`list-${doc.code}`}>
      <QueryBar items={doc.list?.query ?? []} onSearch={list.search} />
      <ListToolbar
        can={can}
        actions={toolbar}
        selectedCount={list.selectedIds.length}
        onAdd={() => setEditing({ mode: 'add' })}
        onExport={(runKey) =>
          downloadFile(
            `${doc.code}/exportXls`,
            { ...stringify(list.params()), ...(list.selectedIds.length ? { selections: list.selectedIds.join(',') } : {}), runKey },
            `${doc.title}.xlsx`,
          )
        }
        importFile={list.api.importExcel}
        excelRuns={excelRuns}
        onImported={list.reload}
        onBatchDelete={() =>
          modal.confirm({
            title: '确认删除',
            content: `是否删除选中的 ${list.selectedIds.length} 条数据?`,
            okText: '确定',
            cancelText: '取消',
            onOk: () => remove(list.selectedIds),
          })
        }
        columns={doc.list?.columns ?? []}
        extra={
          <>
            {can('superQuery') && <SuperQueryButton doc={doc} value={list.advanced} onChange={list.setAdvanced} />}
            {toolbar.includes('getUrl') && can('getUrl') && <GetUrlButton code={doc.code} title={doc.title} />}
            {(doc.list?.links ?? [])
              .filter((l) => can(l.key))
              .map((l) => (
                <Button key={l.key} type="primary" data-testid={`link-${l.key}`} onClick={() => navigate(l.to)}>
                  {l.label}
                </Button>
              ))}
            {(doc.list?.calls ?? [])
              .filter((c) => can(c.key))
              .map((c) => (
                <CallButton key={c.key} call={c} onReloadList={list.reload} />
              ))}
            {toolbar.includes('recycle') && doc.entity.softDelete && can('delete') && <RecycleBinButton doc={doc} onChanged={list.reload} />}
          </>
        }
        visibility={visibility}
        onVisibilityChange={(v) => {
          setVisibility(v);
          local.set(settingsKey(doc.code), v);
        }}
      />
      {selectable && list.selectedIds.length > 0 && (
        <Alert
          className="selection-bar"
          type="info"
          showIcon
          message={
            <span>
              已选择 <b>{list.selectedIds.length}</b> 项 <a onClick={() => list.setSelection({})}>清空</a>
            </span>
          }
        />
      )}
      {doc.list?.view === 'card' && doc.list.card ? (
        <CardGrid doc={doc} records={list.data.records} loading={list.loading} actionsOf={rowActionsOf} />
      ) : (
        <DataTable
          columns={rowActions.length || doc.list?.operations?.length || doc.entity.rules?.transitions ? [...columns, actionColumn] : columns}
          data={list.data.records}
          loading={list.loading}
          sorting={list.sorting}
          onSortingChange={list.setSorting}
          selection={selectable ? list.selection : undefined}
          onSelectionChange={selectable ? list.setSelection : undefined}
          visibility={visibility}
          treeParentField={doc.list?.tree?.parentField}
        />
      )}
      <Pagination
        className="list-pagination"
        current={current}
        pageSize={size}
        total={total}
        showQuickJumper
        showSizeChanger
        pageSizeOptions={PAGE_SIZES.map(String)}
        showTotal={(t, range) => (list.loaded ? `${range[0]}-${range[1]} 共${list.data.estimated ? '约' : ''}${t}条` : '')}
        onChange={(page, pageSize) => list.setPage({ current: pageSize !== size ? 1 : page, size: pageSize })}
      />
      {editing && (
        <RecordFormModal
          doc={doc}
          mode={editing.mode}
          recordId={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {viewing && <DetailView doc={doc} recordId={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}

const stringify = (params: Record<string, unknown>) => Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
