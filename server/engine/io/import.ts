import { AUDIT_NAMES } from '../../../src/core/schema/audit-fields.ts';
import type { FieldDef } from '../../../src/core/schema/types.generated.ts';
import { ApiError, badRequest } from '../../http/envelope.ts';
import { exportColumns, type Sheet } from './excel.ts';
import type { EntityModel } from '../schema/model.ts';
import { type CheckContext, referable } from '../write/record-checks.ts';
import { RecordInvalid, type RecordWriter } from '../write/writer.ts';

/*
 * An imported sheet → records, all or nothing. Headers are matched to fields by list column title, field
 * label or field name; cells hold what the export wrote (dictionary texts, referenced records' labels),
 * which are turned back into codes and ids. Every row goes through the same checks and hooks as an add
 * (rich text sanitised, bad text refused); the after-hooks (limits, roll-ups, data log) run once for the
 * whole sheet. If any row fails, the caller's transaction is rolled back and every failing row is reported.
 */

export interface RowError {
  row: number;
  messages: string[];
}

/** Header → field name, or null for columns that are recognised but never imported (audit, read-only). */
export function mapHeaders(model: EntityModel, headers: string[]): (string | null)[] {
  const byTitle = new Map<string, string>();
  for (const f of model.fields) byTitle.set(f.name, f.name);
  for (const f of model.fields) byTitle.set(f.label, f.name);
  for (const c of exportColumns(model)) byTitle.set(c.title, c.name);
  const unknown: string[] = [];
  const mapped = headers.map((h) => {
    if (h === '') return null;
    const name = byTitle.get(h) ?? (model.columns.has(h) ? h : undefined) ?? [...model.columns.values()].find((f) => f.label === h)?.name;
    if (!name) unknown.push(h);
    if (!name || AUDIT_NAMES.has(name) || model.field.get(name)?.readOnly) return null;
    return name;
  });
  if (unknown.length) throw badRequest(`导入失败，无法识别的列: ${unknown.map((h) => h.slice(0, 30)).join('、')}`);
  return mapped;
}

class CellDecoder {
  private readonly refCache = new Map<string, Map<string, string[]>>();

  constructor(private readonly ctx: CheckContext) {}

  /** A referenced record's label → its id; a cell that is no label is kept (it may be the id itself). */
  private async refId(f: FieldDef, text: string): Promise<string> {
    const ref = f.ref!;
    let labels = this.refCache.get(f.name);
    if (!labels) {
      const target = this.ctx.registry.get(ref.entity);
      // Labels of the rows a reference may point at (the user's tenants'), so another tenant's equal name neither matches nor makes a label ambiguous.
      const rows = ref.label
        ? await referable(this.ctx, target)
            .select(['id', `${ref.label} as label`])
            .execute()
        : [];
      labels = new Map<string, string[]>();
      for (const r of rows) labels.set(String(r.label), [...(labels.get(String(r.label)) ?? []), String(r.id)]);
      this.refCache.set(f.name, labels);
    }
    const ids = labels.get(text) ?? [];
    if (ids.length > 1) throw new RecordInvalid([{ field: f.name, message: `${f.label}“${text.slice(0, 50)}”不唯一，请填写ID` }]);
    return ids[0] ?? text;
  }

  async decode(f: FieldDef, value: unknown): Promise<unknown> {
    if (value === null) return null;
    if (f.dict) {
      const items = this.ctx.dicts[f.dict] ?? [];
      return String(value)
        .split(',')
        .map((part) => items.find((o) => o.text === part.trim())?.value ?? part.trim())
        .join(',');
    }
    if (f.ref) return this.refId(f, String(value));
    if (f.type === 'date' && typeof value === 'string') return value.replace(/ 00:00:00$/, '');
    if (f.type === 'boolean' && (value === '是' || value === '否')) return value === '是';
    return value;
  }
}

const messagesOf = (error: unknown): string[] | undefined => {
  if (error instanceof RecordInvalid) return error.errors.map((e) => e.message);
  if (error instanceof ApiError && error.status < 500) return [error.message];
  return undefined;
};

/** Adds every row through the writer; throws the 400 with the per-row report when any row fails. */
export async function importRows(writer: RecordWriter, model: EntityModel, sheet: Sheet, ctx: CheckContext): Promise<number> {
  const names = mapHeaders(model, sheet.headers);
  const decoder = new CellDecoder(ctx);
  const errors: RowError[] = [];
  await writer.batch(async () => {
    for (const { row, cells } of sheet.rows) {
      try {
        const values: Record<string, unknown> = {};
        for (const [i, name] of names.entries()) if (name) values[name] = await decoder.decode(model.field.get(name)!, cells[i]);
        await writer.add(model, { values, batches: new Map() }, 'import');
      } catch (error) {
        const messages = messagesOf(error);
        if (!messages) throw error;
        errors.push({ row, messages });
      }
    }
    if (errors.length) throw new ApiError(400, `导入失败，共${errors.length}行有误`, { errors });
  });
  return sheet.rows.length;
}
