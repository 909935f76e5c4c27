import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/*
 * Round trips to the database, counted per request: every statement, and the transaction control
 * (begin, commit, rollback) that Kysely sends outside its query log. The count is the budget's measure
 * (a list request sends at most 3 in steady state); `npm run bench` and the API tests read it from the
 * x-db-round-trips header, which the server adds when config.countRoundTrips is on. Every statement is
 * also timed here (performance.now around the driver's call), so the slow ones reach 监控中心's 慢语句.
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
    private readonly slow: StatementTimer,
  ) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    tick();
    this.watch.seen(query.sql);
    const started = performance.now();
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      // Only the text: the parameters (query.parameters) may hold passwords.
      this.slow.observe(query.sql, performance.now() - started);
    }
  }
  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    tick();
    return this.timed(query.sql, this.inner.streamQuery<R>(query, chunkSize));
  }
  /** A stream is timed from its first chunk asked for to its end (the reader's pauses between chunks included). */
  private async *timed<T>(sqlText: string, chunks: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
    const started = performance.now();
    try {
      yield* chunks;
    } finally {
      this.slow.observe(sqlText, performance.now() - started);
    }
  }
}

const innerOf = (connection: DatabaseConnection) => (connection instanceof CountingConnection ? connection.inner : connection);

class CountingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly watch: WriteWatch,
    private readonly slow: StatementTimer,
  ) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new CountingConnection(await this.inner.acquireConnection(), this.watch, this.slow);
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    tick();
    return this.timed('begin', () => this.inner.beginTransaction(innerOf(connection), settings));
  }
  commitTransaction(connection: DatabaseConnection) {
    tick();
    // A slow commit (a disk that syncs slowly, a lock) is a slow statement too.
    return this.timed('commit', () => this.inner.commitTransaction(innerOf(connection)));
  }
  rollbackTransaction(connection: DatabaseConnection) {
    tick();
    return this.timed('rollback', () => this.inner.rollbackTransaction(innerOf(connection)));
  }
  private async timed(sqlText: string, send: () => Promise<void>): Promise<void> {
    const started = performance.now();
    try {
      await send();
    } finally {
      this.slow.observe(sqlText, performance.now() - started);
    }
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** Who hears each statement's duration (the monitor's slow-statement log); the connection layer knows no more of it. */
export interface StatementTimer {
  observe(sqlText: string, ms: number): void;
}

const UNTIMED: StatementTimer = { observe: () => undefined };

/** A dialect that counts the round trips of another, tells `watch` of its writes and `slow` of every statement's time. */
export class CountingDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    readonly watch = new WriteWatch(),
    readonly slow: StatementTimer = UNTIMED,
  ) {}
  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }
  createDriver(): Driver {
    return new CountingDriver(this.inner.createDriver(), this.watch, this.slow);
  }
  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
