import { Descriptions, Drawer, Spin } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { formatMoney } from '../../helpers/format.ts';
import { type DataRecord, entityApi } from '../../schema/api.ts';
import type { FieldDef, SchemaDocument } from '../../../core/schema/types.generated.ts';
import { LAYOUT_TYPES, widgets } from '../../../core/schema/walk.ts';
import { sanitizeHtml } from '../../../widgets/html/sanitize.ts';
import { UserNames } from '../../../widgets/user/UserNames.tsx';
import { renderCell } from '../list/cells.tsx';
import { ChildList } from './ChildList.tsx';
import { DataDiff } from './DataDiff.tsx';

export const MAX_DETAIL_COLUMNS = 4;

/** The fields the detail shows: detail.fields, else the form's models in form order, else every field. */
export function detailFields(doc: SchemaDocument): FieldDef[] {
  const byName = new Map(doc.entity.fields.map((f) => [f.name, f]));
  const names = doc.detail?.fields ?? [...widgets(doc.form?.list)].filter((w) => !LAYOUT_TYPES.has(w.type) && w.type !== 'batch' && w.model).map((w) => w.model!);
  const picked = (names.length ? names : doc.entity.fields.map((f) => f.name)).map((n) => byName.get(n)).filter((f): f is FieldDef => !!f);
  // Read-only roll-ups and generated codes are not in the form but belong in the detail.
  const extra = doc.entity.fields.filter((f) => (f.readOnly || f.generated) && !picked.includes(f));
  return [...extra, ...picked];
}

function valueText(field: FieldDef, record: DataRecord): string {
  const text = record[`${field.name}_dictText`];
  if (text !== undefined && text !== null) return String(text);
  const raw = record[field.name];
  if (raw === null || raw === undefined) return '';
  return field.type === 'decimal' ? formatMoney(raw) : String(raw);
}

/**
 * A field as the detail shows it: pictures of an image upload as thumbnails, a user picker's users by name,
 * rich text (sanitize: html) formatted, cleaned again by the html widget's allow-list (rows written by server code skip the input
 * sanitiser), anything else as text.
 */
function valueNode(field: FieldDef, record: DataRecord, widgetType: string | undefined): ReactNode {
  if (widgetType === 'uploadImg') return renderCell({ dataIndex: field.name, title: field.label, render: 'image' }, record);
  // A user picker stores usernames; the detail names the people.
  if (widgetType === 'user') return <UserNames value={record[field.name]} />;
  const raw = record[field.name];
  if (field.sanitize === 'html' && typeof raw === 'string') return <div className="detail-rich-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(raw) }} />;
  return valueText(field, record);
}

/** The read-only view of one record (at most 4 columns) and the related lists under it. */
export function DetailView({ doc, recordId, onClose }: { doc: SchemaDocument; recordId: string; onClose: () => void }) {
  const [record, setRecord] = useState<DataRecord | null>(null);
  const fields = useMemo(() => detailFields(doc), [doc]);
  const widgetTypes = useMemo(() => new Map([...widgets(doc.form?.list)].filter((w) => w.model).map((w) => [w.model!, w.type])), [doc]);
  useEffect(() => {
    entityApi(doc.code).queryById(recordId).then(setRecord, onClose);
  }, [doc.code, recordId, onClose]);
  const columns = Math.min(doc.detail?.columns ?? 2, MAX_DETAIL_COLUMNS);
  return (
    <Drawer open title="详情" width={Math.min(1000, 360 * columns)} onClose={onClose} destroyOnClose>
      <Spin spinning={!record}>
        {record && (
          <Descriptions bordered size="small" column={columns} data-testid="detail-view">
            {fields.map((f) => (
              <Descriptions.Item key={f.name} label={f.label}>
                {valueNode(f, record, widgetTypes.get(f.name))}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
        {record && doc.detail?.diff && <DataDiff before={record[doc.detail.diff.before]} after={record[doc.detail.diff.after]} />}
        {record && doc.detail?.children?.map((c) => <ChildList key={c.entity} code={c.entity} field={c.field} parentId={recordId} title={c.title} />)}
      </Spin>
    </Drawer>
  );
}
