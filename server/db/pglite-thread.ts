import { AsyncLocalStorage } from 'node:async_hooks';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/*
 * The embedded database in a thread of its own (pglite-worker.mjs). PGlite runs PostgreSQL in WebAssembly
 * on the thread that calls it: in the server's thread a statement held the event loop while it ran, and
 * nothing could stop it (PGlite ignores statement_timeout: no signals, no timers). Here every statement is
 * posted to the worker and its rows posted back, so the server answers other work meanwhile, and a
 * statement run with a deadline (withStatementTimeout: the online reports' administrator-written SQL) that
 * overruns it is stopped by terminating the worker; the database is then opened again from its data
 * directory in a new worker (PostgreSQL's crash recovery replays the WAL: every committed write is there)
 * and the statements that were waiting run on it. The overrunning statement fails with PostgreSQL's own
 * query_canceled (57014), as statement_timeout makes it fail on a PostgreSQL server.
 *
 * An in-memory database (the tests) cannot be opened again once its thread is gone, so there an overrun
 * statement's caller is answered at its deadline with the same error while the statement runs on to its
 * end in the worker, and the statements after it wait for it.
 */

export type ParsedAs = 'number' | 'text';

export interface ThreadOptions {
  /** PGlite's data directory; absent: in memory. */
  dataDir?: string;
  /** An image() to start from (PGlite's loadDataDir) instead of initdb; its bytes are read faster than a Blob. */
  image?: Blob | Uint8Array;
  /** PostgreSQL's shared_buffers when not its 128MB: PGlite clears them on every open (half a second at 128MB). */
  sharedBuffers?: string;
  /** How values of these type oids reach JavaScript (the worker turns the names into PGlite parsers). */
  parsers: Record<number, ParsedAs>;
}

interface DbError {
  message: string;
  code?: string;
  [field: string]: unknown;
}

interface Reply {
  id: number;
  rows?: unknown[];
  affectedRows?: number;
  image?: ArrayBuffer;
  error?: DbError;
}

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
}

const deadline = new AsyncLocalStorage<number>();

/**
 * Runs `work` with every statement it sends limited to `ms` milliseconds on the embedded database (PostgreSQL's
 * statement_timeout, which PGlite ignores): one that overruns fails with code 57014. No effect on `pg`.
 */
export const withStatementTimeout = <T>(ms: number, work: () => Promise<T>): Promise<T> => deadline.run(ms, work);

const asError = (fields: DbError): Error => Object.assign(new Error(fields.message), fields);

const canceled = (ms: number) =>
  asError({ message: `canceling statement due to statement timeout (${ms} ms; the embedded database was stopped and opened again)`, code: '57014' });

interface Artifacts {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: ArrayBuffer;
}

let artifacts: Promise<Artifacts> | undefined;

/**
 * PGlite's WebAssembly compiled once per process and its file-system bundle read once: each worker (every
 * database opened, every reopen after a stop) is handed them instead of reading and compiling ~16 MB again.
 */
function loadArtifacts(): Promise<Artifacts> {
  artifacts ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, bundle] = await Promise.all(['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((f) => readFile(join(dist, f))));
    const fsBundle = bundle.buffer.slice(bundle.byteOffset, bundle.byteOffset + bundle.byteLength) as ArrayBuffer;
    return { pgliteWasmModule: await WebAssembly.compile(pglite), initdbWasmModule: await WebAssembly.compile(initdb), fsBundle };
  })();
  artifacts.catch(() => (artifacts = undefined));
  return artifacts;
}

/** The worker and what is waiting on it; opened again after a stop when it has a data directory. */
export class PGliteThread {
  /** The worker that serves, once it has opened the database (rejected when it could not, or when it died). */
  private ready!: Promise<Worker>;
  /** That worker while it lives. */
  private live: Worker | undefined;
  private readonly pending = new Map<number, Pending & { worker: Worker }>();
  private nextId = 1;
  private closed = false;
  private closing: Promise<void> | undefined;
  /** How many workers were lost (stopped at a deadline, or died): a transaction open on one is gone with it. */
  losses = 0;

  private constructor(private readonly opts: ThreadOptions) {}

  static async open(opts: ThreadOptions): Promise<PGliteThread> {
    const thread = new PGliteThread(opts);
    thread.ready = thread.spawn(opts.image);
    await thread.ready;
    return thread;
  }

  /** A new worker with the database open in it. */
  private async spawn(image?: Blob | Uint8Array): Promise<Worker> {
    // A copy handed over (transferred), never the caller's bytes (a Buffer's slice() would be a view of them);
    // bytes rather than a Blob: node's Blob gives them back in small chunks, a quarter second for an image.
    const buffer = image instanceof Uint8Array ? new Uint8Array(image).buffer : await image?.arrayBuffer();
    const { dataDir, parsers, sharedBuffers } = this.opts;
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, parsers, sharedBuffers, image: buffer, ...(await loadArtifacts()) },
      transferList: buffer ? [buffer] : [],
    });
    // Replies go to whoever waits for them; a worker that dies fails what waits on it, never leaves it hanging.
    worker.on('message', (reply: Reply) => {
      const waiting = reply.id === undefined ? undefined : this.pending.get(reply.id);
      if (!waiting || waiting.worker !== worker) return;
      this.pending.delete(reply.id);
      waiting.resolve(reply);
    });
    const lost = (why: string) => {
      const error = asError({ message: `嵌入式数据库线程已停止：${why}`, code: '57P01' });
      this.failAll(worker, error);
      if (this.live !== worker) return;
      // Died on its own (not stopped): what comes next is refused, or on a data directory opened again (current()).
      this.live = undefined;
      this.losses += 1;
      this.ready = Promise.reject(error);
      this.ready.catch(() => undefined);
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`退出码 ${code}`));
    let first: ((message: { ready?: boolean; failed?: DbError }) => void) | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        first = (message) => {
          if (message.failed) reject(asError(message.failed));
          else if (message.ready) resolve();
        };
        worker.on('message', first);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`嵌入式数据库线程启动失败（退出码 ${code}）`)));
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    } finally {
      worker.off('message', first!);
    }
    this.live = worker;
    return worker;
  }

  private failAll(worker: Worker, error: Error) {
    for (const [id, waiting] of [...this.pending]) {
      if (waiting.worker !== worker) continue;
      this.pending.delete(id);
      waiting.reject(error);
    }
  }

  /** The serving worker; after a failed reopen, one more try (a data directory only). */
  private async current(): Promise<Worker> {
    if (this.closed) throw new Error('嵌入式数据库已关闭');
    const ready = this.ready;
    try {
      return await ready;
    } catch (error) {
      if (!this.opts.dataDir || this.closed) throw error;
      if (this.ready === ready) this.ready = this.spawn();
      return await this.ready;
    }
  }

  private async send(message: Record<string, unknown>, timeoutMs?: number): Promise<Reply> {
    const worker = await this.current();
    const id = this.nextId++;
    const reply = new Promise<Reply>((resolve, reject) => this.pending.set(id, { resolve, reject, worker }));
    worker.postMessage({ ...message, id });
    if (timeoutMs === undefined) return this.answer(reply);
    let timer: NodeJS.Timeout | undefined;
    const overrun = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.pending.delete(id);
        if (this.opts.dataDir) this.stopAndReopen(worker);
        reject(canceled(timeoutMs));
      }, timeoutMs);
    });
    try {
      return await this.answer(Promise.race([reply, overrun]));
    } finally {
      clearTimeout(timer);
    }
  }

  private async answer(reply: Promise<Reply>): Promise<Reply> {
    const r = await reply;
    if (r.error) throw asError(r.error);
    return r;
  }

  /**
   * Ends the worker in the middle of its statement and opens the data directory again in a new one. The
   * statements sent meanwhile wait for the new worker (current() awaits `ready`); if it cannot open, they fail.
   */
  private stopAndReopen(old: Worker): void {
    if (this.closed) return;
    this.losses += 1;
    this.live = undefined;
    this.failAll(old, asError({ message: '嵌入式数据库因查询超时重新打开，语句未执行', code: '57P01' }));
    const reopened = (async () => {
      await old.terminate();
      return this.spawn();
    })();
    this.ready = reopened;
    // Whoever sends next hears of a failure (and tries again); this only keeps it from going unhandled.
    reopened.catch((error) => console.error(`嵌入式数据库重新打开失败: ${(error as Error).message}`));
  }

  async query(sqlText: string, params: readonly unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }> {
    const reply = await this.send({ op: 'query', sql: sqlText, params }, deadline.getStore());
    return { rows: reply.rows ?? [], affectedRows: reply.affectedRows };
  }

  /** The whole cluster as one file (PGlite's dumpDataDir, uncompressed). */
  async image(): Promise<Blob> {
    const reply = await this.send({ op: 'dump' });
    return new Blob([reply.image!]);
  }

  /** Closes the database (a checkpoint on a data directory) and ends the worker; one that does not answer in 10 s is ended anyway. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      let worker: Worker;
      try {
        worker = await this.current();
      } catch {
        this.closed = true;
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([this.send({ op: 'close' }), new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
      } finally {
        clearTimeout(timer);
        this.closed = true;
        this.live = undefined;
        await worker.terminate();
      }
    })();
    return this.closing;
  }
}

class ThreadConnection implements DatabaseConnection {
  /** The transaction this connection was in ended with a stopped worker: nothing more may run in it. */
  lostTransaction = false;
  inTransaction = false;
  constructor(private readonly thread: PGliteThread) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.lostTransaction) throw asError({ message: '当前事务已因查询超时中止', code: '25P02' });
    const lossesBefore = this.thread.losses;
    try {
      const result = await this.thread.query(query.sql, query.parameters);
      return {
        rows: result.rows as R[],
        ...(result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
      };
    } catch (error) {
      // The worker was stopped (or died) under this transaction: what it did is gone with it.
      if (this.inTransaction && this.thread.losses !== lossesBefore) this.lostTransaction = true;
      throw error;
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (!Number.isInteger(chunkSize) || !chunkSize || chunkSize <= 0) throw new Error('chunkSize must be a positive integer');
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

/** One connection, handed to one holder at a time in the order asked for (as kysely-pglite-dialect's driver). */
class ThreadDriver implements Driver {
  private connection: ThreadConnection | undefined;
  private readonly queue: ((connection: ThreadConnection) => void)[] = [];
  constructor(private readonly thread: PGliteThread) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.connection) return new Promise((resolve) => this.queue.push(resolve));
    this.connection = new ThreadConnection(this.thread);
    return this.connection;
  }

  async releaseConnection(connection: DatabaseConnection) {
    if (connection !== this.connection) throw new Error('Invalid connection');
    const next = this.queue.shift();
    if (next) next(this.connection);
    else this.connection = undefined;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const conn = connection as ThreadConnection;
    await conn.executeQuery(CompiledQuery.raw(settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin'));
    conn.inTransaction = true;
    conn.lostTransaction = false;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const conn = connection as ThreadConnection;
    try {
      await conn.executeQuery(CompiledQuery.raw('commit'));
    } finally {
      conn.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const conn = connection as ThreadConnection;
    // A transaction lost with its worker has nothing left to roll back (the new worker never saw it).
    if (conn.lostTransaction) {
      conn.lostTransaction = false;
      conn.inTransaction = false;
      return;
    }
    try {
      await conn.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      conn.inTransaction = false;
    }
  }

  async destroy() {
    await this.thread.close();
  }
}

/** A Kysely dialect over a PGliteThread: PostgreSQL's SQL, one serialized connection. */
export class PGliteThreadDialect implements Dialect {
  constructor(private readonly thread: PGliteThread) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new ThreadDriver(this.thread);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
