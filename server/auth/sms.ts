import { createHash, randomInt } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import type { DB, SysUser } from '../db/schema.ts';
import { badRequest } from '../http/envelope.ts';
import { demandActive } from './session.ts';
import { formatTimestamp } from '../lib/time.ts';

/*
 * SMS codes for phone sign-in (JeecgBoot's /sys/sms with smsmode, then /sys/phoneLogin): 6 digits, valid
 * 5 minutes, single use, 5 wrong tries, one send per phone and purpose per minute (the route limits each
 * address besides). Kept as a hash in sys_sms_code so that any process checks a code another one sent.
 * The provider is pluggable; the default 'console' provider has no SMS gateway: it prints the text to the
 * server log and appends it to DATA_DIR/sms-outbox.log (development, demos and the end-to-end tests).
 */

export const SMS_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
const MAX_ATTEMPTS = 5;
export const PHONE = /^1[3-9]\d{9}$/;

export const SMS_CLOSED = '未开放手机号登录';
export const NO_PHONE_USER = '该手机号未绑定用户';

export const SMS_MESSAGES = {
  badPhone: '手机号码格式不正确',
  tooSoon: '验证码已发送，请60秒后再试',
  missing: '请输入手机验证码',
  wrong: '手机验证码错误',
  expired: '手机验证码已失效，请重新获取',
} as const;

/** What a code is for: JeecgBoot's smsmode values. */
export type SmsPurpose = 'login' | 'register' | 'forget';
export const PURPOSE_BY_MODE: Record<string, SmsPurpose> = { '0': 'login', '1': 'register', '2': 'forget' };

export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

/** No gateway: the text goes to the server log and to DATA_DIR/sms-outbox.log. */
export class ConsoleSms implements SmsProvider {
  constructor(private readonly dataDir: string) {}

  async send(phone: string, text: string): Promise<void> {
    console.log(`[短信] ${phone}: ${text}`);
    appendFileSync(join(this.dataDir, 'sms-outbox.log'), `${formatTimestamp()} ${phone} ${text}\n`, { mode: 0o600 });
  }
}

const hashOf = (phone: string, purpose: SmsPurpose, code: string) => createHash('sha256').update(`${phone}:${purpose}:${code}`).digest('hex');

export function phoneOf(value: unknown): string {
  const phone = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (!PHONE.test(phone)) throw badRequest(SMS_MESSAGES.badPhone);
  return phone;
}

export class SmsCodes {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly provider: SmsProvider,
  ) {}

  private get table() {
    return this.db as unknown as Kysely<any>;
  }

  /** Sends a new code for `purpose` to `phone`, replacing an older one; refused within a minute of the last. */
  async send(phone: string, purpose: SmsPurpose): Promise<void> {
    const now = new Date();
    const last = await this.table.selectFrom('sys_sms_code').select('sent_at').where('phone', '=', phone).where('purpose', '=', purpose).executeTakeFirst();
    if (last && last.sent_at > formatTimestamp(new Date(now.getTime() - SMS_RESEND_MS))) throw badRequest(SMS_MESSAGES.tooSoon);
    const code = String(randomInt(1_000_000)).padStart(6, '0');
    const row = {
      code_hash: hashOf(phone, purpose, code),
      sent_at: formatTimestamp(now),
      expires_at: formatTimestamp(new Date(now.getTime() + SMS_TTL_MS)),
      attempts: 0,
    };
    await this.table.deleteFrom('sys_sms_code').where('expires_at', '<', formatTimestamp(now)).execute();
    await this.table
      .insertInto('sys_sms_code')
      .values({ phone, purpose, ...row })
      .onConflict((oc) => oc.columns(['phone', 'purpose']).doUpdateSet(row))
      .execute();
    await this.provider.send(phone, `您的验证码是${code}，5分钟内有效。如非本人操作，请忽略本短信。【希望工程】`);
  }

  /** Throws the message a person reads when the code is missing, wrong or stale; `consume` uses a right one up. */
  async verify(phone: string, purpose: SmsPurpose, codeValue: unknown, consume: boolean): Promise<void> {
    const code = typeof codeValue === 'string' || typeof codeValue === 'number' ? String(codeValue).trim() : '';
    if (!code) throw badRequest(SMS_MESSAGES.missing);
    const where = (q: any) => q.where('phone', '=', phone).where('purpose', '=', purpose);
    const row = await where(this.table.selectFrom('sys_sms_code').select(['code_hash', 'expires_at', 'attempts'])).executeTakeFirst();
    if (!row || row.expires_at < formatTimestamp() || row.attempts >= MAX_ATTEMPTS) throw badRequest(SMS_MESSAGES.expired);
    if (row.code_hash !== hashOf(phone, purpose, code)) {
      await where(this.table.updateTable('sys_sms_code').set((eb: any) => ({ attempts: eb('attempts', '+', 1) }))).execute();
      throw badRequest(SMS_MESSAGES.wrong);
    }
    // Only one request can use a code: the delete that removes it is the one that signs in.
    if (consume) {
      const used = await where(this.table.deleteFrom('sys_sms_code')).where('code_hash', '=', row.code_hash).executeTakeFirst();
      if (Number(used.numDeletedRows) !== 1) throw badRequest(SMS_MESSAGES.expired);
    }
  }
}

/** The install's codes, or undefined when SMS_PROVIDER=off. One per server: its provider is the config's. */
export function smsCodesOf(ctx: AppContext): SmsCodes | undefined {
  return ctx.config.smsProvider === 'off' ? undefined : new SmsCodes(ctx.db, new ConsoleSms(ctx.config.dataDir));
}

/** The one active user with this phone, or the message why there is none. */
export async function userByPhone(db: Kysely<DB>, phone: string): Promise<SysUser> {
  const users = await db.selectFrom('sys_user').selectAll().where('phone', '=', phone).where('del_flag', '=', 0).limit(2).execute();
  if (!users.length) throw badRequest(NO_PHONE_USER);
  if (users.length > 1) throw badRequest('该手机号绑定了多个用户，请用账号密码登录');
  return demandActive(users[0]);
}
