import type { Kysely } from 'kysely';
import { AUDIT_NAMES } from '../../../src/core/schema/audit-fields.ts';
import type { FieldDef } from '../../../src/core/schema/types.generated.ts';
import { ApiError, badRequest } from '../../http/envelope.ts';
import { exportColumns, type Sheet } from './excel.ts';
import type { EntityModel } from '../schema/model.ts';
import type { FieldError } from '../schema/record-schema.ts';
import { type CheckContext, duplicateError, referable, storedDuplicates, uniqueGroups, uniqueKey } from '../write/record-checks.ts';
import { type PreparedAdd, RecordInvalid, type RecordWriter } from '../write/writer.ts';
import type { ExcelRun } from './excel-run.ts';
import { nextTurn, yieldToRequests } from '../../lib/turn.ts';
import { CANCELLED } from '../../../src/core/api-types.ts';
import type { RowChange } from '../write/aggregates.ts';
import { ImportBatch } from '../write/import-batch.ts';

/*
 * An imported sheet → records, all or nothing, without one long transaction (on the embedded database a
 * transaction holds the only connection: a 10,000-row import written row by row in one stalled every other
 * request for its whole length). Headers are matched to fields by list column title, field label or field
 * name; cells hold what the export wrote (dictionary texts, referenced records' labels), which are turned
 * back into codes and ids. Every row goes through the same checks and hooks as an add (rich text sanitised,
 * bad text refused) in a first phase that writes nothing (checkRows); only a sheet without a failing row is
 * written: on the embedded database in short transactions into a pending batch that no reader sees, published in
 * one short commit (writePending), on PostgreSQL, where other requests use other connections meanwhile, in one
 * set-based transaction (publishRows). Every failing row is reported.
 */

export interface RowError {
  row: number;
  messages: string[];
}

/**
 * Header → field name (its column), or null for columns that are recognised but never imported (audit,
 * read-only). A header is the template's title, a field's label or its property (donorName), as a
 * record on the wire names it; a column's own name where it differs (donor_name) is not recognised, and
 * the refusal names the title to write instead.
 */
export function mapHeaders(model: EntityModel, headers: string[]): (string | null)[] {
  const byTitle = new Map<string, string>();
  for (const name of model.columns.keys()) byTitle.set(model.wire.wireName(name), name);
  for (const f of model.fields) byTitle.set(f.label, f.name);
  for (const c of exportColumns(model)) byTitle.set(c.title, c.name);
  const unknown: string[] = [];
  const mapped = headers.map((h) => {
    if (h === '') return null;
    const name = byTitle.get(h) ?? [...model.columns.values()].find((f) => f.label === h)?.name;
    if (!name) unknown.push(h);
    if (!name || AUDIT_NAMES.has(name) || model.field.get(name)?.readOnly) return null;
    return name;
  });
  if (unknown.length) throw badRequest(`导入失败，无法识别的列: ${unknown.map((h) => unknownHeader(model, h)).join('、')}`);
  return mapped;
}

/** An unrecognised header for the refusal; a column's name says the title the template uses for it (donor_name（应写作 捐赠人姓名）). */
function unknownHeader(model: EntityModel, header: string): string {
  const field = model.wire.property(header) !== undefined ? model.columns.get(header) : undefined;
  const title = field && (exportColumns(model).find((c) => c.name === field.name)?.title ?? field.label);
  return `${header.slice(0, 30)}${title ? `（应写作 ${title}）` : ''}`;
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
  if (error instanceof ApiError && error.status < 500 && error.message !== CANCELLED.import) return [error.message];
  return undefined;
};

/** Rows checked between two progress notes (and two turns of the event loop for other requests). */
const CHECK_CHUNK = 200;

/** The sheet's own repeats of a unique value: the database cannot see them before the rows are written. */
class SheetUniques {
  private readonly groups: string[][];
  private readonly seen: Set<string>[];

  constructor(private readonly model: EntityModel) {
    this.groups = uniqueGroups(model);
    this.seen = this.groups.map(() => new Set());
  }

  check(record: Record<string, unknown>): void {
    const errors: FieldError[] = [];
    for (const [i, columns] of this.groups.entries()) {
      const key = uniqueKey(columns, record);
      if (key === undefined) continue;
      if (this.seen[i].has(key)) errors.push(duplicateError(this.model, columns, record));
      else this.seen[i].add(key);
    }
    if (errors.length) throw new RecordInvalid(errors);
  }
}

/**
 * Decodes each row and hands its values to `handle`, collecting the refusals by sheet row; notes progress
 * and lets other requests run every CHECK_CHUNK rows.
 */
async function eachRow(
  model: EntityModel,
  sheet: Sheet,
  ctx: CheckContext,
  run: ExcelRun,
  handle: (values: Record<string, unknown>, row: number) => Promise<void>,
): Promise<RowError[]> {
  const names = mapHeaders(model, sheet.headers);
  const decoder = new CellDecoder(ctx);
  const errors: RowError[] = [];
  for (const [index, { row, cells }] of sheet.rows.entries()) {
    try {
      const values: Record<string, unknown> = {};
      for (const [i, name] of names.entries()) if (name) values[name] = await decoder.decode(model.field.get(name)!, cells[i]);
      await handle(values, row);
    } catch (error) {
      const messages = messagesOf(error);
      if (!messages) throw error;
      errors.push({ row, messages });
    }
    if ((index + 1) % CHECK_CHUNK === 0) {
      // The row-by-row import checks inside its transaction (ctx.db is it), the others outside any.
      await run.step('check', index + 1, undefined, ctx.db);
      await nextTurn();
    }
  }
  return errors;
}

const refusal = (errors: RowError[]) => new ApiError(400, `导入失败，共${errors.length}行有误`, { errors: errors.sort((a, b) => a.row - b.row) });

/**
 * A document whose rows are refused by totals over other rows (rules.limits: invoices within a donation's
 * amount) imports row by row in one transaction, so each refusal names its row, as before; such sheets are small.
 */
export const importsRowByRow = (model: EntityModel): boolean => !!model.doc.entity.rules?.limits?.length;

/** The row-by-row import (importsRowByRow), inside the caller's transaction. */
export async function importRowByRow(writer: RecordWriter, model: EntityModel, sheet: Sheet, run: ExcelRun): Promise<number> {
  await writer.batch(async () => {
    const errors = await eachRow(model, sheet, writer.ctx, run, async (values) => {
      await writer.add(model, { values, batches: new Map() }, 'import');
    });
    if (errors.length) throw refusal(errors);
    await run.commitIn(writer.ctx.db);
  });
  return sheet.rows.length;
}

/**
 * The first phase of an import: every row decoded and checked as an add would check it (hooks, validation,
 * uniqueness — against the table in one statement per chunk, and against the sheet's earlier rows —,
 * references), outside any transaction, in chunks between which other requests are served. Throws the 400
 * with the per-row report when any row fails; nothing is written either way.
 */
export async function checkRows(checker: RecordWriter, model: EntityModel, sheet: Sheet, run: ExcelRun): Promise<PreparedAdd[]> {
  const uniques = new SheetUniques(model);
  const prepared: PreparedAdd[] = [];
  /** The sheet row of each prepared record. */
  const rows: number[] = [];
  const errors = await eachRow(model, sheet, checker.ctx, run, async (values, row) => {
    const record = await checker.prepare(model, { values, batches: new Map() });
    uniques.check(record.clean);
    prepared.push(record);
    rows.push(row);
  });
  // Every imported row is the importing user's tenant's.
  const duplicates = await storedDuplicates(
    checker.ctx,
    model,
    prepared.map((p) => p.clean),
    checker.ctx.actor.tenantId,
  );
  for (const [i, found] of duplicates) errors.push({ row: rows[i], messages: found.map((e) => e.message) });
  if (errors.length) throw refusal(errors);
  await run.step('write', 0);
  return prepared;
}

/** The references of the checked rows checked again, one statement per field: rows may have gone since the first phase. */
async function recheckReferences(writer: RecordWriter, model: EntityModel, prepared: PreparedAdd[]): Promise<void> {
  for (const f of model.fields) {
    if (!f.ref) continue;
    const ids = [
      ...new Set(
        prepared
          .map((p) => p.clean[f.name])
          .filter((v) => v !== null && v !== undefined && v !== '')
          .map(String),
      ),
    ];
    const target = writer.ctx.registry.get(f.ref.entity);
    for (let start = 0; start < ids.length; start += 1000) {
      const chunk = ids.slice(start, start + 1000);
      const found = await referable(writer.ctx, target).select('id').where('id', 'in', chunk).execute();
      if (found.length < chunk.length) throw badRequest(`导入失败，${f.label}不存在（导入期间已被删除）`);
    }
  }
}

/**
 * The second phase on PostgreSQL: the checked rows written in the caller's (one) transaction, set-based —
 * multi-row inserts, codes taken at once, the after-hooks (roll-ups, summaries, data log) once for the sheet.
 */
export async function publishRows(writer: RecordWriter, model: EntityModel, prepared: PreparedAdd[], run: ExcelRun): Promise<number> {
  await recheckReferences(writer, model, prepared);
  await writer.batch(() => writer.insertPrepared(model, prepared, 'import'));
  await run.commitIn(writer.ctx.db);
  return prepared.length;
}

/**
 * Whether the document's rows may be written as a pending batch: rows that write nothing elsewhere as they are
 * added (an effect creates records in another table, visible at once) in a table the documents own (system
 * tables' hand-written hooks act per row). Others are written in one transaction.
 */
export const importsPending = (model: EntityModel): boolean => !model.system && !model.doc.entity.rules?.effects?.length;

/**
 * Rows per short transaction of a pending batch: with their data log, a few tens of milliseconds of the embedded
 * database's only connection, after which other requests' statements run.
 */
export const PENDING_CHUNK = 150;

/** At most this long (ms) a pending batch waits between two chunks while other requests are being answered. */
const PENDING_CHUNK_PAUSE = 50;

/** Runs `work` with a writer in a transaction of its own whose new rows belong to the pending batch `batch`. */
export type BatchTransaction = <T>(batch: string | undefined, work: (writer: RecordWriter) => Promise<T>) => Promise<T>;

/**
 * The second phase on the embedded database, where a transaction holds the only connection: the checked rows and
 * their data log written PENDING_CHUNK at a time, each chunk in a short transaction of its own into a pending
 * batch that no reader sees (write/import-batch.ts), other requests served in between and a cancel honoured; then
 * one short commit publishes the batch with the set-based after-hooks (roll-ups, derived statuses; the reports'
 * summaries went in with the chunks) once for the sheet, the references checked again. On any failure or cancel
 * the batch is dropped.
 */
export async function writePending(
  db: Kysely<any>,
  transaction: BatchTransaction,
  model: EntityModel,
  prepared: PreparedAdd[],
  run: ExcelRun,
): Promise<number> {
  const batch = new ImportBatch(model);
  try {
    await batch.open(db);
    const changes: RowChange[] = [];
    for (let start = 0; start < prepared.length; start += PENDING_CHUNK) {
      if (start) {
        await run.step('write', start);
        await yieldToRequests(PENDING_CHUNK_PAUSE);
      }
      const chunk = prepared.slice(start, start + PENDING_CHUNK);
      const written = await transaction(batch.id, async (writer) => {
        const done = await writer.pendingChunk(model, chunk);
        await batch.wrote(writer.ctx.db, done);
        return done;
      });
      changes.push(...written);
    }
    await yieldToRequests(PENDING_CHUNK_PAUSE);
    await transaction(undefined, async (writer) => {
      await batch.publish(writer.ctx.db);
      await recheckReferences(writer, model, prepared);
      await writer.publishChanges(model, changes);
      await run.commitIn(writer.ctx.db);
    });
  } catch (error) {
    await batch
      .drop(db)
      .catch((dropError) =>
        console.warn(
          `import batch ${batch.id} of ${model.table} not dropped (dropped at the next start): ${dropError instanceof Error ? dropError.message : dropError}`,
        ),
      );
    throw error;
  }
  batch.published();
  return prepared.length;
}
