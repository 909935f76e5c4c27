import { randomInt } from 'node:crypto';

let last = 0;
let seq = 0;

/**
 * A 19-digit, time-ordered string id (JeecgBoot ids are snowflake strings of the same length), so
 * ids sort by creation and never collide within one process: 13 digits of milliseconds, a 3-digit
 * sequence within the millisecond, and 3 random digits so that two processes rarely collide.
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
  return `${last}${String(seq).padStart(3, '0')}${String(randomInt(1000)).padStart(3, '0')}`;
}
