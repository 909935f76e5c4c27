import { randomInt } from 'node:crypto';

let last = 0;
let seq = 0;

/** The three digits naming this process (server/db/id-node.ts claims them on PostgreSQL); random until claimed. */
let node = randomInt(1000);

export function setIdNode(n: number): void {
  if (!Number.isInteger(n) || n < 0 || n > 999) throw new Error(`id number out of range: ${n}`);
  node = n;
}

/**
 * A 19-digit, time-ordered string id (JeecgBoot ids are snowflake strings of the same length), so
 * ids sort by creation and never collide: 13 digits of milliseconds, a 3-digit sequence within the
 * millisecond, and the 3-digit number of the process that made it (no two live processes share one).
 */
export function newId(): string {
  const now = Date.now();
  if (now > last) {
    last = now;
    seq = 0;
  } else if (++seq >= 1000) {
    // A bulk insert can make more than 1000 ids in one millisecond (and the clock can step back):
    // borrow the next millisecond rather than wrap the sequence, which would repeat or reorder ids.
    last += 1;
    seq = 0;
  }
  return `${last}${String(seq).padStart(3, '0')}${String(node).padStart(3, '0')}`;
}
