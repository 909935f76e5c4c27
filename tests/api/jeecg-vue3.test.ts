import { createCipheriv, createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { plainPassword } from '../../server/auth/jeecg-password.ts';
import { userId } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * What JeecgBoot's vue3 client (jeecgboot-vue3 v3.9.3) needs beyond the contract table's paths, found by
 * running it against our server: the AES-encrypted sign-in password, the login page's department list, the
 * calls right after signing in, its 切换部门 dialog, its socket name, and records under its field names.
 */

/** The password as the vue3 client sends it (src/utils/cipher.ts encryptAESCBC: AES-128-CBC, PKCS#7, Base64). */
const vue3Cipher = (text: string) => {
  const cipher = createCipheriv('aes-128-cbc', Buffer.from('1234567890adbcde'), Buffer.from('1234567890hjlkew'));
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
};
const VUE3 = { 'X-Version': 'v3' };

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

const failures = async () => (await s.db.selectFrom('sys_login_failure').select('id').where('username', '=', 'admin').execute()).length;

describe('signing in from the vue3 client', () => {
  it('signs in under the department its login page picked (loginOrgCode); one the user is not in is refused, nothing changed', async () => {
    const orgCodeOf = async () => (await s.db.selectFrom('sys_user').select('org_code').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_code;
    const picked = await s.api.post('/sys/login', { username: 'admin', password: vue3Cipher(ADMIN_PASSWORD), loginOrgCode: 'A01A01' });
    expect(picked.body.result.userInfo.orgCode).toBe('A01A01');
    expect(await orgCodeOf()).toBe('A01A01');
    const refused = await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD, loginOrgCode: 'A01A02' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, message: '您不属于该部门' });
    expect(await orgCodeOf()).toBe('A01A01');
    expect((await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD, loginOrgCode: 'A01' })).body.result.userInfo.orgCode).toBe('A01');
  });

  it('takes the AES-encrypted password and still plain text; a wrong one either way is refused', async () => {
    expect((await s.api.post('/sys/login', { username: 'admin', password: vue3Cipher(ADMIN_PASSWORD) })).body).toMatchObject({ success: true });
    expect((await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD })).body).toMatchObject({ success: true });
    const wrong = await s.api.post('/sys/login', { username: 'admin', password: vue3Cipher('Wrong@1234') });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/^用户名或密码错误/);
    await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
  });

  it('reads only what decrypts to text: Base64-looking plain passwords stay as typed', () => {
    expect(plainPassword(vue3Cipher('密码Abc#123'))).toBe('密码Abc#123');
    for (const typed of ['QWJjZGVmZ2hpamtsbW5vcA==', 'AAAAAAAAAAAAAAAAAAAAAA==', 'Admin@1234', 'short==']) expect(plainPassword(typed)).toBe(typed);
  });

  it('loginGetUserDeparts: after the password (no token), the departments to sign in to — not 机构 or 岗位', async () => {
    const r = await s.api.post('/sys/loginGetUserDeparts', { username: 'admin', password: vue3Cipher(ADMIN_PASSWORD), loginType: 'account', checkKey: 'k' });
    expect(r.body).toMatchObject({ success: true, result: { currentOrgCode: expect.any(String) } });
    const codes = r.body.result.departs.map((d: { orgCode: string }) => d.orgCode);
    const categories = await s.db.selectFrom('sys_depart').select(['org_code', 'org_category']).where('org_code', 'in', codes).execute();
    expect(codes.length).toBeGreaterThan(0);
    expect(categories.every((d) => d.org_category === '2')).toBe(true);
    expect(r.body.result.departs[0]).toEqual({ id: expect.any(String), orgCode: expect.any(String), departName: expect.any(String) });
  });

  it('loginGetUserDeparts: a wrong password is refused and counts toward the lockout; phone sign-in is told to pick later', async () => {
    const before = await failures();
    const r = await s.api.post('/sys/loginGetUserDeparts', { username: 'admin', password: vue3Cipher('Wrong@1234'), loginType: 'account' });
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/^用户名或密码错误/);
    expect(r.body.result ?? null).toBeNull();
    expect(await failures()).toBe(before + 1);
    const unknown = await s.api.post('/sys/loginGetUserDeparts', { username: 'nobody_here', password: 'x', loginType: 'account' });
    expect(unknown.status).toBe(401);
    const phone = await s.api.post('/sys/loginGetUserDeparts', { mobile: '13800000001', smscode: '123456', loginType: 'phone' });
    expect(phone.body).toMatchObject({ success: false, message: '手机号登录后可在页头切换部门' });
    // A right password afterwards signs in and clears the count, as at /sys/login.
    await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(await failures()).toBe(0);
  });
});

describe('after signing in', () => {
  it('verifyIzDefaultPwd: no shared default password here', async () => {
    expect((await s.api.get('/sys/user/verifyIzDefaultPwd', admin)).body).toMatchObject({ success: true, result: 'no' });
  });

  it('getUnreadMessageCount: the bell counts what listByUser shows unread', async () => {
    const byUser = (await s.api.get('/sys/annountCement/listByUser', admin)).body.result;
    const r = await s.api.get('/sys/annountCement/getUnreadMessageCount', admin);
    const total = byUser.anntMsgTotal + byUser.sysMsgTotal;
    expect(r.body.result).toEqual({ systemCount: total, flowCount: 0, fileCount: 0, planCount: 0, count: total });
  });

  it('切换部门: the departments carry their category, the tenants are listed, and the switch sticks', async () => {
    const departs = (await s.api.get('/sys/user/getCurrentUserDeparts', admin)).body.result;
    expect(departs.list.length).toBeGreaterThan(0);
    for (const d of departs.list) expect(['1', '2', '3']).toContain(d.orgCategory);
    const tenants = (await s.api.get('/sys/tenant/getCurrentUserTenant', admin)).body.result;
    expect(tenants.list).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1, name: '希望工程总部', status: 1 })]));
    const office = departs.list.find((d: { orgCategory: string }) => d.orgCategory === '2');
    const r = await s.api.put('/sys/selectDepart', { username: 'admin', orgCode: office.orgCode, loginTenantId: 1 }, admin);
    expect(r.body.result.userInfo.orgCode).toBe(office.orgCode);
    expect((await s.api.get('/sys/user/getUserInfo', admin)).body.result.userInfo.orgCode).toBe(office.orgCode);
  });

  it('部门管理 asks for departments and posts in one lazy tree: the same levels as queryDepartTreeSync', async () => {
    const theirs = await s.api.get('/sys/sysDepart/queryDepartAndPostTreeSync', admin);
    expect(theirs.body.result).toEqual((await s.api.get('/sys/sysDepart/queryDepartTreeSync', admin)).body.result);
    const pid = theirs.body.result[0].id;
    expect((await s.api.get(`/sys/sysDepart/queryDepartAndPostTreeSync?pid=${pid}`, admin)).body.result.length).toBeGreaterThan(0);
  });

  it("getDepartPathNameByOrgCode: a department's path of names, by org code or id; nothing for an unknown one", async () => {
    const office = await s.db.selectFrom('sys_depart').select(['id', 'depart_name', 'parent_id']).where('org_code', '=', 'A01A01').executeTakeFirstOrThrow();
    const root = await s.db.selectFrom('sys_depart').select('depart_name').where('id', '=', office.parent_id!).executeTakeFirstOrThrow();
    const path = `${root.depart_name}/${office.depart_name}`;
    expect((await s.api.get('/sys/sysDepart/getDepartPathNameByOrgCode?orgCode=A01A01', admin)).body.result).toBe(path);
    expect((await s.api.get(`/sys/sysDepart/getDepartPathNameByOrgCode?orgCode=&depId=${office.id}`, admin)).body.result).toBe(path);
    expect((await s.api.get('/sys/sysDepart/getDepartPathNameByOrgCode?orgCode=', admin)).body.result).toBe('');
    expect((await s.api.get('/sys/sysDepart/getDepartPathNameByOrgCode?orgCode=NOPE', admin)).body.result).toBe('');
  });

  it('the socket named {userId}_{client id} opens for its own user only', async () => {
    const id = await userId(s.db, 'admin');
    const url = (name: string) => `${s.origin.replace('http', 'ws')}${s.config.apiBase}/websocket/${name}`;
    const open = (name: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url(name), [admin]);
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.on('error', () => resolve(0));
      });
    expect(await open(`${id}_${createHash('md5').update(admin).digest('hex')}`)).toBe(101);
    expect(await open(`${await userId(s.db, 'zhangwei')}_${createHash('md5').update(admin).digest('hex')}`)).toBe(403);
  });
});

describe('records under JeecgBoot field names', () => {
  it('a call by a JeecgBoot name answers each field under its Java (camelCase) name, as our own path does', async () => {
    const theirs = (await s.api.get('/sys/role/list?pageSize=100', admin)).body.result.records;
    const admins = theirs.find((r: { roleCode: string }) => r.roleCode === 'admin');
    expect(admins).toMatchObject({ roleCode: 'admin', roleName: expect.any(String), createTime: expect.any(String) });
    expect(admins).not.toHaveProperty('role_code');
    const ours = (await s.api.get('/system/role/list?pageSize=100', admin)).body.result.records;
    expect(ours.find((r: { roleCode: string }) => r.roleCode === 'admin')).toEqual(admins);
  });

  it('the vue3 client (X-Version) gets the same names at our own paths, dictionary texts as <javaName>_dictText', async () => {
    expect((await s.api.get('/sys/dict/list', admin, VUE3)).body.result.records[0]).toHaveProperty('dictName');
    expect((await s.api.get('/sys/dict/list', admin)).body.result.records[0]).toHaveProperty('dictName');
    const user = (await s.api.get('/sys/user/list?username=zhangwei', admin, VUE3)).body.result.records[0];
    expect(user).toMatchObject({ orgCode: expect.any(String), orgCode_dictText: expect.any(String) });
    expect(user).toHaveProperty('sex_dictText');
    expect(user).not.toHaveProperty('org_code');
    expect(user).not.toHaveProperty('org_code_dictText');
  });

  it('a record sent back with a JeecgBoot dictionary text is saved, the text ignored; a column name is refused', async () => {
    const added = await s.api.post('/sys/position/add', { code: 'vue3_pos', name: '客户端职务', postRank: '1' }, admin);
    const id = added.body.result.id;
    const r = await s.api.put('/sys/position/edit', { id, code: 'vue3_pos', name: '客户端职务二', postRank: '1', postRank_dictText: '任意' }, admin);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    expect((await s.api.get(`/sys/position/queryById?id=${id}`, admin)).body.result).toMatchObject({ name: '客户端职务二', postRank: '1' });
    const snake = await s.api.put('/sys/position/edit', { id, name: '客户端职务三', post_rank: '2' }, admin);
    expect(snake.status).toBe(400);
    expect(snake.body.message).toBe('未知字段: post_rank（应写作 postRank）');
    expect((await s.api.get(`/sys/position/queryById?id=${id}`, admin)).body.result).toMatchObject({ name: '客户端职务二', postRank: '1' });
  });
});
