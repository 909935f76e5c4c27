import { useEffect, useMemo, useState } from 'react';
import { type DataRecord, entityApi } from '../../schema/api.ts';
import { fetchDocument } from '../../schema/documents-api.ts';
import type { SchemaDocument } from '../../../core/schema/types.generated.ts';
import { useTableColumns } from '../list/columns.tsx';
import { DataTable } from '../list/DataTable.tsx';

const NO_LABELS = {};

/** A related list under a detail (master-detail): the child entity's rows pointing at this record. */
export function ChildList({ code, field, parentId, title }: { code: string; field: string; parentId: string; title: string }) {
  const [doc, setDoc] = useState<SchemaDocument | null>(null);
  const [rows, setRows] = useState<{ records: DataRecord[]; total: number } | null>(null);
  useEffect(() => {
    let live = true;
    fetchDocument(code).then(
      async (d) => {
        if (!live) return;
        setDoc(d);
        const page = await entityApi(code).list({ [field]: parentId, pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' });
        if (live) setRows(page);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [code, field, parentId]);
  const columnDefs = useMemo(() => (doc?.list?.columns ?? []).filter((c) => c.dataIndex !== field && !c.hidden), [doc, field]);
  const columns = useTableColumns(columnDefs, NO_LABELS, doc?.entity.fields);
  if (!doc?.list) return null;
  return (
    <div className="child-list">
      <h4>
        {title}（共{rows?.total ?? 0}条{rows && rows.total > rows.records.length ? `，显示最近${rows.records.length}条` : ''}）
      </h4>
      <DataTable columns={columns} data={rows?.records ?? []} loading={!rows} sorting={[]} onSortingChange={() => undefined} visibility={{}} />
    </div>
  );
}
