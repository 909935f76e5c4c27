import type { FastifyInstance } from 'fastify';
import { hashPassword, isStrongPassword, PASSWORD_RULE_MESSAGE } from '../auth/password.ts';
import { phoneOf, PURPOSE_BY_MODE, SMS_CLOSED, type SmsPurpose, smsCodesOf, userByPhone } from '../auth/sms.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, ok } from '../http/envelope.ts';
import { phoneTaken, REGISTER_CLOSED, registerAccount } from '../services/registration.ts';
import { storePassword } from '../services/users.ts';

/*
 * What the login page reaches by phone (JeecgBoot's calls and field names): /sys/sms sends a code for
 * sign-in (smsmode 0), registration (1) or password recovery (2); /sys/user/register makes an account
 * (ALLOW_REGISTER) in the first tenant with no role until an administrator grants one; the recovery is
 * /sys/user/phoneVerification (the code checked, the account named) then /sys/user/passwordChange (the
 * code used up, the password set, every session of the account ended).
 */

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

  app.post('/sys/sms', limited, async (request) => {
    const sms = codes();
    const body = (request.body ?? {}) as Record<string, unknown>;
    const phone = phoneOf(body.mobile);
    const purpose: SmsPurpose | undefined = PURPOSE_BY_MODE[String(body.smsmode ?? '0')];
    if (!purpose) throw badRequest('smsmode 不正确');
    if (purpose === 'register') {
      if (!config.allowRegister) throw forbidden(REGISTER_CLOSED);
      if (await phoneTaken(ctx, phone)) throw badRequest('该手机号已注册，请直接登录');
    } else {
      await userByPhone(db, phone);
    }
    await sms.send(phone, purpose);
    return ok(null, '验证码已发送，5分钟内有效');
  });

  app.post('/sys/user/register', limited, async (request) => {
    if (!config.allowRegister) throw forbidden(REGISTER_CLOSED);
    const { username } = await registerAccount(ctx, codes(), (request.body ?? {}) as Record<string, unknown>);
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
