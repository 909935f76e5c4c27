import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer();
  token = await s.loginAs('admin', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

const orgCodeOf = async (username: string) =>
  (await s.db.selectFrom('sys_user').select('org_code').where('username', '=', username).executeTakeFirstOrThrow()).org_code;

describe('getCurrentUserDeparts', () => {
  it("lists admin's two departments and the current orgCode", async () => {
    const r = await s.api.get('/sys/user/getCurrentUserDeparts', token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 200 });
    expect(r.body.result.orgCode).toBe('A01');
    expect(r.body.result.list).toHaveLength(2);
    expect(r.body.result.list).toEqual([
      expect.objectContaining({ orgCode: 'A01', departName: '希望工程基金会', parentId: null }),
      expect.objectContaining({ orgCode: 'A01A01', departName: '办公室' }),
    ]);
  });

  it('lists nothing for the guest, who has no department', async () => {
    const guestToken = (await s.api.post('/sys/guestLogin')).body.result.token;
    const r = await s.api.get('/sys/user/getCurrentUserDeparts', guestToken);
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ list: [], orgCode: null });
  });
});

describe('selectDepart', () => {
  it('switches to a department the user belongs to and answers the new userInfo', async () => {
    const r = await s.api.post('/sys/selectDepart', { orgCode: 'A01A01', username: 'admin' }, token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 200 });
    expect(r.body.result.userInfo).toMatchObject({ username: 'admin', orgCode: 'A01A01', orgCodeTxt: '办公室' });
    expect(r.body.result.userInfo).not.toHaveProperty('password');
    expect(await orgCodeOf('admin')).toBe('A01A01');
    const departs = await s.api.get('/sys/user/getCurrentUserDeparts', token);
    expect(departs.body.result.orgCode).toBe('A01A01');
  });

  it("accepts the call without a username (it is the session's user anyway)", async () => {
    const r = await s.api.post('/sys/selectDepart', { orgCode: 'A01' }, token);
    expect(r.status).toBe(200);
    expect(await orgCodeOf('admin')).toBe('A01');
  });

  it('refuses a department the user does not belong to with 400 and changes nothing', async () => {
    const before = await orgCodeOf('admin');
    for (const orgCode of ['A01A02', 'NOPE']) {
      const r = await s.api.post('/sys/selectDepart', { orgCode, username: 'admin' }, token);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 400, message: '您不属于该部门' });
    }
    expect(await orgCodeOf('admin')).toBe(before);
  });

  it('refuses a missing orgCode with 400 请选择登录部门', async () => {
    const r = await s.api.post('/sys/selectDepart', { username: 'admin' }, token);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请选择登录部门');
  });

  it("refuses to switch another user's department with 403", async () => {
    const before = await orgCodeOf('guest');
    const r = await s.api.post('/sys/selectDepart', { orgCode: 'A01', username: 'guest' }, token);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, code: 403, message: '只能切换自己的部门' });
    expect(await orgCodeOf('guest')).toBe(before);
  });

  it('refuses without a token', async () => {
    expect((await s.api.post('/sys/selectDepart', { orgCode: 'A01' })).status).toBe(401);
  });
});
