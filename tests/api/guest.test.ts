import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../server/auth/tokens.ts';
import { addPermission, userId } from './helpers/fixtures.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const PERMISSIONS = '/sys/permission/getUserPermissionByToken';

describe('guest login (allowed)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
    await addPermission(s.db, { name: '编辑', menu_type: 2, perms: 'demo:edit' }, ['admin']);
  });
  afterAll(() => s?.close());

  it('signs the built-in guest in without a password', async () => {
    const r = await s.api.post('/sys/guestLogin');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 200 });
    expect(r.body.result.token).toBeTruthy();
    expect(r.body.result.userInfo).toMatchObject({ username: 'guest', realname: '访客' });
    expect(r.body.result.userInfo).not.toHaveProperty('password');
    expect(r.body.result.sysAllDictItems.sex).toHaveLength(2);
    expect(r.body.result.multi_depart).toBe(0);
  });

  it('gives the guest the dashboard and the donation screens, with no button that writes', async () => {
    const token = (await s.api.post('/sys/guestLogin')).body.result.token;
    const r = await s.api.get(PERMISSIONS, token);
    expect(r.status).toBe(200);
    const { menu, auth, allAuth } = r.body.result;
    // Public areas only: invoices, WeChat users, help applications and poor students hold personal data.
    expect(menu.map((m: { path: string }) => m.path)).toEqual(['/dashboard/analysis', '/donation', '/project', '/info', '/love', '/web']);
    // The schema documents grant the guest (menu.readRoles) their read buttons only: detail, export, 高级查询.
    expect(auth.length).toBeGreaterThan(0);
    expect(auth.filter((a: { action: string }) => !/:(detail|export|superQuery)$/.test(a.action))).toEqual([]);
    // allAuth lists every button of the system, so the client knows which ones exist.
    expect(allAuth.map((a: { action: string }) => a.action)).toContain('demo:edit');
  });

  it('cannot sign in as guest with a password (its password is unguessable and unused)', async () => {
    const r = await s.api.post('/sys/login', { username: 'guest', password: 'guest' });
    expect(r.status).toBe(401);
  });

  it('refuses guest login when the guest account is frozen', async () => {
    await s.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'guest').execute();
    const r = await s.api.post('/sys/guestLogin');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, code: 403, message: '访客账号不可用' });
    await s.db.updateTable('sys_user').set({ status: 1 }).where('username', '=', 'guest').execute();
  });
});

describe('guest login switched off (ALLOW_GUEST=false)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ ALLOW_GUEST: 'false' });
  });
  afterAll(() => s?.close());

  it('refuses guest login with 403 and says so in siteinfo', async () => {
    const r = await s.api.post('/sys/guestLogin');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, code: 403, message: '访客登录已关闭，请使用账号登录', result: null });
    const site = await s.api.get('/site/siteinfo');
    expect(site.body.result.allowGuest).toBe(false);
    const logins = await s.db.selectFrom('sys_log').selectAll().where('username', '=', 'guest').execute();
    expect(logins).toHaveLength(0);
  });

  it('refuses a guest token issued before guest access was switched off', async () => {
    const svc = new TokenService(s.config.jwtSecret, 60_000);
    const { token } = await svc.sign({ id: await userId(s.db, 'guest'), username: 'guest' });
    const r = await s.api.get(PERMISSIONS, token);
    expect(r.status).toBe(401);
    expect(r.body.success).toBe(false);
  });
});
