import type { FastifyInstance } from 'fastify';
import { hashPassword, isStrongPassword, PASSWORD_RULE_MESSAGE } from '../auth/password.ts';
import type { Session } from '../auth/session.ts';
import { phoneOf, PURPOSE_BY_MODE, SMS_CLOSED, type SmsPurpose, smsCodesOf, userByPhone } from '../auth/sms.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, ok } from '../http/envelope.ts';
import { storePassword } from '../services/users.ts';

/*
 * What the login page reaches by phone (JeecgBoot's calls and field names): /sys/sms sends a code for
 * sign-in (smsmode 0), registration (1) or password recovery (2); /sys/user/register makes an account
 * (ALLOW_REGISTER) in the first tenant with no role until an administrator grants one; the recovery is
 * /sys/user/phoneVerification (the code checked, the account named) then /sys/user/passwordChange (the
 * code used up, the password set, every session of the account ended).
 */

const USERNAME = /^[A-Za-z0-9_]{2,30}$/;
const REGISTER_CLOSED = '系统未开放注册';

const text = (value: unknown, max = 100) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : '');

export function phoneAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const { config } = ctx;
  const db = ctx.db;
  const sms = smsCodesOf(ctx);
  const limited = { config: { public: true, rateLimit: { max: config.loginRateLimit, timeWindow: 60_000 } } };
  const codes = () => {
    if (!sms) throw forbidden(SMS_CLOSED);
    return sms;
  };
  const phoneTaken = async (phone: string) =>
    !!(await db.selectFrom('sys_user').select('id').where('phone', '=', phone).where('del_flag', '=', 0).executeTakeFirst());

  app.post('/sys/sms', limited, async (request) => {
    const sms = codes();
    const body = (request.body ?? {}) as Record<string, unknown>;
    const phone = phoneOf(body.mobile);
    const purpose: SmsPurpose | undefined = PURPOSE_BY_MODE[String(body.smsmode ?? '0')];
    if (!purpose) throw badRequest('smsmode 不正确');
    if (purpose === 'register') {
      if (!config.allowRegister) throw forbidden(REGISTER_CLOSED);
      if (await phoneTaken(phone)) throw badRequest('该手机号已注册，请直接登录');
    } else {
      await userByPhone(db, phone);
    }
    await sms.send(phone, purpose);
    return ok(null, '验证码已发送，5分钟内有效');
  });

  app.post('/sys/user/register', limited, async (request) => {
    if (!config.allowRegister) throw forbidden(REGISTER_CLOSED);
    const sms = codes();
    const body = (request.body ?? {}) as Record<string, unknown>;
    const username = text(body.username);
    if (!USERNAME.test(username)) throw badRequest('用户名只能由2到30位字母、数字或下划线组成');
    const password = typeof body.password === 'string' ? body.password : '';
    if (!isStrongPassword(password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    const phone = phoneOf(body.phone);
    if (await db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst()) throw badRequest('用户账号已存在');
    if (await phoneTaken(phone)) throw badRequest('该手机号已注册，请直接登录');
    await sms.verify(phone, 'register', body.smscode, true);
    // Written as any new user is (hashed password, tenant, audit), by the registration itself: no actor's grants apply.
    const tenant = await db.selectFrom('sys_tenant').select('id').orderBy('id').executeTakeFirst();
    const registrar: Session = { user: { id: '', username } as Session['user'], jti: 'register', exp: 0, tenantId: Number(tenant?.id ?? 0) };
    const model = ctx.runtime.registry.get('system/user');
    await ctx.runtime.write(registrar, model, (w) =>
      w.add(model, { values: { username, realname: username, phone, status: 1 }, batches: new Map(), virtual: { password, confirmpassword: password } }),
    );
    return ok({ username }, '注册成功');
  });

  app.post('/sys/user/phoneVerification', limited, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const phone = phoneOf(body.phone);
    const user = await userByPhone(db, phone);
    await codes().verify(phone, 'forget', body.smscode, false);
    return ok({ username: user.username, smscode: text(body.smscode, 6) }, '手机号验证成功');
  });

  // JeecgBoot's client sends it as a GET with the values in the query; a POST body is taken too.
  const passwordChange = async (request: { query: unknown; body: unknown }) => {
    const input = { ...((request.query ?? {}) as Record<string, unknown>), ...((request.body ?? {}) as Record<string, unknown>) };
    const phone = phoneOf(input.phone);
    const user = await userByPhone(db, phone);
    if (text(input.username) !== user.username) throw badRequest('用户名与手机号不匹配');
    const password = typeof input.password === 'string' ? input.password : '';
    if (!isStrongPassword(password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    await codes().verify(phone, 'forget', input.smscode, true);
    await storePassword(ctx.db, user.id, await hashPassword(password), user.username, null);
    return ok(null, '密码重置成功');
  };
  app.get('/sys/user/passwordChange', limited, passwordChange);
  app.post('/sys/user/passwordChange', limited, passwordChange);
}
