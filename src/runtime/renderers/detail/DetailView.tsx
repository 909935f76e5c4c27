import { PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Grid, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { type DataRecord, entityApi } from '../../schema/api.ts';
import type { FieldDef, SchemaDocument, WidgetItem } from '../../../core/schema/types.generated.ts';
import { LAYOUT_TYPES, widgets, widgetsByModel } from '../../../core/schema/walk.ts';
import { detailTitle } from '../../schema/names.ts';
import { ReadableValue, useIsWide } from './ReadableValue.tsx';
import { detailSections, drawerWidth, gridColumns, RECORD_FIELDS, RECORD_SECTION, spansOf } from './sections.ts';
import { withWidgetKit } from '../../widgets/WidgetKitBoundary.tsx';
import { ChildList } from './ChildList.tsx';
import { DataDiff } from './DataDiff.tsx';
import './detail.css';

/** createBy and updateBy hold usernames: they read as a user picker's value does (real names). */
const AUDIT_USER: WidgetItem = { key: 'audit_user', type: 'user' };

/** The fields the detail shows: detail.fields, else the form's models in form order, else every field. */
export function detailFields(doc: SchemaDocument): FieldDef[] {
  const byName = new Map(doc.entity.fields.map((f) => [f.name, f]));
  // A password is never read back: the detail has nothing to show for it.
  const names =
    doc.detail?.fields ??
    [...widgets(doc.form?.list)].filter((w) => !LAYOUT_TYPES.has(w.type) && w.type !== 'batch' && w.type !== 'password' && w.model).map((w) => w.model!);
  const picked = (names.length ? names : doc.entity.fields.map((f) => f.name)).map((n) => byName.get(n)).filter((f): f is FieldDef => !!f);
  // Read-only roll-ups and generated codes are not in the form but belong in the detail.
  const extra = doc.entity.fields.filter((f) => (f.readOnly || f.generated) && !picked.includes(f));
  return [...extra, ...picked].filter((f) => !f.secret);
}

/**
 * isPrint (form config): while a printable detail is open, printing the page prints the detail alone
 * (detail.css hides the rest under body.print-detail), as a form on paper.
 */
export function usePrintOnly(printable: boolean) {
  useEffect(() => {
    if (!printable) return;
    document.body.classList.add('print-detail');
    return () => document.body.classList.remove('print-detail');
  }, [printable]);
}

export const PrintButton = () => (
  <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="detail-print">
    打印
  </Button>
);

/** One record, loaded by id, with a reload and the number of reloads; a failed load calls onFailed (the shared client has shown why). */
export function useRecord(code: string, recordId: string, onFailed: () => void): [DataRecord | null, () => void, number] {
  const [record, setRecord] = useState<DataRecord | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    entityApi(code).queryById(recordId).then(setRecord, onFailed);
  }, [code, recordId, onFailed, version]);
  return [record, () => setVersion((v) => v + 1), version];
}

/** The read-only view of one record: titled description grids (at most 4 columns) and the related lists under it. */
export const DetailView = withWidgetKit(DetailViewBody);

function DetailViewBody({ doc, recordId, onClose }: { doc: SchemaDocument; recordId: string; onClose: () => void }) {
  const [record] = useRecord(doc.code, recordId, onClose);
  const printable = !!doc.form?.config?.isPrint;
  usePrintOnly(printable);
  return (
    <Drawer
      open
      title={detailTitle(doc)}
      width={drawerWidth(doc, window.innerWidth)}
      onClose={onClose}
      destroyOnHidden
      className="detail-drawer"
      extra={printable && record ? <PrintButton /> : undefined}
    >
      <Spin spinning={!record}>{record && <DetailBody doc={doc} record={record} recordId={recordId} />}</Spin>
    </Drawer>
  );
}

/** A record's sections, its change diff and its related lists: the drawer's content and the record page's 详情 tab. */
export function DetailBody({ doc, record, recordId }: { doc: SchemaDocument; record: DataRecord; recordId: string }) {
  const fields = useMemo(() => detailFields(doc), [doc]);
  const sections = useMemo(() => detailSections(doc, fields), [doc, fields]);
  const widgetOf = useMemo(() => widgetsByModel(doc.form?.list), [doc]);
  const column = gridColumns(doc, Grid.useBreakpoint());
  const isWide = useIsWide();
  const wide = (f: FieldDef) => isWide(f, widgetOf.get(f.name));
  const audit = RECORD_FIELDS.filter((f) => record[f.name] !== undefined && record[f.name] !== null && record[f.name] !== '');
  const shown = [...sections, ...(audit.length ? [{ title: RECORD_SECTION, fields: audit }] : [])];
  return (
    <>
      <div data-testid="detail-view">
        {shown.map((section) => (
          <Descriptions
            key={section.title}
            className="detail-section"
            title={shown.length > 1 ? section.title : undefined}
            bordered
            size="small"
            column={column}
            styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}
          >
            {spansOf(section.fields, wide, column).map(({ field: f, span }) => (
              <Descriptions.Item key={f.name} label={f.label} span={span}>
                <span data-field={f.name}>
                  <ReadableValue
                    field={f}
                    widget={section.title === RECORD_SECTION && f.name.endsWith('By') ? AUDIT_USER : widgetOf.get(f.name)}
                    record={record}
                  />
                </span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        ))}
      </div>
      {doc.detail?.diff && <DataDiff before={record[doc.detail.diff.before]} after={record[doc.detail.diff.after]} />}
      {doc.detail?.children?.map((c) => (
        <ChildList key={c.entity} code={c.entity} field={c.field} parentId={recordId} title={c.title} />
      ))}
    </>
  );
}
