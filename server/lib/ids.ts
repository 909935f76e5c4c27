import { randomInt } from 'node:crypto';

let last = 0;
let seq = 0;

/**
 * A 19-digit, time-ordered string id (JeecgBoot ids are snowflake strings of the same length), so
 * ids sort by creation and never collide within one process.
 */
export function newId(): string {
  const now = Date.now();
  seq = now === last ? seq + 1 : 0;
  last = now;
  return `${now}${String(seq % 1000).padStart(3, '0')}${String(randomInt(1000)).padStart(3, '0')}`;
}
