import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const failuresOf = async (username: string) => s.db.selectFrom('sys_login_failure').selectAll().where('username', '=', username).execute();

describe('POST /sys/login', () => {
  it('signs admin in with token, userInfo, dictionaries and departments', async () => {
    const r = await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 200 });
    expect(typeof r.body.timestamp).toBe('number');
    const { token, userInfo, sysAllDictItems, departs, multi_depart } = r.body.result;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(userInfo).toMatchObject({ username: 'admin', realname: '管理员', orgCode: 'A01', status: 1, relTenantIds: '1' });
    expect(userInfo).not.toHaveProperty('password');
    expect(JSON.stringify(r.body)).not.toContain('scrypt$');
    expect(sysAllDictItems.sex).toEqual([expect.objectContaining({ value: '1', text: '男' }), expect.objectContaining({ value: '2', text: '女' })]);
    expect(departs.map((d: { orgCode: string }) => d.orgCode).sort()).toEqual(['A01', 'A01A01']);
    expect(multi_depart).toBe(2);
  });

  it('writes a login line to the system log', async () => {
    await s.loginAs('admin', ADMIN_PASSWORD);
    const logs = await s.db.selectFrom('sys_log').select(['log_type', 'log_content']).where('username', '=', 'admin').execute();
    expect(logs.some((l) => l.log_type === 1 && l.log_content?.includes('登录成功'))).toBe(true);
  });

  it.each([
    [{}, '请输入用户名'],
    [{ password: ADMIN_PASSWORD }, '请输入用户名'],
    [{ username: '   ', password: ADMIN_PASSWORD }, '请输入用户名'],
    [{ username: 123, password: ADMIN_PASSWORD }, '请输入用户名'],
    [{ username: ['admin'], password: ADMIN_PASSWORD }, '请输入用户名'],
    [{ username: 'admin' }, '请输入密码'],
    [{ username: 'admin', password: '' }, '请输入密码'],
    [{ username: 'admin', password: 12345678 }, '请输入密码'],
    [{ username: 'admin', password: null }, '请输入密码'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const r = await s.api.post('/sys/login', body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, message });
    expect(await failuresOf('admin')).toHaveLength(0);
  });

  it('answers a login without any body with 400 请输入用户名', async () => {
    const r = await s.api.post('/sys/login');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, message: '请输入用户名' });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const r = await s.api.post('/sys/login', '{"username": "admin", "password": ');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, result: null });
    expect(typeof r.body.message).toBe('string');
    expect(r.body.message.length).toBeGreaterThan(0);
  });

  it('refuses an over-long username with 400', async () => {
    const r = await s.api.post('/sys/login', { username: 'a'.repeat(101), password: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('请输入用户名');
  });

  it('answers an unknown user and a wrong password alike (401) and records the failure', async () => {
    const unknown = await s.api.post('/sys/login', { username: 'nobody', password: 'Whatever@1' });
    const wrong = await s.api.post('/sys/login', { username: 'admin', password: 'Wrong@1234' });
    for (const r of [unknown, wrong]) {
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ success: false, code: 401 });
      expect(r.body.message).toMatch(/^用户名或密码错误/);
    }
    expect(unknown.body.message).toBe(wrong.body.message);
    expect(await failuresOf('nobody')).toHaveLength(1);
    const adminFailures = await failuresOf('admin');
    expect(adminFailures).toHaveLength(1);
    expect(adminFailures[0].ip).toBe('127.0.0.1');
    // A successful login clears the account's failures.
    await s.loginAs('admin', ADMIN_PASSWORD);
    expect(await failuresOf('admin')).toHaveLength(0);
  });
});

describe('lockout', () => {
  it('locks after five wrong passwords, refuses even the right one, and frees the account after 15 minutes', async () => {
    await addUser(s.db, 'locky', 'Locky@1234');
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await s.api.post('/sys/login', { username: 'locky', password: `Wrong@${i}xyz` });
      expect(r.status).toBe(401);
      messages.push(r.body.message);
    }
    expect(messages).toEqual([
      '用户名或密码错误，还可尝试4次',
      '用户名或密码错误，还可尝试3次',
      '用户名或密码错误，还可尝试2次',
      '用户名或密码错误，还可尝试1次',
    ]);

    const fifth = await s.api.post('/sys/login', { username: 'locky', password: 'Wrong@5xyz' });
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({ success: false, code: 423 });
    expect(fifth.body.message).toContain('锁定');
    expect(await failuresOf('locky')).toHaveLength(5);

    const right = await s.api.post('/sys/login', { username: 'locky', password: 'Locky@1234' });
    expect(right.status).toBe(423);
    expect(right.body.message).toContain('锁定');
    expect(right.body.message).toMatch(/请1[45]分钟后再试/);
    expect(right.body.result).toBeNull();
    // Refusals while locked are not failures of their own (the lock does not extend itself).
    expect(await failuresOf('locky')).toHaveLength(5);

    // Other accounts are not affected.
    await s.loginAs('admin', ADMIN_PASSWORD);

    await sql`update sys_login_failure set failed_at = failed_at - interval '16 minutes' where username = 'locky'`.execute(s.db);
    const after = await s.api.post('/sys/login', { username: 'locky', password: 'Locky@1234' });
    expect(after.status).toBe(200);
    expect(after.body.result.token).toBeTruthy();
    expect(await failuresOf('locky')).toHaveLength(0);
  });

  it('does not lock for failures older than the window', async () => {
    await addUser(s.db, 'slowpoke', 'Slowpoke@1');
    for (let i = 0; i < 4; i++) await s.api.post('/sys/login', { username: 'slowpoke', password: 'nope' });
    await sql`update sys_login_failure set failed_at = failed_at - interval '16 minutes' where username = 'slowpoke'`.execute(s.db);
    const r = await s.api.post('/sys/login', { username: 'slowpoke', password: 'nope' });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('用户名或密码错误，还可尝试4次');
  });
});

describe('frozen user', () => {
  it('refuses the login with 403 该用户已冻结 and the token it already holds with 401', async () => {
    const id = await addUser(s.db, 'icy', 'Icy@12345');
    const token = await s.loginAs('icy', 'Icy@12345');
    expect((await s.api.get('/sys/permission/getUserPermissionByToken', token)).status).toBe(200);

    await s.db.updateTable('sys_user').set({ status: 2 }).where('id', '=', id).execute();

    const login = await s.api.post('/sys/login', { username: 'icy', password: 'Icy@12345' });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ success: false, code: 403, message: '该用户已冻结', result: null });

    const again = await s.api.get('/sys/permission/getUserPermissionByToken', token);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ success: false, code: 401, message: '该用户已冻结' });
  });

  it('does not reveal that a frozen account exists when the password is wrong', async () => {
    await addUser(s.db, 'icy2', 'Icy2@12345', { status: 2 });
    const r = await s.api.post('/sys/login', { username: 'icy2', password: 'Wrong@1234' });
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/^用户名或密码错误/);
  });

  it('treats a deleted user (del_flag 1) as unknown', async () => {
    const id = await addUser(s.db, 'gone', 'Gone@12345');
    const token = await s.loginAs('gone', 'Gone@12345');
    await s.db.updateTable('sys_user').set({ del_flag: 1 }).where('id', '=', id).execute();
    const r = await s.api.post('/sys/login', { username: 'gone', password: 'Gone@12345' });
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/^用户名或密码错误/);
    // Its token no longer stands: the token-expired answer (500, shown as 登录已过期).
    expect((await s.api.get('/sys/permission/getUserPermissionByToken', token)).status).toBe(500);
  });
});
