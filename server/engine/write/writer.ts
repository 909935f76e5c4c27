import type { Kysely } from 'kysely';
import { propertyOf } from '../../../src/core/schema/field-names.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../http/envelope.ts';
import { newId } from '../../lib/ids.ts';
import { nextTurn } from '../../lib/turn.ts';
import type { RowChange } from './aggregates.ts';
import { compareCheckErrors } from './compare-checks.ts';
import { conditionalRequiredErrors } from './conditional-required.ts';
import { type Actor, type LogAction, writeDataLogs } from './data-log.ts';
import { declaredHooks } from './declared-hooks.ts';
import { applyEffects } from './effects.ts';
import { type HookContext, hooksOf, setDeclaredHooks } from './hooks.ts';
import { loadRule, nextCodes } from './fill-rules.ts';
import { isMaskedOf } from '../read/masking.ts';
import { applySummaries } from '../read/report-summaries.ts';
import { IMPORT_BATCH } from '../read/pending-rows.ts';
import { type BatchSlot, type EntityModel, readColumns } from '../schema/model.ts';
import { fieldCheckErrors } from './field-checks.ts';
import { type CheckContext, type Dicts, dataErrors, dictErrors } from './record-checks.ts';
import { type Input, readInput, withDefaults } from './record-input.ts';
import { type FieldError, inFormOrder, validateRecord } from '../schema/record-schema.ts';
import type { Registry } from '../schema/registry.ts';
import { encryptSecrets, keepStoredSecrets, withoutSecrets } from './secret-fields.ts';
import { findStep, refusedMove } from './transitions.ts';

setDeclaredHooks(declaredHooks);

/*
 * Add, edit and delete of one record: its document's hooks (hooks.ts: the ones its declarations make, then
 * hand-written ones), validation and data checks, generated codes, audit columns, sub-table rows and the
 * data log. A writer works inside one transaction (the caller's); whatever it throws rolls all of it back.
 * Inside `batch` (imports) the after-hooks and the data log run once per document for all rows written.
 */

/** A record refused by validation: one message per field, joined for the envelope. */
export class RecordInvalid extends ApiError {
  constructor(readonly errors: FieldError[]) {
    super(400, errors.map((e) => e.message).join('；'), { errors });
  }
}

/** A record's refusal as the API answers it: each failing field named by its property (donorName), as the request named it. */
const invalid = (model: EntityModel, errors: FieldError[]) => new RecordInvalid(errors.map((e) => ({ ...e, field: model.wire.wireName(e.field) })));

export interface WriteContext {
  db: Kysely<any>;
  registry: Registry;
  dicts: Dicts;
  actor: Actor;
  /** Transition permissions the user holds (checked before the transaction). */
  held: Set<string>;
  /** The tenants whose rows the user sees (the scoped reader's wall): references may point only there. */
  tenants?: number[];
  /** See CheckContext: set for a checking writer only. */
  seen?: CheckContext['seen'];
  uniqueLater?: boolean;
  /** The pending import batch the rows this writer adds belong to (write/import-batch.ts): hidden until it publishes. */
  importBatch?: string;
}

export const NOT_FOUND = '未找到对应数据';

/** Rows per multi-row INSERT (PostgreSQL takes at most 65,535 bound values per statement). */
const INSERT_CHUNK = 500;

/** A record checked for adding and not yet written (RecordWriter.prepare). */
export interface PreparedAdd {
  id: string;
  clean: Record<string, unknown>;
  virtual: Record<string, unknown>;
  batches: Map<string, unknown[]>;
}

export class RecordWriter {
  /** Tables written, so callers can drop caches (dictionaries) once the transaction has committed. */
  readonly touched = new Set<string>();

  /** Changes waiting for their after-hooks while a batch runs. */
  private pending: { model: EntityModel; action: LogAction; changes: RowChange[] }[] | null = null;

  constructor(readonly ctx: WriteContext) {}

  private get hookContext(): HookContext {
    return this.ctx;
  }

  /**
   * Runs `work` with the after-hooks and the data log deferred, then runs them once per document and
   * action over every row written: an import of 10,000 rows makes one roll-up pass, not 10,000.
   */
  async batch<T>(work: () => Promise<T>): Promise<T> {
    if (this.pending) return work();
    this.pending = [];
    let result: T;
    try {
      result = await work();
    } catch (error) {
      this.pending = null;
      throw error;
    }
    const pending = this.pending;
    this.pending = null;
    for (const { model, action, changes } of pending) await this.afterHooks(model, action, changes);
    return result;
  }

  /**
   * One chunk of a pending import batch (ctx.importBatch): the rows and their data log written now, marked with
   * the batch and so hidden until it publishes; the set-based after-hooks are left for `publishChanges`, which
   * gets the changes returned here. Only for documents whose rows write nothing elsewhere (no effects, no sub-tables).
   */
  async pendingChunk(model: EntityModel, records: PreparedAdd[]): Promise<RowChange[]> {
    this.pending = [];
    let pending: NonNullable<typeof this.pending>;
    try {
      await this.insertPrepared(model, records, 'import');
    } finally {
      pending = this.pending;
      this.pending = null;
    }
    if (pending.some((p) => p.model !== model)) throw new Error(`${model.code}: a pending import wrote to another document`);
    const changes = pending.flatMap((p) => p.changes);
    await this.log(model, 'import', changes);
    // The reports' summaries too: a publish adding 10,000 rows' distinct-count cells took seconds. No report reads
    // them while the table may hold pending rows (reports.ts), and a drop takes the chunk's part out again.
    await applySummaries(this.ctx.db, model, changes);
    return changes;
  }

  /** A pending batch's publish: its after-hooks but the data log and summaries (kept with its chunks), once for all its rows. */
  async publishChanges(model: EntityModel, changes: RowChange[]): Promise<void> {
    this.touched.add(model.table);
    const context = { ...this.hookContext, summarised: true };
    for (const hooks of hooksOf(model)) await hooks.afterSave?.(model, changes, context);
  }

  /** The pending batch a new row belongs to, when this writer writes one. */
  private get batchMark(): Record<string, unknown> {
    return this.ctx.importBatch ? { [IMPORT_BATCH]: this.ctx.importBatch } : {};
  }

  private audit(model: EntityModel, kind: 'add' | 'edit'): Record<string, unknown> {
    const { actor } = this.ctx;
    const values: Record<string, unknown> =
      kind === 'add'
        ? { create_by: actor.username, create_time: actor.now, sys_org_code: actor.orgCode, tenant_id: actor.tenantId }
        : { update_by: actor.username, update_time: actor.now };
    return Object.fromEntries(Object.entries(values).filter(([name]) => model.audit.has(name)));
  }

  private async load(model: EntityModel, id: string, lock = false): Promise<Record<string, unknown>> {
    let query = this.ctx.db.selectFrom(model.table).select(readColumns(model)).where('id', '=', id);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  private async validate(model: EntityModel, record: Record<string, unknown>, before: Record<string, unknown> | undefined, changed: Set<string>, id: string) {
    const { record: clean, errors } = validateRecord(model, record);
    // A value outside its dictionary says more than the length or type it therefore also fails.
    const outside = dictErrors(model, record, changed, this.ctx.dicts);
    const required = conditionalRequiredErrors(model, record).filter((r) => !errors.some((e) => e.field === r.field));
    const problems = inFormOrder(model, [...errors.filter((e) => !outside.some((d) => d.field === e.field)), ...outside, ...required]);
    if (problems.length) throw invalid(model, problems);
    const checked = [...fieldCheckErrors(model, clean, changed), ...compareCheckErrors(model, clean)];
    if (checked.length) throw invalid(model, checked);
    const dataProblems = await dataErrors(this.ctx, model, clean, changed, id, before ? before.tenant_id : this.ctx.actor.tenantId);
    if (dataProblems.length) throw invalid(model, dataProblems);
    return clean;
  }

  private async finish(model: EntityModel, action: LogAction, change: RowChange, virtual: Record<string, unknown> = {}): Promise<void> {
    this.touched.add(model.table);
    for (const hooks of hooksOf(model)) await hooks.afterRow?.(model, change, this.hookContext, virtual);
    if (!this.pending) return this.afterHooks(model, action, [change]);
    const group = this.pending.find((p) => p.model === model && p.action === action);
    if (group) group.changes.push(change);
    else this.pending.push({ model, action, changes: [change] });
  }

  private async log(model: EntityModel, action: LogAction, changes: RowChange[]): Promise<void> {
    await writeDataLogs(
      this.ctx.db,
      model.table,
      action,
      changes.map((c) => withoutSecrets(model, c)),
      this.ctx.actor,
      this.ctx.importBatch,
    );
  }

  private async afterHooks(model: EntityModel, action: LogAction, changes: RowChange[]): Promise<void> {
    await this.log(model, action, changes);
    for (const hooks of hooksOf(model)) {
      if (action === 'delete') await hooks.afterDelete?.(model, changes, this.hookContext);
      else await hooks.afterSave?.(model, changes, this.hookContext);
    }
  }

  private async beforeValidate(
    model: EntityModel,
    kind: 'add' | 'edit',
    before: Record<string, unknown> | undefined,
    values: Record<string, unknown>,
    statusMove: boolean,
    virtual: Record<string, unknown>,
  ) {
    for (const hooks of hooksOf(model)) await hooks.beforeValidate?.({ model, kind, before, values, statusMove, virtual }, this.hookContext);
  }

  private async beforeSave(
    model: EntityModel,
    kind: 'add' | 'edit',
    id: string,
    before: Record<string, unknown> | undefined,
    record: Record<string, unknown>,
    changed: Set<string>,
    virtual: Record<string, unknown>,
  ) {
    for (const hooks of hooksOf(model)) await hooks.beforeSave?.({ model, kind, id, before, record, changed, virtual }, this.hookContext);
  }

  /** The id of a new record: generated, or the positive integer the user chose (entity.chosenId), when free. */
  private async newIdOf(model: EntityModel, given: string | undefined): Promise<string> {
    const chosen = model.doc.entity.chosenId;
    if (!chosen) return newId();
    if (!given || !/^[1-9]\d{0,9}$/.test(given) || Number(given) > 2_147_483_647) throw badRequest(`${chosen.label}必须是正整数`);
    if (await this.ctx.db.selectFrom(model.table).select('id').where('id', '=', Number(given)).executeTakeFirst()) throw badRequest(`该${chosen.label}已存在`);
    return given;
  }

  /**
   * The first half of an add, which writes nothing: the new id, the before-hooks and every check. An import
   * prepares all its rows this way outside any transaction, then inserts them together (`insertPrepared`).
   */
  async prepare(model: EntityModel, input: Input): Promise<PreparedAdd> {
    const id = await this.newIdOf(model, input.id);
    const values = { ...input.values };
    const virtual = input.virtual ?? {};
    await this.beforeValidate(model, 'add', undefined, values, false, virtual);
    const changed = new Set(model.field.keys());
    const clean = await this.validate(model, withDefaults(model, values), undefined, changed, id);
    await this.beforeSave(model, 'add', id, undefined, clean, changed, virtual);
    return { id, clean, virtual, batches: input.batches };
  }

  async add(model: EntityModel, input: Input, action: LogAction = 'add'): Promise<Record<string, unknown>> {
    const [after] = await this.insertPrepared(model, [await this.prepare(model, input)], action);
    return after;
  }

  /**
   * Writes prepared records: generated codes for all of them at once, multi-row inserts of at most
   * INSERT_CHUNK rows, then each record's sub-table rows, effects and after-row hooks. Returns the stored rows.
   */
  async insertPrepared(model: EntityModel, records: PreparedAdd[], action: LogAction = 'add'): Promise<Record<string, unknown>[]> {
    for (const f of model.fields) {
      const missing = records.filter((r) => r.clean[f.name] === null || r.clean[f.name] === undefined);
      if (!f.generated || !missing.length) continue;
      const codes = await nextCodes(this.ctx.db, await loadRule(this.ctx.db, f.generated.rule), this.ctx.actor.now, missing.length);
      missing.forEach((r, i) => (r.clean[f.name] = codes[i]));
    }
    const stored: Record<string, unknown>[] = [];
    for (let start = 0; start < records.length; start += INSERT_CHUNK) {
      if (start) await nextTurn();
      const chunk = records.slice(start, start + INSERT_CHUNK);
      const inserted = await this.ctx.db
        .insertInto(model.table)
        .values(chunk.map((r) => ({ id: r.id, ...this.audit(model, 'add'), ...encryptSecrets(model, r.clean), ...this.batchMark })))
        .returning(readColumns(model))
        .execute();
      let rows = new Map(inserted.map((row) => [String(row.id), row]));
      // Children and effects may change the rows just written (an effect stores the id it created): read them again.
      let changedSince = false;
      for (const r of chunk) {
        await this.writeChildren(model, r.id, r.batches, false);
        changedSince = (await this.link(model, r.id, undefined, r.clean)) || changedSince;
      }
      if (changedSince || chunk.some((r) => r.batches.size))
        rows = await this.loadAll(
          model,
          chunk.map((r) => r.id),
        );
      for (const r of chunk) {
        const after = rows.get(r.id)!;
        await this.finish(model, action, { after }, r.virtual);
        stored.push(after);
      }
    }
    return stored;
  }

  private async loadAll(model: EntityModel, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
    const rows = await this.ctx.db.selectFrom(model.table).select(readColumns(model)).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [String(row.id), row]));
  }

  async edit(model: EntityModel, input: Input, statusMove = false): Promise<Record<string, unknown>> {
    if (!input.id) throw badRequest('ID不能为空');
    const before = await this.load(model, input.id, true);
    const values = keepStoredSecrets(model, { ...input.values });
    const virtual = input.virtual ?? {};
    await this.beforeValidate(model, 'edit', before, values, statusMove, virtual);
    for (const f of model.fields) {
      // A masked value sent back unchanged (the user could not see the real one) keeps what is stored.
      if (f.mask && isMaskedOf(f.mask, values[f.name], before[f.name])) delete values[f.name];
    }
    const merged = Object.fromEntries(model.fields.map((f) => [f.name, f.name in values ? values[f.name] : before[f.name]]));
    const changed = new Set(Object.keys(values).filter((name) => String(values[name] ?? '') !== String(before[name] ?? '')));
    const clean = await this.validate(model, merged, before, changed, input.id);
    await this.beforeSave(model, 'edit', input.id, before, clean, changed, virtual);
    const set = encryptSecrets(model, Object.fromEntries(Object.keys(values).map((name) => [name, clean[name]])));
    await this.ctx.db
      .updateTable(model.table)
      .set({ ...set, ...this.audit(model, 'edit') })
      .where('id', '=', input.id)
      .execute();
    await this.writeChildren(model, input.id, input.batches, true);
    await this.link(model, input.id, before, clean);
    const after = await this.load(model, input.id);
    await this.finish(model, 'edit', { before, after }, virtual);
    return after;
  }

  async remove(model: EntityModel, id: string): Promise<void> {
    const before = await this.load(model, id, true);
    for (const hooks of hooksOf(model)) await hooks.beforeDelete?.({ model, id, before }, this.hookContext);
    // A soft delete keeps the sub-table rows, so that restoring the record brings them back.
    for (const child of model.doc.entity.softDelete ? [] : this.ctx.registry.childrenOf(model.code)) {
      const rows = await this.ctx.db.selectFrom(child.table).select('id').where(child.doc.entity.parent!.field, '=', id).orderBy('id').execute();
      for (const row of rows) await this.remove(child, String(row.id));
    }
    // A soft-deleting entity only flags the row (the recycle bin restores it or deletes it for good).
    const flag = model.doc.entity.softDelete;
    if (flag)
      await this.ctx.db
        .updateTable(model.table)
        .set({ [flag]: 1, ...this.audit(model, 'edit') })
        .where('id', '=', id)
        .execute();
    else await this.ctx.db.deleteFrom(model.table).where('id', '=', id).execute();
    await this.finish(model, 'delete', { before });
  }

  /**
   * One status move of the document's transition steps (a list's row action): the status, the step's
   * comment field and its stamps (审核人, 审核时间), written as an edit, so every rule of an edit applies.
   * A step without a permission of its own needs the edit permission (`canEdit`).
   */
  async transition(model: EntityModel, id: string, to: string, input: Record<string, unknown>, canEdit: boolean): Promise<Record<string, unknown>> {
    const rule = model.doc.entity.rules?.transitions;
    if (!rule) throw badRequest(`${model.title}没有状态操作`);
    const before = await this.load(model, id, true);
    const step = findStep(rule, before[rule.field], to);
    if (!step) throw refusedMove(model, this.ctx.dicts, rule.field, before[rule.field], to);
    if (!step.permission && !canEdit) throw forbidden(`没有权限，请联系管理员授权【${model.prefix}:edit】`);
    const values: Record<string, unknown> = { [rule.field]: to };
    if (step.comment) {
      const label = model.field.get(step.comment)?.label ?? step.comment;
      const text = input[step.comment] ?? input.comment;
      if (text !== undefined && text !== null && typeof text !== 'string') throw badRequest(`${label}格式不正确`);
      if (step.commentRequired && !text?.trim()) throw badRequest(`请填写${label}`);
      if (text !== undefined) values[step.comment] = text?.trim() || null;
    }
    for (const field of step.fields ?? []) {
      const value = input[field];
      if (value === undefined || value === null || value === '') throw badRequest(`请填写${model.field.get(field)?.label ?? field}`);
      values[field] = value;
    }
    const { username, now } = this.ctx.actor;
    for (const [field, kind] of Object.entries(step.stamp ?? {})) values[field] = kind === 'user' ? username : kind === 'now' ? now : now.slice(0, 10);
    return this.edit(model, { id, values, batches: new Map() }, true);
  }

  /**
   * The effects a write triggers (entity.rules.effects): the created or found records' ids stored on this one.
   * Answers whether that changed the record's row.
   */
  private async link(model: EntityModel, id: string, before: Record<string, unknown> | undefined, record: Record<string, unknown>): Promise<boolean> {
    const links = await applyEffects(this.ctx.db, this.ctx.registry, model, before, record, (target, values) =>
      this.add(target, { values, batches: new Map() }),
    );
    if (!Object.keys(links).length) return false;
    await this.ctx.db.updateTable(model.table).set(links).where('id', '=', id).execute();
    return true;
  }

  /** A form's sub-table rows: rows with a known id are edited, others added, missing ones deleted. */
  private async writeChildren(model: EntityModel, parentId: string, batches: Map<string, unknown[]>, editing: boolean): Promise<void> {
    for (const slot of model.batches) {
      const rows = batches.get(slot.model);
      if (!rows) continue;
      const child = this.ctx.registry.get(slot.child);
      const parentField = child.doc.entity.parent!.field;
      const existing = editing
        ? new Set((await this.ctx.db.selectFrom(child.table).select('id').where(parentField, '=', parentId).execute()).map((r) => String(r.id)))
        : new Set<string>();
      const inputs = rows.map((raw, i) => ({ i, input: inRow(slot, i, () => readInput(child, raw)) }));
      const kept = new Set(inputs.map(({ input }) => input.id).filter((id): id is string => !!id && existing.has(id)));
      // Rows left out go first, so a new row may take the value a removed one had.
      for (const id of existing) if (!kept.has(id)) await this.remove(child, id);
      for (const { i, input } of inputs) {
        input.values[parentField] = parentId;
        await inRowAsync(slot, i, () => (input.id && kept.has(input.id) ? this.edit(child, input) : this.add(child, { ...input, id: undefined })));
      }
    }
  }
}

/** A sub-table row's failure, with the table and row named in its message. */
function rowError(slot: BatchSlot, index: number, error: unknown): unknown {
  const where = `${slot.label}第${index + 1}行：`;
  if (error instanceof RecordInvalid)
    return new RecordInvalid(error.errors.map((e) => ({ field: `${propertyOf(slot.model)}.${index}.${e.field}`, message: `${where}${e.message}` })));
  if (error instanceof ApiError) return new ApiError(error.status, `${where}${error.message}`, error.result);
  return error;
}

function inRow<T>(slot: BatchSlot, index: number, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw rowError(slot, index, error);
  }
}

async function inRowAsync<T>(slot: BatchSlot, index: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw rowError(slot, index, error);
  }
}
