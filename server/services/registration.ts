import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '../auth/password.ts';
import type { Session } from '../auth/session.ts';
import { phoneOf, type SmsCodes } from '../auth/sms.ts';
import type { AppContext } from '../context.ts';
import type { SysUser } from '../db/schema.ts';
import { badRequest } from '../http/envelope.ts';

const USERNAME = /^[A-Za-z0-9_]{2,30}$/;
export const REGISTER_CLOSED = '系统未开放注册';

const text = (value: unknown, max = 100) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : '');

/** Whether an account of this system holds `phone`. */
export const phoneTaken = async (ctx: AppContext, phone: string) =>
  !!(await ctx.db.selectFrom('sys_user').select('id').where('phone', '=', phone).where('del_flag', '=', 0).executeTakeFirst());

/**
 * Self-registration (/sys/user/register, and a third-party account's new one): the username, password and
 * phone checked, the code texted for registration (smsmode 1) used up, and the account written as any new
 * user is (hashed password, the first tenant, audit) by the registration itself — no actor's grants apply —
 * with no role until an administrator grants one. The caller checks that registration is open.
 */
export async function registerAccount(ctx: AppContext, sms: SmsCodes, body: Record<string, unknown>): Promise<SysUser> {
  const { db } = ctx;
  const username = text(body.username);
  if (!USERNAME.test(username)) throw badRequest('用户名只能由2到30位字母、数字或下划线组成');
  const password = typeof body.password === 'string' ? body.password : '';
  if (!isStrongPassword(password)) throw badRequest(PASSWORD_RULE_MESSAGE);
  const phone = phoneOf(body.phone);
  if (await db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst()) throw badRequest('用户账号已存在');
  if (await phoneTaken(ctx, phone)) throw badRequest('该手机号已注册，请直接登录');
  await sms.verify(phone, 'register', body.smscode, true);
  const tenant = await db.selectFrom('sys_tenant').select('id').orderBy('id').executeTakeFirst();
  const registrar: Session = { user: { id: '', username } as Session['user'], jti: 'register', exp: 0, tenantId: Number(tenant?.id ?? 0) };
  const model = ctx.runtime.registry.get('system/user');
  await ctx.runtime.write(registrar, model, (w) =>
    w.add(model, { values: { username, realname: username, phone, status: 1 }, batches: new Map(), virtual: { password, confirmpassword: password } }),
  );
  return db.selectFrom('sys_user').selectAll().where('username', '=', username).where('del_flag', '=', 0).executeTakeFirstOrThrow();
}
