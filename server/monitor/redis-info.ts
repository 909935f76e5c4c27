import type { RedisAnswer, RedisFigures } from '../../src/core/monitor-types.ts';
import { hitRateOf } from './cache-stats.ts';
import { megabytes } from './units.ts';

/*
 * Redis 监控: the INFO of the Redis server named by REDIS_URL (the server keeps nothing there itself; an
 * installation that runs one beside it sees it in 监控中心). The client is loaded and connected at the
 * first request for the figures, with short timeouts and no reconnecting in the background: an
 * unreachable Redis makes that one answer say so, and the next request tries again.
 */

const CONNECT_TIMEOUT_MS = 2000;
const COMMAND_TIMEOUT_MS = 2000;

/** The fields of INFO's text (`key:value` lines under `# Section` headings). */
export function parseRedisInfo(text: string): RedisFigures {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0 && !line.startsWith('#')) fields.set(line.slice(0, at), line.slice(at + 1).trim());
  }
  const number = (key: string) => Number(fields.get(key) ?? 0) || 0;
  let keys = 0;
  // Keyspace: db0:keys=12,expires=0,avg_ttl=0
  for (const [key, value] of fields) if (/^db\d+$/.test(key)) keys += Number(/(?:^|,)keys=(\d+)/.exec(value)?.[1] ?? 0);
  return {
    version: fields.get('redis_version') ?? '',
    mode: fields.get('redis_mode') ?? 'standalone',
    uptimeSeconds: number('uptime_in_seconds'),
    connectedClients: number('connected_clients'),
    usedMemoryMb: megabytes(number('used_memory')),
    keys,
    hitRate: hitRateOf(number('keyspace_hits'), number('keyspace_misses')),
    opsPerSecond: number('instantaneous_ops_per_sec'),
  };
}

/** What is used of the client. */
interface Client {
  readonly isOpen: boolean;
  info(): Promise<string>;
  destroy(): void;
}

export class RedisInfo {
  private connected: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private closed = false;

  constructor(private readonly url: string) {}

  async figures(): Promise<RedisAnswer> {
    try {
      const client = this.connected?.isOpen ? this.connected : await (this.connecting ??= this.connect().finally(() => (this.connecting = undefined)));
      return parseRedisInfo(await client.info());
    } catch (error) {
      this.drop();
      return { error: `无法连接 Redis：${(error as Error).message || String(error)}` };
    }
  }

  private async connect(): Promise<Client> {
    const { createClient } = await import('redis');
    // No reconnecting in the background: a connection that drops closes the client, and the next request connects anew.
    const client = createClient({ url: this.url, socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: false }, disableOfflineQueue: true });
    // Failures reach the caller through connect() or the command; the event needs a listener, or it would end the process.
    client.on('error', () => {});
    try {
      await client.connect();
    } catch (error) {
      client.destroy();
      throw error;
    }
    if (this.closed) {
      client.destroy();
      throw new Error('服务正在停止');
    }
    const timed = client.withCommandOptions({ timeout: COMMAND_TIMEOUT_MS });
    this.connected = {
      get isOpen() {
        return client.isOpen;
      },
      info: async () => String(await timed.info()),
      destroy: () => client.destroy(),
    };
    return this.connected;
  }

  private drop(): void {
    if (this.connected?.isOpen) this.connected.destroy();
    this.connected = undefined;
  }

  /** When the server closes: drops the connection, and one still being made once it is. */
  close(): void {
    this.closed = true;
    this.drop();
  }
}
