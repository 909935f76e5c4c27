import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';

/*
 * Change notices between the server processes that share one database: "the grants changed", "a
 * dictionary changed", "a form was published", "a job was paused". Every cache and schedule that one
 * process keeps from database rows listens to its topic and drops or re-reads what it holds.
 *
 * One process (the embedded database, which only one process may open): handlers run in-process.
 * PostgreSQL: NOTIFY on one channel that every process LISTENs to. The publishing process runs its own
 * handlers at once and ignores its echo. A listener that lost its connection may have missed notices,
 * so on reconnecting every handler is called with `{ resync: true }`: drop everything, re-read.
 */

export type NoticePayload = Record<string, unknown>;
export type NoticeHandler = (payload: NoticePayload) => void;

export interface Notices {
  /**
   * Tells every process, this one included, that `topic` changed. Call it after the change is committed
   * (a notice sent from inside a transaction that later rolls back would make others re-read for nothing,
   * which is harmless, but this process's handlers run at once and would re-read too early).
   */
  publish(topic: string, payload?: NoticePayload): Promise<void>;
  /** Runs `handler` for every notice of `topic`; answers a function that stops it. */
  on(topic: string, handler: NoticeHandler): () => void;
  close(): Promise<void>;
}

export const NOTICE_CHANNEL = 'hope_notice';
const RECONNECT_MS = 2000;
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7000;

export class LocalNotices implements Notices {
  protected readonly handlers = new Map<string, Set<NoticeHandler>>();

  async publish(topic: string, payload: NoticePayload = {}): Promise<void> {
    this.deliver(topic, payload);
  }

  on(topic: string, handler: NoticeHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  protected deliver(topic: string, payload: NoticePayload): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        console.warn(`notice handler for ${topic} failed:`, error);
      }
    }
  }

  /** After a lost connection: every topic's handlers drop what they hold. */
  protected resyncAll(): void {
    for (const topic of this.handlers.keys()) this.deliver(topic, { resync: true });
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}

interface Wire {
  topic: string;
  payload: NoticePayload;
  from: string;
}

type Log = { warn: (obj: unknown, msg?: string) => void };

export class PostgresNotices extends LocalNotices {
  /** This process's name on the channel, so that it can ignore its own echo. */
  readonly processId = randomUUID();
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private everConnected = false;

  constructor(
    private readonly db: Kysely<any>,
    private readonly url: string,
    private readonly log: Log = { warn: (obj, msg) => console.warn(msg ?? '', obj) },
  ) {
    super();
  }

  /** Opens the listening connection; a lost one is reopened after 2 s, and every cache resyncs. */
  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => n.channel === NOTICE_CHANNEL && n.payload && this.receive(n.payload));
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'notice listener lost');
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTICE_CHANNEL}`);
      this.client = client;
      if (this.everConnected) this.resyncAll();
      this.everConnected = true;
    } catch (error) {
      this.log.warn({ err: error }, 'notice listener could not connect');
      this.reconnectLater(client);
    }
  }

  get listening(): boolean {
    return !!this.client;
  }

  private reconnectLater(client: pg.Client) {
    if (this.client === client) this.client = null;
    client.end().catch(() => {});
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
    }, RECONNECT_MS);
  }

  private receive(text: string) {
    try {
      const wire = JSON.parse(text) as Wire;
      if (wire.from === this.processId) return;
      this.deliver(wire.topic, wire.payload ?? {});
    } catch (error) {
      this.log.warn({ err: error }, 'bad notice');
    }
  }

  override async publish(topic: string, payload: NoticePayload = {}): Promise<void> {
    this.deliver(topic, payload);
    let text = JSON.stringify({ topic, payload, from: this.processId } satisfies Wire);
    // A payload too large for NOTIFY still tells the others that the topic changed: they re-read it all.
    if (text.length > MAX_PAYLOAD) text = JSON.stringify({ topic, payload: { resync: true }, from: this.processId } satisfies Wire);
    await sql`select pg_notify(${NOTICE_CHANNEL}, ${text})`.execute(this.db);
  }

  override async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    await super.close();
  }
}
