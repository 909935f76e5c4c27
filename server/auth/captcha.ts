import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { DB } from '../db/schema.ts';
import { badRequest } from '../http/envelope.ts';
import { formatTimestamp } from '../lib/time.ts';

/*
 * The sign-in captcha (JeecgBoot's /sys/randomImage/{key}): an SVG drawn on the server (svg-captcha, no
 * native dependency), answered as a data URL. The code is kept as a hash of key and code in sys_captcha
 * for 60 s, so any process can check it; a check that passes uses it up. /sys/login asks for it only when
 * CAPTCHA is on; the image always answers, so JeecgBoot's clients that ask for it do not break.
 */

export const CAPTCHA_TTL_MS = 60_000;
export const CAPTCHA_WRONG = '验证码错误';
export const CAPTCHA_EXPIRED = '验证码已失效，请刷新后重试';
export const CAPTCHA_MISSING = '请输入验证码';
const KEY = /^[A-Za-z0-9_.-]{1,64}$/;

const hashOf = (key: string, code: string) => createHash('sha256').update(`${key}:${code.trim().toLowerCase()}`).digest('hex');

export function checkKeyOf(value: unknown): string {
  const key = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (!KEY.test(key)) throw badRequest('验证码 key 格式不正确');
  return key;
}

export class Captchas {
  constructor(private readonly db: Kysely<DB>) {}

  /** A new image for `key` (replacing any earlier code for it): the data URL. */
  async draw(key: string): Promise<string> {
    const { data, text } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f2f4f7' });
    const db = this.db as unknown as Kysely<any>;
    const expires = formatTimestamp(new Date(Date.now() + CAPTCHA_TTL_MS));
    await db.deleteFrom('sys_captcha').where('expires_at', '<', formatTimestamp(new Date())).execute();
    await db
      .insertInto('sys_captcha')
      .values({ check_key: key, code_hash: hashOf(key, text), expires_at: expires })
      .onConflict((oc) => oc.column('check_key').doUpdateSet({ code_hash: hashOf(key, text), expires_at: expires }))
      .execute();
    return `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`;
  }

  /** Throws the message a person reads when the code is missing, wrong or stale; `consume` uses it up. */
  async verify(keyValue: unknown, codeValue: unknown, consume: boolean): Promise<void> {
    const code = typeof codeValue === 'string' ? codeValue.trim() : '';
    if (!code) throw badRequest(CAPTCHA_MISSING);
    const key = checkKeyOf(keyValue);
    const db = this.db as unknown as Kysely<any>;
    const row = await db.selectFrom('sys_captcha').select(['code_hash', 'expires_at']).where('check_key', '=', key).executeTakeFirst();
    if (!row || row.expires_at < formatTimestamp(new Date())) throw badRequest(CAPTCHA_EXPIRED);
    // A wrong guess uses the code up too: one image, one try.
    if (consume || row.code_hash !== hashOf(key, code)) await db.deleteFrom('sys_captcha').where('check_key', '=', key).execute();
    if (row.code_hash !== hashOf(key, code)) throw badRequest(CAPTCHA_WRONG);
  }
}
