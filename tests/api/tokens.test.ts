import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../server/auth/tokens.ts';
import { userId } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const PERMISSIONS = '/sys/permission/getUserPermissionByToken';
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/**
 * No token: 401. A token that does not stand (bad, expired, revoked): 500 with the token-expired message,
 * as JeecgBoot answers it — what makes the client show 登录已过期 (spec section 8).
 */
async function expectRefused(token: string | undefined) {
  const r = await s.api.get(PERMISSIONS, token);
  const status = token?.trim() ? 500 : 401;
  expect(r.status).toBe(status);
  expect(r.body).toMatchObject({ success: false, code: status, message: 'Token失效，请重新登录', result: null });
}

describe('logout', () => {
  it('revokes the token: the same token is refused afterwards and its jti is stored', async () => {
    const token = await s.loginAs('admin', ADMIN_PASSWORD);
    expect((await s.api.get(PERMISSIONS, token)).status).toBe(200);

    const out = await s.api.post('/sys/logout', undefined, token);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true, code: 200, message: '退出登录成功！' });

    const { jti, exp } = decode(token.split('.')[1]);
    const row = await s.db.selectFrom('sys_token_revoked').selectAll().where('jti', '=', jti).executeTakeFirst();
    expect(row).toBeTruthy();
    // The revocation is kept as long as the token would have lived, no longer.
    expect(Math.abs(new Date(row!.expires_at.replace(' ', 'T')).getTime() / 1000 - exp)).toBeLessThanOrEqual(1);

    await expectRefused(token);
    expect((await s.api.post('/sys/logout', undefined, token)).status).toBe(500);
    expect((await s.api.get('/sys/user/getCurrentUserDeparts', token)).status).toBe(500);
  });

  it('revokes only the token that logged out, not the other sessions of the user', async () => {
    const a = await s.loginAs('admin', ADMIN_PASSWORD);
    const b = await s.loginAs('admin', ADMIN_PASSWORD);
    await s.api.post('/sys/logout', undefined, a);
    await expectRefused(a);
    expect((await s.api.get(PERMISSIONS, b)).status).toBe(200);
  });

  it('writes a logout line to the system log', async () => {
    const token = await s.loginAs('admin', ADMIN_PASSWORD);
    await s.api.post('/sys/logout', undefined, token);
    const lines = await s.db.selectFrom('sys_log').select('log_content').where('username', '=', 'admin').execute();
    expect(lines.some((l) => l.log_content?.includes('退出成功'))).toBe(true);
  });
});

describe('bad tokens', () => {
  it('refuses an expired token signed with the right secret', async () => {
    const expired = new TokenService(s.config.jwtSecret, -60_000);
    const { token } = await expired.sign({ id: await userId(s.db, 'admin'), username: 'admin' });
    await expectRefused(token);
  });

  it('accepts a token it signed itself with the install secret (control for the cases below)', async () => {
    const fresh = new TokenService(s.config.jwtSecret, 60_000);
    const { token } = await fresh.sign({ id: await userId(s.db, 'admin'), username: 'admin' });
    expect((await s.api.get(PERMISSIONS, token)).status).toBe(200);
  });

  it('refuses a token signed with another secret', async () => {
    const forger = new TokenService(new TextEncoder().encode('not-the-install-secret-at-all-0123456789'), 60_000);
    const { token } = await forger.sign({ id: await userId(s.db, 'admin'), username: 'admin' });
    await expectRefused(token);
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const token = (await s.api.post('/sys/guestLogin')).body.result.token as string;
    expect((await s.api.get(PERMISSIONS, token)).status).toBe(200);
    const [header, payload, signature] = token.split('.');
    const claims = decode(payload);
    const forged = [header, b64url({ ...claims, sub: await userId(s.db, 'admin'), username: 'admin' }), signature].join('.');
    await expectRefused(forged);
  });

  it('refuses an unsigned (alg none) token', async () => {
    const claims = { sub: await userId(s.db, 'admin'), username: 'admin', jti: 'x', exp: Math.floor(Date.now() / 1000) + 3600 };
    await expectRefused(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`);
  });

  it('refuses a token for a user id that does not exist', async () => {
    const svc = new TokenService(s.config.jwtSecret, 60_000);
    const { token } = await svc.sign({ id: '0000000000000000000', username: 'ghost' });
    await expectRefused(token);
  });

  it.each(['garbage', 'a.b.c', 'Bearer xyz', ' '])('refuses the garbage token %j', async (token) => {
    await expectRefused(token);
  });

  it('refuses a protected route without a token', async () => {
    await expectRefused(undefined);
    const r = await s.api.post('/sys/logout');
    expect(r.status).toBe(401);
    expect((await s.api.get('/sys/dict/getDictItems/sex')).status).toBe(401);
    expect((await s.api.get('/sys/user/getCurrentUserDeparts')).status).toBe(401);
  });

  it('never reads a token from the URL (it would end up in logs, histories and Referer headers)', async () => {
    const token = await s.loginAs('admin', ADMIN_PASSWORD);
    expect((await s.api.get(`${PERMISSIONS}?token=${encodeURIComponent(token)}`)).status).toBe(401);
    expect((await s.api.get(PERMISSIONS, token)).status).toBe(200);
  });
});

describe('public routes and the rest of the surface', () => {
  it('serves site/siteinfo without a token', async () => {
    const r = await s.api.get('/site/siteinfo');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 200, result: { appName: '希望工程后台管理系统', allowGuest: true } });
  });

  it('serves site/siteinfo even with a bad token (a public route ignores it)', async () => {
    expect((await s.api.get('/site/siteinfo', 'garbage')).status).toBe(200);
  });

  it('serves sys/login without a token', async () => {
    expect((await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const token = await s.loginAs('admin', ADMIN_PASSWORD);
    for (const r of [await s.api.get('/sys/nothing/here', token), await s.api.post('/no/such/call', { a: 1 }, token)]) {
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ success: false, code: 404, message: '很抱歉，资源未找到!', result: null });
    }
    // Without a token too: there is nothing at that path to protect.
    const anonymous = await s.api.get('/sys/nothing/here');
    expect(anonymous.status).toBe(404);
    expect(anonymous.body).toMatchObject({ success: false, code: 404, message: '很抱歉，资源未找到!' });
    const outside = await s.raw('/definitely-not-here');
    expect(outside.status).toBe(404);
    expect(outside.body).toMatchObject({ success: false, code: 404, message: '很抱歉，资源未找到!' });
  });

  it('serves /runtime-config.js setting window._CONFIG with the API base and the site info', async () => {
    const r = await s.raw('/runtime-config.js');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('javascript');
    expect(r.headers.get('cache-control')).toBe('no-store');
    const text = r.body as string;
    expect(text).toMatch(/^window\._CONFIG = /);
    const cfg = JSON.parse(text.replace(/^window\._CONFIG = /, '').replace(/;\s*$/, ''));
    expect(cfg).toMatchObject({ apiBase: '/hope-boot', staticDomainURL: '/hope-boot/sys/common/static' });
    // The login page reads the site info from here instead of asking for it: the same as GET /site/siteinfo answers.
    expect(cfg.siteInfo).toEqual((await s.api.get('/site/siteinfo')).body.result);
  });

  it('sends nosniff and referrer headers on API answers', async () => {
    const r = await s.api.get('/site/siteinfo');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('no other site may frame the pages: X-Frame-Options everywhere, frame-ancestors in the page CSP', async () => {
    expect((await s.api.get('/site/siteinfo')).headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const page = await s.raw('/');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const csp = page.headers.get('content-security-policy');
    if (csp) expect(csp).toContain("frame-ancestors 'self'");
  });
});
