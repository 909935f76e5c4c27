import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Audience, PushMessage, SocketHub } from './hub.ts';

/*
 * How a push reaches the sockets. One process (embedded database): straight to the local hub. Several
 * processes on one PostgreSQL server: through NOTIFY, which every process (this one included) LISTENs
 * to, so each delivers to the sockets it holds and none is missed or reached twice.
 */
export interface PushBus {
  publish(audience: Audience, message: PushMessage): Promise<void>;
  close(): Promise<void>;
}

export const CHANNEL = 'hope_realtime';
/** NOTIFY payloads must stay under 8000 bytes; ids are 19 digits, so this many fit with room to spare. */
const IDS_PER_NOTIFY = 200;
const RECONNECT_MS = 5000;

export class LocalBus implements PushBus {
  constructor(private readonly hub: SocketHub) {}

  async publish(audience: Audience, message: PushMessage): Promise<void> {
    this.hub.deliver(audience, message);
  }

  async close(): Promise<void> {}
}

interface Notice {
  audience: Audience;
  message: PushMessage;
}

export class PostgresBus implements PushBus {
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly hub: SocketHub,
    private readonly db: Kysely<any>,
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Opens the listening connection; a lost one is reopened after 5 s. */
  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => n.channel === CHANNEL && n.payload && this.receive(n.payload));
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'realtime listener lost');
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.client = client;
    } catch (error) {
      this.log.warn({ err: error }, 'realtime listener could not connect');
      this.reconnectLater(client);
    }
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

  private receive(payload: string) {
    try {
      const notice = JSON.parse(payload) as Notice;
      this.hub.deliver(notice.audience, notice.message);
    } catch (error) {
      this.log.warn({ err: error }, 'bad realtime notification');
    }
  }

  async publish(audience: Audience, message: PushMessage): Promise<void> {
    // Without a listener this process would not hear its own NOTIFY: its sockets are served directly.
    if (!this.client) this.hub.deliver(audience, message);
    const notices: Notice[] = [];
    if ('all' in audience) notices.push({ audience, message });
    else
      for (let i = 0; i < audience.userIds.length; i += IDS_PER_NOTIFY)
        notices.push({ audience: { userIds: audience.userIds.slice(i, i + IDS_PER_NOTIFY) }, message });
    for (const notice of notices) await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(notice)})`.execute(this.db);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
