import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THIRD_LOGIN_ERRORS } from '../../src/core/third-login.ts';
import { OAuthStates } from '../../server/auth/oauth.ts';
import { startFakeOAuth, type FakeOAuth } from './helpers/fake-oauth.ts';
import { addUser } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Third-party sign-in over OAuth 2.0 (server/auth/oauth.ts, routes/third-login.ts) against a provider started
 * here (helpers/fake-oauth.ts): render sends the browser to the provider with a signed state tied to it by a
 * cookie; the callback trades the code, and an account not bound yet gets a binding ticket, bound by
 * password or by phone code, after which the same account signs straight in through getLoginUser. Forged,
 * foreign and cookie-less states, provider refusals, an unreachable provider, reused codes and tickets, wrong
 * passwords (counted toward the lockout) and codes, frozen users and double bindings are refused with their
 * messages, and nothing is bound, signed in or created. Without OAUTH_PROVIDERS the whole of it is closed.
 */

let s: TestServer;
let closed: TestServer;
let oauth: FakeOAuth;
const LINA_PHONE = '13800000002';

beforeAll(async () => {
  oauth = await startFakeOAuth();
  s = await startServer({
    OAUTH_PROVIDERS: 'fake,dead',
    ...oauth.env('fake', '测试开放平台'),
    // A provider that cannot be reached (nothing listens on port 9).
    ...oauth.env('dead'),
    OAUTH_DEAD_TOKEN_URL: 'http://127.0.0.1:9/token',
  });
  closed = await startServer();
  await addUser(s.db, 'third_pw', ADMIN_PASSWORD);
  await addUser(s.db, 'third_lock', ADMIN_PASSWORD);
  await addUser(s.db, 'third_frozen', ADMIN_PASSWORD, { status: 2 });
  await addUser(s.db, 'third_later_frozen', ADMIN_PASSWORD);
});
afterAll(async () => {
  await s?.close();
  await closed?.close();
  await oauth?.close();
});

const callbackUri = (source = 'fake') => `${s.origin}/hope-boot/sys/thirdLogin/${source}/callback`;

/** render/{source}: the provider's address it redirects to, and the state cookie it sets. */
async function render(source = 'fake', mode: 'page' | '' = 'page') {
  const res = await fetch(`${s.origin}/hope-boot/sys/thirdLogin/render/${source}${mode ? `?mode=${mode}` : ''}`, { redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? '');
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  return { res, location, state: location.searchParams.get('state') ?? '', cookie };
}

/** The provider's redirect back: the callback's answer (not followed). */
async function callback(params: Record<string, string>, cookie: string | undefined, source = 'fake') {
  const res = await fetch(`${callbackUri(source)}?${new URLSearchParams(params)}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  const location = res.headers.get('location') ?? '';
  const landing = new URLSearchParams(location.split('?')[1] ?? '');
  return { res, location, landing, text: await res.text() };
}

/** A whole trip for `user` at the provider: render, the provider's code, the callback; answers where the browser lands. */
async function trip(user: string) {
  const { state, cookie } = await render();
  return callback({ code: oauth.issue(user, callbackUri()), state }, cookie);
}

const bindByPassword = (ticket: unknown, username: unknown, password: unknown, path = '/sys/thirdLogin/user/checkPassword') =>
  s.api.post(path, { ticket, username, password });
const getLoginUser = (code: string, tail = '/fake') => s.api.get(`/sys/thirdLogin/getLoginUser/${code}${tail}`);
const bindings = () =>
  s.db
    .selectFrom('sys_third_account' as never)
    .selectAll()
    .execute() as Promise<{ sys_user_id: string; third_type: string; third_user_uuid: string }[]>;
const userCount = async () =>
  Number(
    (
      await s.db
        .selectFrom('sys_user')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function lastSmsCode(phone: string): string {
  const outbox = join(s.config.dataDir, 'sms-outbox.log');
  const lines = existsSync(outbox) ? readFileSync(outbox, 'utf8').trim().split('\n') : [];
  return (
    lines
      .reverse()
      .find((l) => l.includes(` ${phone} `))
      ?.match(/验证码是(\d{6})/)?.[1] ?? ''
  );
}

describe('third-party sign-in, closed', () => {
  it('is off without OAUTH_PROVIDERS: site info says so, the client gets no buttons and every call is refused', async () => {
    expect((await closed.api.get('/site/siteinfo')).body.result.allowThirdLogin).toBe(false);
    expect((await closed.raw('/runtime-config.js')).body).not.toContain('thirdLogin');
    const rendered = await closed.api.get('/sys/thirdLogin/render/fake');
    expect(rendered.status).toBe(403);
    expect(rendered.body).toMatchObject({ success: false, message: '未启用第三方登录' });
    expect((await closed.api.get('/sys/thirdLogin/fake/callback?code=x&state=y')).body.message).toBe('未启用第三方登录');
    expect((await closed.api.get(`/sys/thirdLogin/getLoginUser/${'a'.repeat(43)}/fake`)).status).toBe(403);
    expect((await closed.api.post('/sys/thirdLogin/user/checkPassword', { ticket: 'x', username: 'admin', password: ADMIN_PASSWORD })).status).toBe(403);
    expect((await closed.api.post('/sys/thirdLogin/bindingThirdPhone', { thirdUserUuid: 'x', mobile: LINA_PHONE, captcha: '1' })).status).toBe(403);
    expect((await closed.api.post('/sys/thirdLogin/user/create', { ticket: 'x', username: 'nobody', password: 'Nobody@2024' })).status).toBe(403);
  });
});

describe('third-party sign-in', () => {
  it('site info and the client configuration name the providers', async () => {
    expect((await s.api.get('/site/siteinfo')).body.result.allowThirdLogin).toBe(true);
    expect((await s.raw('/runtime-config.js')).body).toContain('"thirdLogin":[{"source":"fake","name":"测试开放平台"},{"source":"dead","name":"dead"}]');
  });

  it('render sends the browser to the provider with a signed state, tied to the browser by a cookie', async () => {
    const { res, location, state, cookie } = await render();
    expect(res.status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(`${oauth.url}/authorize`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ response_type: 'code', client_id: oauth.clientId, redirect_uri: callbackUri() });
    expect(state).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(res.headers.get('set-cookie')).toMatch(/^hope_oauth_state=[\w-]+; Path=\/hope-boot\/sys\/thirdLogin; Max-Age=600; HttpOnly; SameSite=Lax$/);
    expect(cookie).toMatch(/^hope_oauth_state=/);
    // The Vue 2 client's path (no /sys) too; an unknown source is refused.
    expect((await fetch(`${s.origin}/hope-boot/thirdLogin/render/fake`, { redirect: 'manual' })).status).toBe(302);
    expect((await s.api.get('/sys/thirdLogin/render/nosuch')).body).toMatchObject({ success: false, message: '不支持的第三方登录方式' });
  });

  it('a first sign-in lands on the binding page; bound by password, the account signs in, and the next time straight away', async () => {
    const before = await userCount();
    const first = await trip('octocat');
    expect(first.res.status).toBe(302);
    expect(first.location.startsWith(`${s.origin}/#/user/third-login?`)).toBe(true);
    expect(first.landing.get('type')).toBe('fake');
    const ticket = first.landing.get('ticket')!;
    expect(ticket).toMatch(/^[\w-]{43}$/);
    // The state cookie is spent.
    expect(first.res.headers.get('set-cookie')).toContain('Max-Age=0');

    // A wrong password binds nothing, counts toward the lockout and leaves the ticket usable.
    const wrong = await bindByPassword(ticket, 'third_pw', 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, message: '用户名或密码错误，还可尝试4次', result: null });
    expect(await bindings()).toEqual([]);

    const bound = await bindByPassword(ticket, 'third_pw', ADMIN_PASSWORD);
    expect(bound.body).toMatchObject({ success: true, message: '绑定成功', result: expect.stringMatching(/^[\w-]{43}$/) });
    const [row] = await bindings();
    expect(row).toMatchObject({
      third_type: 'fake',
      third_user_uuid: expect.stringMatching(/^\d+$/),
      realname: '开放平台用户 octocat',
      avatar: 'https://avatars.example/octocat.png',
    });

    const signed = await getLoginUser(bound.body.result);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({
      success: true,
      code: 200,
      message: '登录成功',
      result: { token: expect.any(String), userInfo: { username: 'third_pw' }, sysAllDictItems: expect.any(Object), multi_depart: expect.any(Number) },
    });
    expect((await s.api.get('/sys/user/getUserInfo', signed.body.result.token)).body.result.userInfo.username).toBe('third_pw');
    const log = await s.db.selectFrom('sys_log').select('log_content').where('username', '=', 'third_pw').orderBy('create_time', 'desc').executeTakeFirst();
    expect(log?.log_content).toBe('用户名: third_pw,登录成功[第三方用户]！');

    // Codes and tickets are good once.
    expect((await getLoginUser(bound.body.result)).body).toMatchObject({ success: false, message: '第三方登录已失效，请重新登录' });
    expect((await bindByPassword(ticket, 'third_pw', ADMIN_PASSWORD)).body).toMatchObject({ success: false, message: '绑定请求已失效，请重新进行第三方登录' });

    // The second time the account is bound: a login code, and getLoginUser at each of its paths.
    const second = await trip('octocat');
    const code = second.landing.get('code')!;
    expect(second.landing.get('ticket')).toBeNull();
    expect((await s.api.get(`/thirdLogin/getLoginUser/${code}`)).body).toMatchObject({ success: true, result: { userInfo: { username: 'third_pw' } } });
    const third = await trip('octocat');
    expect((await getLoginUser(third.landing.get('code')!, '/fake/0')).body.result.userInfo.username).toBe('third_pw');
    // A code claimed for another provider is refused and stays unused.
    const fourth = await trip('octocat');
    expect((await getLoginUser(fourth.landing.get('code')!, '/dead')).body.message).toBe('第三方登录已失效，请重新登录');
    expect((await getLoginUser(fourth.landing.get('code')!)).body.success).toBe(true);
    expect(await userCount()).toBe(before);
  });

  it('binds by phone and SMS code (JeecgBoot: bindingThirdPhone with the ticket as thirdUserUuid)', async () => {
    const { landing } = await trip('phone_person');
    const ticket = landing.get('ticket')!;
    const bindPhone = (mobile: unknown, captcha: unknown, thirdUserUuid: unknown = ticket) =>
      s.api.post('/sys/thirdLogin/bindingThirdPhone', { mobile, captcha, thirdUserUuid });
    expect((await bindPhone('13999999999', '123456')).body).toMatchObject({ success: false, message: '该手机号未绑定用户' });
    expect((await bindPhone('12', '123456')).body.message).toBe('手机号码格式不正确');
    expect((await s.api.post('/sys/sms', { mobile: LINA_PHONE, smsmode: '0' })).body.success).toBe(true);
    const code = lastSmsCode(LINA_PHONE);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await bindPhone(LINA_PHONE, wrongCode)).body).toMatchObject({ success: false, message: '手机验证码错误' });
    expect((await bindPhone(LINA_PHONE, code, 'not-a-ticket')).body.message).toBe('绑定请求已失效，请重新进行第三方登录');
    expect((await bindings()).some((b) => b.third_user_uuid === String(9000 + [...'phone_person'].reduce((n, c) => n + c.charCodeAt(0), 0)))).toBe(false);

    const bound = await bindPhone(LINA_PHONE, code);
    expect(bound.body).toMatchObject({ success: true, message: '绑定成功' });
    expect((await getLoginUser(bound.body.result)).body.result.userInfo.username).toBe('lina');
    // The SMS code was used up with it.
    const again = await trip('phone_person');
    expect(again.landing.get('code')).toBeTruthy();
  });

  it('registers a new account for it where registration is open: bound, with no role, and nothing made on bad input', async () => {
    const { landing } = await trip('newbie');
    const ticket = landing.get('ticket')!;
    const create = (body: Record<string, unknown>, path = '/sys/thirdLogin/user/create') => s.api.post(path, { ticket, password: 'Newbie@2024', ...body });
    const phone = '13700000077';
    const before = await userCount();
    expect((await create({ username: 'third_pw', phone, smscode: '123456' })).body.message).toBe('用户账号已存在');
    expect((await create({ username: 'x', phone, smscode: '123456' })).body.message).toBe('用户名只能由2到30位字母、数字或下划线组成');
    expect((await create({ username: 'newbie', phone: LINA_PHONE, smscode: '123456' })).body.message).toBe('该手机号已注册，请直接登录');
    expect((await s.api.post('/sys/sms', { mobile: phone, smsmode: '1' })).body.success).toBe(true);
    const code = lastSmsCode(phone);
    expect((await create({ username: 'newbie', phone, smscode: code === '000000' ? '111111' : '000000' })).body.message).toBe('手机验证码错误');
    expect((await create({ username: 'newbie', phone, smscode: code, ticket: 'reused' })).body.message).toBe('绑定请求已失效，请重新进行第三方登录');
    expect(await userCount()).toBe(before);

    const made = await create({ username: 'newbie', phone, smscode: code }, '/sys/third/user/create');
    expect(made.body).toMatchObject({ success: true, message: '注册成功', result: { username: 'newbie' } });
    expect(await userCount()).toBe(before + 1);
    const user = await s.db.selectFrom('sys_user').select(['id', 'phone']).where('username', '=', 'newbie').executeTakeFirstOrThrow();
    expect(user.phone).toBe(phone);
    expect(await s.db.selectFrom('sys_user_role').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await bindings()).some((b) => b.sys_user_id === user.id && b.third_type === 'fake')).toBe(true);
    // The ticket is spent; the next trip signs the new account in.
    expect((await create({ username: 'newbie2', phone: '13700000078', smscode: '123456' })).body.message).toBe('绑定请求已失效，请重新进行第三方登录');
    const next = await trip('newbie');
    expect((await getLoginUser(next.landing.get('code')!)).body.result.userInfo.username).toBe('newbie');
  });

  it('wrong passwords in the binding lock the account as at sign-in', async () => {
    const { landing } = await trip('locker');
    const ticket = landing.get('ticket')!;
    for (let i = 0; i < 4; i++) expect((await bindByPassword(ticket, 'third_lock', 'nope')).status).toBe(401);
    const locked = await bindByPassword(ticket, 'third_lock', 'nope');
    expect(locked.status).toBe(423);
    expect(locked.body.message).toMatch(/^密码错误次数过多，账号已锁定/);
    // Even the right password now waits, at the binding and at /sys/login alike.
    expect((await bindByPassword(ticket, 'third_lock', ADMIN_PASSWORD)).status).toBe(423);
    expect((await s.api.post('/sys/login', { username: 'third_lock', password: ADMIN_PASSWORD })).status).toBe(423);
    expect((await bindings()).length).toBe(3);
  });

  it('refuses frozen users, users already bound to another account of the provider, and accounts bound elsewhere', async () => {
    const { landing } = await trip('cold');
    const ticket = landing.get('ticket')!;
    const frozen = await bindByPassword(ticket, 'third_frozen', ADMIN_PASSWORD);
    expect(frozen.status).toBe(403);
    // third_pw is bound to octocat already.
    const twice = await bindByPassword(ticket, 'third_pw', ADMIN_PASSWORD, '/sys/third/user/checkPassword');
    expect(twice.body).toMatchObject({ success: false, message: '该用户已绑定其他同类第三方账号' });
    // Refused inside the binding: the ticket is still good.
    const later = await bindByPassword(ticket, 'third_later_frozen', ADMIN_PASSWORD);
    expect(later.body.success).toBe(true);

    // Two tickets for one provider account: the first binding wins, the second is told so.
    const a = (await trip('racer')).landing.get('ticket')!;
    const b = (await trip('racer')).landing.get('ticket')!;
    expect((await bindByPassword(a, 'admin', ADMIN_PASSWORD)).body.success).toBe(true);
    expect((await bindByPassword(b, 'zhangwei', ADMIN_PASSWORD)).body.message).toBe('该第三方账号已绑定其他用户');

    // A bound user frozen afterwards does not get in.
    await s.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'third_later_frozen').execute();
    const code = (await trip('cold')).landing.get('code')!;
    const refused = await getLoginUser(code);
    expect(refused.status).toBe(403);
    expect(refused.body.result).toBeNull();
  });

  it('refuses states that are forged, foreign, expired or come back without their cookie', async () => {
    const { state, cookie } = await render();
    const code = () => oauth.issue('octocat', callbackUri());
    const refused = async (params: Record<string, string>, withCookie: string | undefined, source = 'fake') => {
      const answer = await callback(params, withCookie, source);
      expect(answer.res.status).toBe(200);
      // No valid state: the page that tells a popup 登录失败 and sends a page to the error.
      expect(answer.text).toContain('data-message="登录失败"');
      expect(answer.text).toContain(`data-href="${s.origin}/#/user/third-login?error=state"`);
      return answer;
    };
    const before = oauth.exchanges();
    await refused({ code: code(), state }, undefined);
    await refused({ code: code(), state }, 'hope_oauth_state=someone-elses');
    await refused({ code: code(), state: `${state.split('.')[0]}.forged` }, cookie);
    await refused({ code: code() }, cookie);
    await refused({ code: code(), state }, cookie, 'dead');
    const other = await render('dead');
    await refused({ code: code(), state: other.state }, other.cookie, 'fake');
    // The provider was never asked.
    expect(oauth.exchanges()).toBe(before);
    expect(THIRD_LOGIN_ERRORS.state).toBe('第三方登录请求已失效，请重新登录');

    const states = new OAuthStates(s.config.jwtSecret);
    const issued = states.issue('fake', 'page', Date.now() - 11 * 60_000);
    expect(states.check(issued.state, 'fake', issued.nonce)).toBeNull();
    const fresh = states.issue('fake', 'page');
    expect(states.check(fresh.state, 'fake', fresh.nonce)).toBe('page');
  });

  it('says so when the provider refuses, does not know the code, or cannot be reached', async () => {
    let r = await render();
    expect((await callback({ error: 'access_denied', state: r.state }, r.cookie)).landing.get('error')).toBe('denied');
    r = await render();
    expect((await callback({ code: 'not-issued', state: r.state }, r.cookie)).landing.get('error')).toBe('provider');
    r = await render();
    expect((await callback({ state: r.state }, r.cookie)).landing.get('error')).toBe('provider');
    r = await render('dead');
    expect((await callback({ code: 'x', state: r.state }, r.cookie, 'dead')).landing.get('error')).toBe('unreachable');
  });

  it("answers JeecgBoot's popup with a page that posts its opener the code, the binding or 登录失败", async () => {
    const bound = await render('fake', '');
    const page = await callback({ code: oauth.issue('octocat', callbackUri()), state: bound.state }, bound.cookie);
    expect(page.res.headers.get('content-type')).toContain('text/html');
    const message = page.text.match(/data-message="([\w-]{43})"/)?.[1];
    expect(message).toBeTruthy();
    expect(page.text).toContain(`data-origin="${s.origin}"`);
    expect(page.text).toContain('<script src="/hope-boot/sys/thirdLogin/opener.js"></script>');
    expect(page.res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await getLoginUser(message!)).body.result.userInfo.username).toBe('third_pw');

    const unbound = await render('fake', '');
    const binding = await callback({ code: oauth.issue('newcomer', callbackUri()), state: unbound.state }, unbound.cookie);
    expect(binding.text).toMatch(/data-message="绑定手机号,[\w-]{43}"/);

    const script = await s.raw('/hope-boot/sys/thirdLogin/opener.js');
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.body).toContain('window.opener.postMessage(message, origin)');
  });

  it('refuses malformed codes and tickets without looking them up', async () => {
    expect((await getLoginUser('x')).body.message).toBe('第三方登录已失效，请重新登录');
    expect((await getLoginUser(`${'a'.repeat(43)}`)).body.message).toBe('第三方登录已失效，请重新登录');
    expect((await bindByPassword(undefined, 'admin', ADMIN_PASSWORD)).body.message).toBe('绑定请求已失效，请重新进行第三方登录');
    expect((await bindByPassword({ $ne: 1 }, 'admin', ADMIN_PASSWORD)).body.message).toBe('绑定请求已失效，请重新进行第三方登录');
  });
});
