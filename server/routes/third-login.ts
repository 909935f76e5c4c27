import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { THIRD_LOGIN_PATH, type ThirdLoginError } from '../../src/core/third-login.ts';
import {
  authorizeUrl,
  OAUTH_CLOSED,
  OAUTH_MESSAGES,
  type OAuthMode,
  OAuthStates,
  ProviderFailure,
  providerOf,
  STATE_COOKIE,
  ThirdTickets,
  thirdUserOf,
} from '../auth/oauth.ts';
import { demandActive } from '../auth/session.ts';
import { phoneOf, SMS_CLOSED, smsCodesOf, userByPhone } from '../auth/sms.ts';
import type { AppContext } from '../context.ts';
import type { DB, SysUser } from '../db/schema.ts';
import { ApiError, badRequest, forbidden, ok, requireText } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { formatTimestamp } from '../lib/time.ts';
import { REGISTER_CLOSED, registerAccount } from '../services/registration.ts';
import { signIns } from '../services/sign-in.ts';

/*
 * Third-party sign-in (server/auth/oauth.ts) at JeecgBoot's paths, so that its clients work as ours does:
 * render/{source} sends the browser to the provider; {source}/callback comes back with the provider's code and
 * answers — to our client, a redirect to its THIRD_LOGIN_PATH; to JeecgBoot's popup, a page that posts the
 * popup's opener a message (a login code, "绑定手机号,{binding ticket}" or "登录失败") — and getLoginUser trades a
 * login code for a session as /sys/login answers one. An account not bound yet is bound with its binding
 * ticket to an account of this system: by username and password (user/checkPassword; wrong passwords count
 * toward the lockout) or by phone and SMS code (bindingThirdPhone); either answers a login code. Where
 * registration is open, user/create registers a new account as /sys/user/register does and binds it; like any
 * registered account it has no role until an administrator grants one, so it answers the username, not a login.
 */

interface ThirdAccountRow {
  id: string;
  sys_user_id: string;
  third_type: string;
  third_user_uuid: string;
  realname: string | null;
  avatar: string | null;
  tenant_id: number;
  status: number;
  create_by: string | null;
  create_time: string;
  update_time: string | null;
}
type ThirdDB = { sys_third_account: ThirdAccountRow };
const third = (db: Kysely<DB>) => db as unknown as Kysely<ThirdDB>;

type Outcome = { code: string; type: string } | { ticket: string; type: string } | { error: ThirdLoginError };

const escapeAttr = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The popup page's script (JeecgBoot's clients open render/{source} in a popup and wait for a message); a file, as the CSP allows no inline script. */
const OPENER_SCRIPT = `(function () {
  var data = document.getElementById('third-login');
  var message = data.getAttribute('data-message');
  var href = data.getAttribute('data-href');
  var origin = data.getAttribute('data-origin');
  if (window.opener) {
    window.opener.postMessage(message, origin);
    window.close();
  } else {
    window.location.replace(href);
  }
})();
`;

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export function thirdLoginRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx;
  const { passwordUser, signIn, demandUnlocked } = signIns(ctx);
  const states = new OAuthStates(config.jwtSecret);
  const tickets = new ThirdTickets(db);
  const sms = smsCodesOf(ctx);
  const limited = { config: { public: true, rateLimit: { max: config.loginRateLimit, timeWindow: 60_000 } } };
  const cookiePath = `${config.apiBase}/sys/thirdLogin`;

  /** This site as the provider and the browser reach it. */
  const siteOf = (request: FastifyRequest) => config.oauthSiteUrl ?? `${request.protocol}://${request.host}`;
  const redirectUriOf = (request: FastifyRequest, source: string) => `${siteOf(request)}${config.apiBase}/sys/thirdLogin/${source}/callback`;
  const cookie = (request: FastifyRequest, value: string, maxAge: number) =>
    `${STATE_COOKIE}=${value}; Path=${cookiePath}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${siteOf(request).startsWith('https:') ? '; Secure' : ''}`;

  /** Where the callback sends the browser: our client's page (a redirect), or the popup's message for JeecgBoot's client. */
  function land(request: FastifyRequest, reply: FastifyReply, mode: OAuthMode | null, outcome: Outcome) {
    reply.header('set-cookie', cookie(request, '', 0));
    reply.header('cache-control', 'no-store');
    const query = new URLSearchParams('error' in outcome ? { error: outcome.error } : outcome);
    const href = `${siteOf(request)}/#${THIRD_LOGIN_PATH}?${query}`;
    if (mode === 'page') return reply.redirect(href, 302);
    const message = 'code' in outcome ? outcome.code : 'ticket' in outcome ? `绑定手机号,${outcome.ticket}` : '登录失败';
    // A mode the state does not vouch for (no valid state) gets this page too: a popup hears 登录失败, a page moves on.
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>第三方登录</title>` +
          `<div id="third-login" data-message="${escapeAttr(message)}" data-href="${escapeAttr(href)}" data-origin="${escapeAttr(siteOf(request))}">正在返回…</div>` +
          `<script src="${config.apiBase}/sys/thirdLogin/opener.js"></script></html>`,
      );
  }

  const render = async (request: FastifyRequest<{ Params: { source: string } }>, reply: FastifyReply) => {
    const provider = providerOf(config.oauth, request.params.source);
    const mode: OAuthMode = (request.query as Record<string, unknown>).mode === 'page' ? 'page' : 'popup';
    const { state, nonce } = states.issue(provider.source, mode);
    reply.header('set-cookie', cookie(request, nonce, 600));
    reply.header('cache-control', 'no-store');
    return reply.redirect(authorizeUrl(provider, redirectUriOf(request, provider.source), state), 302);
  };
  // The Vue 2 client's path lacks /sys.
  for (const path of ['/sys/thirdLogin/render/:source', '/thirdLogin/render/:source']) app.get(path, limited, render);

  app.get('/sys/thirdLogin/opener.js', { config: { public: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(OPENER_SCRIPT),
  );

  app.get<{ Params: { source: string } }>('/sys/thirdLogin/:source/callback', limited, async (request, reply) => {
    const provider = providerOf(config.oauth, request.params.source);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const mode = states.check(query.state, provider.source, cookieOf(request, STATE_COOKIE));
    if (!mode) return land(request, reply, null, { error: 'state' });
    if (query.error !== undefined) {
      request.log.warn({ source: provider.source, error: String(query.error).slice(0, 200) }, 'third-party sign-in refused by the provider');
      return land(request, reply, mode, { error: query.error === 'access_denied' ? 'denied' : 'provider' });
    }
    if (typeof query.code !== 'string' || !query.code || query.code.length > 2000) return land(request, reply, mode, { error: 'provider' });
    let user;
    try {
      user = await thirdUserOf(provider, query.code, redirectUriOf(request, provider.source));
    } catch (error) {
      if (!(error instanceof ProviderFailure)) throw error;
      console.warn(`third-party sign-in (${provider.source}) failed: ${error.message}`);
      return land(request, reply, mode, { error: error.key });
    }
    const bound = await third(db)
      .selectFrom('sys_third_account')
      .select('sys_user_id')
      .where('third_type', '=', provider.source)
      .where('third_user_uuid', '=', user.uuid)
      .executeTakeFirst();
    if (bound) {
      const code = await tickets.issue('login', { ...user, type: provider.source, userId: bound.sys_user_id });
      return land(request, reply, mode, { code, type: provider.source });
    }
    const ticket = await tickets.issue('bind', { ...user, type: provider.source });
    return land(request, reply, mode, { ticket, type: provider.source });
  });

  // JeecgBoot's vue3 client adds the tenant, its Vue 2 client the type; the spec names the code alone.
  const getLoginUser = async (request: FastifyRequest<{ Params: { token: string; thirdType?: string } }>) => {
    if (!config.oauth.length) throw forbidden(OAUTH_CLOSED);
    const { token, thirdType } = request.params;
    const peeked = await tickets.peek('login', token);
    if (thirdType !== undefined && thirdType !== peeked.third_type) throw badRequest(OAUTH_MESSAGES.codeExpired);
    const row = await tickets.take('login', token);
    const user = await db
      .selectFrom('sys_user')
      .selectAll()
      .where('id', '=', row.sys_user_id ?? '')
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!user) throw new ApiError(401, '该第三方账号绑定的用户不存在，请联系管理员');
    demandActive(user);
    await demandUnlocked(user.username);
    return signIn(user, request, '[第三方用户]');
  };
  for (const prefix of ['/sys/thirdLogin', '/thirdLogin']) {
    for (const tail of ['/:token', '/:token/:thirdType', '/:token/:thirdType/:tenantId']) app.get(`${prefix}/getLoginUser${tail}`, limited, getLoginUser);
  }

  /** The binding ticket of the request: ours is `ticket`; JeecgBoot's clients send what its popup message carried as thirdUserUuid. */
  const ticketOf = (body: Record<string, unknown>) => body.ticket ?? body.thirdUserUuid;

  /** Binds the ticket's third account to `user` (the ticket used up) and answers a login code for it. */
  async function bind(ticketValue: unknown, user: SysUser): Promise<string> {
    return db.transaction().execute(async (trx) => {
      const row = await tickets.take('bind', ticketValue, trx);
      const accounts = third(trx).selectFrom('sys_third_account').select('sys_user_id').where('third_type', '=', row.third_type);
      if (await accounts.where('third_user_uuid', '=', row.third_user_uuid).executeTakeFirst()) throw badRequest(OAUTH_MESSAGES.alreadyBound);
      if (await accounts.where('sys_user_id', '=', user.id).executeTakeFirst()) throw badRequest(OAUTH_MESSAGES.userBound);
      await third(trx)
        .insertInto('sys_third_account')
        .values({
          id: newId(),
          sys_user_id: user.id,
          third_type: row.third_type,
          third_user_uuid: row.third_user_uuid,
          realname: row.realname,
          avatar: row.avatar,
          tenant_id: user.tenant_id ?? 0,
          status: 1,
          create_by: user.username,
          create_time: formatTimestamp(),
          update_time: null,
        })
        .execute();
      return tickets.issue('login', { uuid: row.third_user_uuid, realname: row.realname, avatar: row.avatar, type: row.third_type, userId: user.id }, trx);
    });
  }

  // Binding to an existing account by its username and password (JeecgBoot's vue3 client posts to /sys/third/…).
  const bindByPassword = async (request: FastifyRequest) => {
    if (!config.oauth.length) throw forbidden(OAUTH_CLOSED);
    const body = (request.body ?? {}) as Record<string, unknown>;
    await tickets.peek('bind', ticketOf(body));
    const username = requireText(body, 'username', '请输入用户名', 100).trim();
    const password = requireText(body, 'password', '请输入密码', 100);
    const user = await passwordUser(username, password, request.ip);
    return ok(await bind(ticketOf(body), user), '绑定成功');
  };
  for (const path of ['/sys/thirdLogin/user/checkPassword', '/sys/third/user/checkPassword']) app.post(path, limited, bindByPassword);

  // Binding to the account of a phone, with the sign-in code /sys/sms sent to it (smsmode 0, as JeecgBoot's client asks).
  app.post('/sys/thirdLogin/bindingThirdPhone', limited, async (request) => {
    if (!config.oauth.length) throw forbidden(OAUTH_CLOSED);
    if (!sms) throw forbidden(SMS_CLOSED);
    const body = (request.body ?? {}) as Record<string, unknown>;
    await tickets.peek('bind', ticketOf(body));
    const phone = phoneOf(body.mobile);
    const user = await userByPhone(db, phone);
    await sms.verify(phone, 'login', body.captcha, true);
    return ok(await bind(ticketOf(body), user), '绑定成功');
  });

  // A new account for the third-party one, where registration is open (JeecgBoot's vue3 client posts to /sys/third/…).
  const createAccount = async (request: FastifyRequest) => {
    if (!config.oauth.length) throw forbidden(OAUTH_CLOSED);
    if (!config.allowRegister) throw forbidden(REGISTER_CLOSED);
    if (!sms) throw forbidden(SMS_CLOSED);
    const body = (request.body ?? {}) as Record<string, unknown>;
    await tickets.peek('bind', ticketOf(body));
    const user = await registerAccount(ctx, sms, body);
    await bind(ticketOf(body), user);
    return ok({ username: user.username }, '注册成功');
  };
  for (const path of ['/sys/thirdLogin/user/create', '/sys/third/user/create']) app.post(path, limited, createAccount);
}
