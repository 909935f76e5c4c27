import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection, DatabaseIntrospector, Dialect, DialectAdapter, Driver, Kysely, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';

/*
 * Round trips to the database, counted per request: every statement, and the transaction control
 * (begin, commit, rollback) that Kysely sends outside its query log. The count is the budget's measure
 * (a list request sends at most 3 in steady state); `npm run bench` and the API tests read it from the
 * x-db-round-trips header, which the server adds when config.countRoundTrips is on.
 */

interface Tally {
  count: number;
}

const current = new AsyncLocalStorage<Tally>();

/** Runs `work` (a request) with its own round-trip count. */
export const countingRoundTrips = <T>(work: () => T): T => current.run({ count: 0 }, work);
/** The round trips of the request being served so far (0 outside one). */
export const roundTrips = (): number => current.getStore()?.count ?? 0;

const tick = () => {
  const tally = current.getStore();
  if (tally) tally.count += 1;
};

/** The table a statement writes, if it is an insert, update or delete (Kysely's and hand-written SQL alike). */
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i;
export const writtenTable = (sqlText: string): string | undefined => WRITE.exec(sqlText)?.[1];

/**
 * Who wants to hear of writes to which tables: the grant cache drops what it holds when users, roles,
 * grants, departments or tenants change, whichever code path wrote them.
 */
export class WriteWatch {
  private readonly watchers: { tables: ReadonlySet<string>; changed: (table: string) => void }[] = [];
  on(tables: ReadonlySet<string>, changed: (table: string) => void): void {
    this.watchers.push({ tables, changed });
  }
  seen(sqlText: string): void {
    if (!this.watchers.length) return;
    const table = writtenTable(sqlText);
    if (!table) return;
    for (const w of this.watchers) if (w.tables.has(table)) w.changed(table);
  }
}

class CountingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly watch: WriteWatch,
  ) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    tick();
    this.watch.seen(query.sql);
    return this.inner.executeQuery<R>(query);
  }
  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    tick();
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

const innerOf = (connection: DatabaseConnection) => (connection instanceof CountingConnection ? connection.inner : connection);

class CountingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly watch: WriteWatch,
  ) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new CountingConnection(await this.inner.acquireConnection(), this.watch);
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    tick();
    return this.inner.beginTransaction(innerOf(connection), settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    tick();
    return this.inner.commitTransaction(innerOf(connection));
  }
  rollbackTransaction(connection: DatabaseConnection) {
    tick();
    return this.inner.rollbackTransaction(innerOf(connection));
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** A dialect that counts the round trips of another and tells `watch` of its writes. */
export class CountingDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    readonly watch = new WriteWatch(),
  ) {}
  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }
  createDriver(): Driver {
    return new CountingDriver(this.inner.createDriver(), this.watch);
  }
  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
