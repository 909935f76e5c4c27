import { syncReportWall } from './schema/report-wall.ts';
import { type Kysely, sql } from 'kysely';
import { toSnake } from '../../src/core/schema/field-names.ts';
import type { Session } from '../auth/session.ts';
import type { DB } from '../db/schema.ts';
import { badRequest } from '../http/envelope.ts';
import { CacheStats } from '../monitor/cache-stats.ts';
import { nowText } from '../lib/time.ts';
import type { DictionaryService } from '../services/dictionaries.ts';
import type { PermissionService } from '../services/permissions.ts';
import { Access } from './scope/access.ts';
import { syncRollups } from './write/aggregates.ts';
import { syncChoiceCounts } from './read/choice-counts.ts';
import { syncReportSummaries } from './read/report-summaries.ts';
import { syncDictionaries, syncFillRules } from './schema/definitions.ts';
import { syncMenus } from './schema/menus.ts';
import type { EntityModel } from './schema/model.ts';
import { RecordReader } from './read/reader.ts';
import type { RowScope } from './scope/row-scope.ts';
import { loadRegistry, type Registry } from './schema/registry.ts';
import { syncTables } from './schema/table-sync.ts';
import { transitionPermissions } from './write/transitions.ts';
import { RecordWriter, type WriteContext } from './write/writer.ts';
import { checkRows, importRowByRow, importsPending, importsRowByRow, publishRows, writePending } from './io/import.ts';
import { dropLeftoverBatches } from './write/import-batch.ts';
import type { ExcelRun } from './io/excel-run.ts';
import type { Sheet } from './io/excel.ts';
import { hooksOf } from './write/hooks.ts';

/** pg_advisory_xact_lock key held while the documents are synced (processes starting together queue). */
const SYNC_LOCK = 7_345_003;
/** Writes to these tables change what the dictionary cache holds. */
const DICTIONARY_TABLES = new Set(['sys_dict', 'sys_dict_item']);

/**
 * The schema runtime of one server process: the documents in force, and the entry points the routes
 * use to read and write records under them.
 */
export class SchemaRuntime {
  private current: Registry | null = null;
  /** The documents in force, held in memory: each use is a hit, each load from sys_schema (start, a publication here or elsewhere) a miss. */
  readonly stats = new CacheStats('schemas', '表单定义（已发布）', () => this.current?.all().length ?? 0);
  readonly access: Access;
  /** Called with the tables a committed write touched (the job scheduler re-reads its jobs). */
  private readonly writeListeners: ((tables: Set<string>) => void)[] = [];
  /** Called after a publication changed the documents in force (the other processes are told). */
  private readonly publishListeners: (() => void)[] = [];

  constructor(
    private readonly db: Kysely<DB>,
    permissions: PermissionService,
    private readonly dictionaries: DictionaryService,
    /** schemas/ by default; tests may point elsewhere. */
    private readonly dir?: string,
    /**
     * Imports write pending batches in short transactions (the embedded database, whose one connection a long
     * transaction would hold, and whose data one process owns); on PostgreSQL they write in one transaction.
     */
    private readonly pendingImports = false,
  ) {
    this.access = new Access(db, permissions, () => this.registry);
  }

  get registry(): Registry {
    if (!this.current) throw new Error('schema runtime not started');
    this.stats.hit();
    return this.current;
  }

  /**
   * Loads and checks every document, then creates or evolves tables, dictionaries, fill rules and menus
   * in one transaction. On a bad document or an unsafe table change it throws a SchemaError and changes
   * nothing; the documents in force stay as they were (at start: the server does not start).
   */
  async reload(): Promise<Registry> {
    return this.reloadWith(async () => {}, false);
  }

  /** `listener` runs after every publication (reloadWith) that committed. */
  onPublished(listener: () => void): void {
    this.publishListeners.push(listener);
  }

  /**
   * Reload after `stage` has changed sys_schema (a designer publication) in the same transaction: when
   * a document is refused or a table change is unsafe, the staged rows roll back with everything else.
   */
  async reloadWith(stage: (trx: Kysely<DB>) => Promise<void>, published = true): Promise<Registry> {
    this.stats.miss();
    const registry = await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(SYNC_LOCK)})`.execute(trx);
      await stage(trx);
      const registry = await loadRegistry(trx, this.dir);
      await syncTables(trx, registry);
      await syncReportWall(trx);
      await syncRollups(trx, registry);
      await syncReportSummaries(trx, registry);
      await syncChoiceCounts(trx, registry);
      await syncDictionaries(trx, registry);
      await syncFillRules(trx, registry);
      await syncMenus(trx, registry);
      return registry;
    });
    this.current = registry;
    this.dictionaries.refresh();
    if (published) for (const listener of this.publishListeners) listener();
    return registry;
  }

  /** The model of a document code, or undefined. `entity` may be camelCase (sys/dictItem = sys/dict_item). */
  find(area: string, entity: string): EntityModel | undefined {
    return this.registry.find(`${area}/${toSnake(entity)}`);
  }

  /**
   * A select over the rows of document `code` this session may see (tenant, data rules, soft delete): for
   * routes that shape their own answer (trees, pickers) but must read what the reader would.
   */
  async scoped(session: Session, code: string, alias?: string) {
    return (await this.reader(session)).scoped(this.registry.get(code), alias);
  }

  async reader(session: Session): Promise<RecordReader> {
    const scopes = new Map<string, Promise<RowScope>>();
    return new RecordReader(
      this.db,
      this.registry,
      await this.dictionaries.allItems(),
      (model) => this.access.seesSensitive(session, model),
      (model) => {
        // One reader serves one request: each model's row scope is looked up once.
        let scope = scopes.get(model.code);
        if (!scope) scopes.set(model.code, (scope = this.access.scope(session, model)));
        return scope;
      },
    );
  }

  /**
   * Runs `work` with a writer inside one transaction. Everything a write consults outside its own
   * tables (dictionaries, the user's transition permissions) is read before the transaction begins.
   */
  onWrite(listener: (tables: Set<string>) => void): void {
    this.writeListeners.push(listener);
  }

  /**
   * `grant`: codes the write holds whatever the user's roles say, because the caller has already decided
   * (a workflow's end moving a status its approver does not hold the step permission for).
   */
  async write<T>(session: Session, model: EntityModel, work: (writer: RecordWriter) => Promise<T>, at = nowText(), grant: string[] = []): Promise<T> {
    return this.inTransaction(await this.writeContext(session, model, at, grant), work);
  }

  /** Everything a write consults outside its own tables, read before any transaction begins. */
  async writeContext(session: Session, model: EntityModel, at = nowText(), grant: string[] = []): Promise<WriteSettings> {
    if (model.doc.entity.readOnly) throw badRequest(`【${model.title}】是只读数据，不能修改`);
    const registry = this.registry;
    const involved = [model, ...model.batches.map((b) => registry.get(b.child))];
    const held = await this.access.heldOf(
      session,
      involved.flatMap((m) => [...transitionPermissions(m), ...hooksOf(m).flatMap((h) => h.permissions ?? [])]),
    );
    for (const code of grant) held.add(code);
    const dicts = await this.dictionaries.allItems();
    const tenants = await this.access.visibleTenants(session);
    const actor = { userId: session.user.id, username: session.user.username, orgCode: session.user.org_code, tenantId: session.tenantId, now: at };
    return { registry, dicts, actor, held, tenants };
  }

  /**
   * A writer that checks and prepares records without a transaction (an import's first phase, in short
   * statements between which other requests run); whatever it prepares is written by `inTransaction`.
   */
  checker(context: WriteSettings): RecordWriter {
    return new RecordWriter({ ...context, db: this.db, seen: new Map(), uniqueLater: true });
  }

  /**
   * Deletes the pending import batches a stopped process left (write/import-batch.ts); at start, once the
   * documents are synced, before any request.
   */
  async dropLeftoverImports(): Promise<number> {
    return dropLeftoverBatches(this.db, this.registry);
  }

  /**
   * An Excel sheet added as records, all or nothing: checked row by row outside any transaction, then
   * written (io/import.ts): in short transactions into a pending batch published in one short commit on the
   * embedded database, in one transaction on PostgreSQL. The run records its progress and may be cancelled.
   */
  async importSheet(session: Session, model: EntityModel, sheet: Sheet, run: ExcelRun): Promise<number> {
    const settings = await this.writeContext(session, model);
    return run.track(async () => {
      if (importsRowByRow(model)) return this.inTransaction(settings, (w) => importRowByRow(w, model, sheet, run));
      // Checked outside any transaction; only the writing holds one.
      const prepared = await checkRows(this.checker(settings), model, sheet, run);
      if (this.pendingImports && importsPending(model))
        return writePending(this.db, (importBatch, work) => this.inTransaction({ ...settings, importBatch }, work), model, prepared, run);
      return this.inTransaction(settings, (w) => publishRows(w, model, prepared, run));
    });
  }

  /** Runs `work` with a writer inside one transaction; caches of the tables it wrote are told afterwards. */
  async inTransaction<T>(context: WriteSettings, work: (writer: RecordWriter) => Promise<T>): Promise<T> {
    let touched = new Set<string>();
    try {
      return await this.db.transaction().execute(async (trx) => {
        const writer = new RecordWriter({ ...context, db: trx });
        const result = await work(writer);
        touched = writer.touched;
        return result;
      });
    } catch (error) {
      throw databaseRefusal(error) ?? error;
    } finally {
      if ([...touched].some((t) => DICTIONARY_TABLES.has(t))) this.dictionaries.refresh();
      if (touched.size) for (const listener of this.writeListeners) listener(touched);
    }
  }
}

/** A write's context but its connection: read once, used by the checking phase and the transaction. */
export type WriteSettings = Omit<WriteContext, 'db'>;

/** A constraint the checks could not see coming (a concurrent duplicate): a 400, not a 500. */
function databaseRefusal(error: unknown): Error | undefined {
  const code = (error as { code?: string })?.code;
  if (code === '23505') return badRequest('数据已存在，不能重复保存');
  if (code === '23503') return badRequest('关联的数据不存在或已被引用');
  return undefined;
}
