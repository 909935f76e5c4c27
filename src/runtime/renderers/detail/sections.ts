import { AUDIT_PROPERTIES } from '../../../core/schema/audit-fields.ts';
import type { FieldDef, SchemaDocument } from '../../../core/schema/types.generated.ts';

/*
 * How a detail lays its fields out: titled sections (detail.groups, else one 基本信息), each a
 * description grid of up to 4 columns (spec section 9), then 记录信息 (who made and changed the record,
 * and when) for records that carry it.
 */

export const MAX_DETAIL_COLUMNS = 4;
export const OTHER_SECTION = '其他信息';
export const BASIC_SECTION = '基本信息';

export interface Section {
  title: string;
  fields: FieldDef[];
}

/** The audit columns a person cares about, as fields of the 记录信息 section. */
export const RECORD_FIELDS: FieldDef[] = AUDIT_PROPERTIES.filter((f) => ['createBy', 'createTime', 'updateBy', 'updateTime'].includes(f.name));
export const RECORD_SECTION = '记录信息';

export function detailSections(doc: SchemaDocument, fields: FieldDef[]): Section[] {
  const groups = doc.detail?.groups;
  if (!groups?.length) return [{ title: BASIC_SECTION, fields }];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const placed = new Set<string>();
  const sections = groups.map((g) => ({
    title: g.title,
    fields: g.fields.flatMap((name) => {
      const f = byName.get(name) ?? doc.entity.fields.find((e) => e.name === name);
      if (!f || placed.has(name)) return [];
      placed.add(name);
      return [f];
    }),
  }));
  const rest = fields.filter((f) => !placed.has(f.name));
  return [...sections, ...(rest.length ? [{ title: OTHER_SECTION, fields: rest }] : [])].filter((s) => s.fields.length);
}

/**
 * The grid's columns at each screen width: the document's count (2 by default, at most 4) on wide
 * screens, fewer on narrow ones, so a value always has room.
 */
export function gridColumns(doc: SchemaDocument, screen: Partial<Record<'sm' | 'md' | 'lg' | 'xl' | 'xxl', boolean>>): number {
  const n = Math.min(doc.detail?.columns ?? 2, MAX_DETAIL_COLUMNS);
  if (screen.xxl) return n;
  if (screen.xl) return Math.min(n, 3);
  if (screen.md) return Math.min(n, 2);
  return 1;
}

/**
 * Each field's span in a grid of `columns`: long values (rich text, pictures) take a whole row of their
 * own, after the short ones, and the last short value of a row that a long one follows fills that row.
 */
export function spansOf<T>(fields: T[], wide: (f: T) => boolean, columns: number): { field: T; span: number }[] {
  const ordered = [...fields.filter((f) => !wide(f)), ...fields.filter(wide)];
  const out: { field: T; span: number }[] = [];
  let used = 0;
  ordered.forEach((field, i) => {
    if (wide(field)) {
      out.push({ field, span: columns });
      return;
    }
    const next = ordered[i + 1];
    const last = !next || wide(next);
    const span = last ? columns - used : 1;
    out.push({ field, span });
    used = (used + span) % columns;
  });
  return out;
}

/** The drawer's width for that many columns, never wider than the window leaves. */
export const drawerWidth = (doc: SchemaDocument, windowWidth: number) =>
  Math.min(windowWidth - 48, 200 + 300 * Math.min(doc.detail?.columns ?? 2, MAX_DETAIL_COLUMNS));
