import { setIdNode } from '../lib/ids.ts';

/*
 * Ids unique across processes (issue 16 item 2). An id ends with three digits naming the process that made it
 * (server/lib/ids.ts). On PostgreSQL each process takes the lowest number 0–999 no other live process holds, as a
 * session advisory lock on a connection of its own: the lock lives exactly as long as the process's
 * connection, so a process that dies frees its number and none is ever held twice. (Before, the three digits
 * were random: two processes writing in the same millisecond collided once in a thousand.) The embedded
 * database has one process by construction (data-dir-lock.ts) and needs no claim.
 */

/** pg_try_advisory_lock(ID_NODE_LOCK, n): the lock class of id numbers, unused by any other lock. */
const ID_NODE_LOCK = 731_001;
const NODES = 1000;

export interface IdNode {
  readonly node: number;
  release(): Promise<void>;
}

export async function claimIdNode(databaseUrl: string): Promise<IdNode> {
  const pg = await import('pg');
  let client: InstanceType<typeof pg.default.Client> | undefined;
  let node = -1;
  let closing = false;

  async function claim(): Promise<void> {
    client = new pg.default.Client({ connectionString: databaseUrl });
    // A lost connection has lost its lock too: take a number again (perhaps another) before writing on.
    client.on('error', (error) => {
      if (closing) return;
      console.warn(`PostgreSQL: the id-number connection was lost (${error.message}); claiming again`);
      void claim().catch((e: Error) => console.warn(`PostgreSQL: claiming an id number failed (${e.message})`));
    });
    await client.connect();
    for (let n = 0; n < NODES; n++) {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::int, $2::int) as ok', [ID_NODE_LOCK, n]);
      if (!rows[0].ok) continue;
      node = n;
      setIdNode(n);
      return;
    }
    await client.end();
    throw new Error(`no free id number: ${NODES} processes already hold one on this database`);
  }

  await claim();
  return {
    get node() {
      return node;
    },
    async release() {
      closing = true;
      await client?.end().catch(() => undefined);
    },
  };
}
