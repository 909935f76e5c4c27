import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Captchas, checkKeyOf } from '../auth/captcha.ts';
import { CAS_CLOSED, casUsername } from '../auth/cas.ts';
import { plainPassword } from '../auth/jeecg-password.ts';
import { phoneOf, SMS_CLOSED, smsCodesOf, userByPhone } from '../auth/sms.ts';
import { demandActive, GUEST_DISABLED_MESSAGE, GUEST_USERNAME, sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { ApiError, forbidden, ok, requireText } from '../http/envelope.ts';
import { recordLogin } from '../services/logs.ts';
import { signIns } from '../services/sign-in.ts';
import { chooseDepart } from '../services/users.ts';

/** Login, guest login and logout (spec section 7, "Auth"). */
export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, sessions, config } = ctx;
  const captchas = new Captchas(db);
  const { passwordUser, signIn } = signIns(ctx);

  app.post('/sys/login', { config: { public: true, rateLimit: { max: config.loginRateLimit, timeWindow: 60_000 } } }, async (request) => {
    const username = requireText(request.body, 'username', '请输入用户名', 100).trim();
    // JeecgBoot's vue3 client sends it AES-encrypted with its published key (server/auth/jeecg-password.ts).
    const password = plainPassword(requireText(request.body, 'password', '请输入密码', 100));
    if (config.captcha) {
      const body = (request.body ?? {}) as Record<string, unknown>;
      await captchas.verify(body.checkKey, body.captcha, true);
    }
    const user = await passwordUser(username, password, request.ip);
    // JeecgBoot's vue3 client lets a user of several departments pick one on its login page.
    const orgCode = (request.body as Record<string, unknown>).loginOrgCode;
    return signIn(typeof orgCode === 'string' && orgCode ? await chooseDepart(db, user, orgCode) : user, request);
  });

  // Phone sign-in (routes/phone-auth.ts shares the codes): /sys/phoneLogin with the code /sys/sms sent.
  const sms = smsCodesOf(ctx);
  app.post('/sys/phoneLogin', { config: { public: true, rateLimit: { max: config.loginRateLimit, timeWindow: 60_000 } } }, async (request) => {
    if (!sms) throw forbidden(SMS_CLOSED);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const phone = phoneOf(body.mobile);
    const user = await userByPhone(db, phone);
    await sms.verify(phone, 'login', body.captcha, true);
    return signIn(user, request);
  });

  // CAS single sign-on (server/auth/cas.ts): JeecgBoot's path, and the shorter one its documentation names.
  const casLogin = async (request: FastifyRequest) => {
    if (!config.cas) throw forbidden(CAS_CLOSED);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const username = await casUsername(config.cas, query.ticket, query.service, request.host);
    const user = await db.selectFrom('sys_user').selectAll().where('username', '=', username).where('del_flag', '=', 0).executeTakeFirst();
    if (!user) throw new ApiError(401, `统一身份认证的账号 ${username} 在本系统中不存在，请联系管理员开通`);
    return signIn(demandActive(user), request);
  };
  for (const path of ['/sys/cas/client/validateLogin', '/cas/client/validateLogin']) {
    app.get(path, { config: { public: true, rateLimit: { max: config.loginRateLimit, timeWindow: 60_000 } } }, casLogin);
  }

  // The captcha image always answers (JeecgBoot's clients ask for it); sign-in checks it only when CAPTCHA is on.
  app.get<{ Params: { key: string } }>(
    '/sys/randomImage/:key',
    { config: { public: true, rateLimit: { max: config.loginRateLimit, timeWindow: 60_000 } } },
    async (request) => ok(await captchas.draw(checkKeyOf(request.params.key)), '操作成功'),
  );
  app.post('/sys/checkCaptcha', { config: { public: true, rateLimit: { max: config.loginRateLimit, timeWindow: 60_000 } } }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    await captchas.verify(body.checkKey, body.captcha, false);
    return ok(null, '验证码正确');
  });

  /** Automatic sign-in of the built-in read-only guest (spec section 4, Session). */
  app.post('/sys/guestLogin', { config: { public: true, rateLimit: { max: config.loginRateLimit, timeWindow: 60_000 } } }, async (request) => {
    if (!config.allowGuest) throw forbidden(GUEST_DISABLED_MESSAGE);
    const guest = await db.selectFrom('sys_user').selectAll().where('username', '=', GUEST_USERNAME).where('del_flag', '=', 0).executeTakeFirst();
    if (!guest || guest.status !== 1) throw forbidden('访客账号不可用');
    return signIn(guest, request);
  });

  app.post('/sys/logout', async (request) => {
    const session = sessionOf(request);
    await sessions.revoke(session);
    await recordLogin(db, {
      userId: session.user.id,
      username: session.user.username,
      ip: request.ip,
      content: `用户名: ${session.user.username},退出成功！`,
      tenantId: session.tenantId,
    });
    return ok(null, '退出登录成功！');
  });
}
