import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

/* scrypt with its parameters stored beside the hash, so they can be raised later without breaking old hashes. */
const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

export { PASSWORD_RULE, PASSWORD_RULE_MESSAGE, isStrongPassword } from '../../src/core/password-rule.ts';

/** A random password that satisfies PASSWORD_RULE, for the first admin. */
export function generatePassword(): string {
  const letters = randomBytes(12)
    .toString('base64')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 8)
    .padEnd(8, 'x');
  const digits = String(100 + (randomBytes(1)[0] % 900));
  return `${letters}${digits}#`;
}
