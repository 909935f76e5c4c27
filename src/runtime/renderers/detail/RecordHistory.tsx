import { Empty, Spin, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import type { SchemaDocument } from '../../../core/schema/types.generated.ts';
import { AUDIT_PROPERTY_NAMES } from '../../../core/schema/audit-fields.ts';
import type { DictOption } from '../../../core/api-types.ts';
import { dictText } from '../../dict/dictionaries.ts';
import { type RecordVersion, recordVersions } from '../../schema/api.ts';
import { statusFieldOf, useFieldOptions } from './status.ts';

/*
 * 操作记录 of a record page: its versions from the data log (GET /system/data_log/queryDataVerList),
 * newest first, each saying who did what and which fields changed. The server answers only users who
 * may read the data log and only for records they may see; for others the tab is not offered.
 */

const asObject = (value: unknown): Record<string, unknown> => {
  if (typeof value === 'string') {
    try {
      return asObject(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};

/** The labels of the declared fields whose values differ between two versions (audit columns left out). */
export function changedLabels(doc: SchemaDocument, before: unknown, after: unknown): string[] {
  const a = asObject(before);
  const b = asObject(after);
  return doc.entity.fields
    .filter((f) => !AUDIT_PROPERTY_NAMES.has(f.name) && JSON.stringify(a[f.name] ?? null) !== JSON.stringify(b[f.name] ?? null))
    .map((f) => f.label);
}

/** The record's versions, or null while loading, or undefined when the user may not read them. */
export function useRecordVersions(doc: SchemaDocument, recordId: string, version: number): RecordVersion[] | null | undefined {
  const [versions, setVersions] = useState<RecordVersion[] | null | undefined>(null);
  useEffect(() => {
    if (!doc.detail?.history) return setVersions(undefined);
    let live = true;
    recordVersions(doc.entity.table, recordId).then(
      (result) => live && setVersions(result),
      () => live && setVersions(undefined),
    );
    return () => {
      live = false;
    };
  }, [doc, recordId, version]);
  return versions;
}

/** A move of the record's status, as its dictionary reads it (待审核 → 已通过), or null when the version left it alone. */
function statusMove(field: string | undefined, v: RecordVersion, options: readonly DictOption[]): string | null {
  if (!field || v.action !== 'edit') return null;
  const [from, to] = [asObject(v.dataBefore)[field], asObject(v.dataAfter)[field]];
  return String(from ?? '') === String(to ?? '') ? null : `${dictText(options, from) || '空'} → ${dictText(options, to) || '空'}`;
}

export function RecordHistory({ doc, versions }: { doc: SchemaDocument; versions: RecordVersion[] | null }) {
  const status = statusFieldOf(doc);
  const options = useFieldOptions(doc, status);
  if (!versions) return <Spin />;
  if (!versions.length) return <Empty description="暂无操作记录" />;
  return (
    <Timeline
      className="record-history"
      items={versions.map((v) => {
        const changed = v.action === 'edit' ? changedLabels(doc, v.dataBefore, v.dataAfter) : [];
        const moved = statusMove(status, v, options);
        return {
          color: v.action === 'delete' ? 'red' : v.action === 'add' ? 'green' : 'blue',
          children: (
            <div data-testid="history-item">
              <b>{v.action_dictText ?? v.action}</b> · {v.createBy} · {v.createTime}
              {moved && <div className="record-history-move">状态：{moved}</div>}
              {changed.length > 0 && <div className="record-history-fields">修改了：{changed.join('、')}</div>}
            </div>
          ),
        };
      })}
    />
  );
}
