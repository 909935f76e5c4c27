import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let token: string;
const OLD = 'Old@12345';
const NEW = 'New#67890x';

beforeAll(async () => {
  s = await startServer();
  await addUser(s.db, 'pwuser', OLD);
  token = await s.loginAs('pwuser', OLD);
});
afterAll(() => s?.close());

const hashOf = async (username: string) =>
  (await s.db.selectFrom('sys_user').select('password').where('username', '=', username).executeTakeFirstOrThrow()).password;
const update = (body: Record<string, unknown>, t = token) => s.api.post('/sys/user/updatePassword', body, t);
const valid = { username: 'pwuser', oldpassword: OLD, password: NEW, confirmpassword: NEW };

describe('sys/user/updatePassword refuses bad input and changes nothing', () => {
  it.each([
    ['no username', { ...valid, username: undefined }, 400, '当前系统无登陆用户!'],
    ['no old password', { ...valid, oldpassword: undefined }, 400, '请输入旧密码!'],
    ['blank old password', { ...valid, oldpassword: '  ' }, 400, '请输入旧密码!'],
    ['no new password', { ...valid, password: undefined }, 400, '请输入新密码!'],
    ['no confirmation', { ...valid, confirmpassword: undefined }, 400, '请确认新密码!'],
    ['a short new password', { ...valid, password: 'Ab#1', confirmpassword: 'Ab#1' }, 400, '密码由8位数字、大小写字母和特殊符号组成!'],
    ['a new password without a digit', { ...valid, password: 'Abcdefg#', confirmpassword: 'Abcdefg#' }, 400, '密码由8位数字、大小写字母和特殊符号组成!'],
    [
      'a new password without a special character',
      { ...valid, password: 'Abcdefg12', confirmpassword: 'Abcdefg12' },
      400,
      '密码由8位数字、大小写字母和特殊符号组成!',
    ],
    [
      'a new password over 20 characters',
      { ...valid, password: 'Abcdefg1#'.repeat(3), confirmpassword: 'Abcdefg1#'.repeat(3) },
      400,
      '密码由8位数字、大小写字母和特殊符号组成!',
    ],
    ['a confirmation that differs', { ...valid, confirmpassword: 'New#67890y' }, 400, '两次输入的密码不一样！'],
    ['a wrong old password', { ...valid, oldpassword: 'Wrong@1234' }, 400, '旧密码输入错误!'],
    ["another user's username", { ...valid, username: 'admin', oldpassword: ADMIN_PASSWORD }, 403, '只能修改自己的密码'],
  ])('%s', async (_label, body, status, message) => {
    const before = await hashOf('pwuser');
    const adminBefore = await hashOf('admin');
    const r = await update(body);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ success: false, code: status, message });
    expect(await hashOf('pwuser')).toBe(before);
    expect(await hashOf('admin')).toBe(adminBefore);
  });

  it('refuses the guest with 403', async () => {
    const guestToken = (await s.api.post('/sys/guestLogin')).body.result.token;
    const before = await hashOf('guest');
    const r = await update({ username: 'guest', oldpassword: 'anything', password: NEW, confirmpassword: NEW }, guestToken);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, code: 403, message: '访客不能修改密码' });
    expect(await hashOf('guest')).toBe(before);
  });

  it('refuses without a token', async () => {
    const before = await hashOf('pwuser');
    expect((await s.api.post('/sys/user/updatePassword', valid)).status).toBe(401);
    expect(await hashOf('pwuser')).toBe(before);
  });

  it('still lets the old password log in after all the refusals', async () => {
    expect((await s.api.post('/sys/login', { username: 'pwuser', password: OLD })).status).toBe(200);
    expect((await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
  });
});

describe('sys/user/updatePassword success', () => {
  it('stores a new hash: the new password logs in and the old one does not', async () => {
    const before = await hashOf('pwuser');
    const r = await update(valid);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 200, message: '密码修改成功!' });
    const after = await hashOf('pwuser');
    expect(after).not.toBe(before);
    expect(after).toMatch(/^scrypt\$/);
    expect(after).not.toContain(NEW);
    const row = await s.db.selectFrom('sys_user').select(['update_by', 'update_time']).where('username', '=', 'pwuser').executeTakeFirstOrThrow();
    expect(row.update_by).toBe('pwuser');
    expect(row.update_time).toBeTruthy();

    expect((await s.api.post('/sys/login', { username: 'pwuser', password: NEW })).status).toBe(200);
    const old = await s.api.post('/sys/login', { username: 'pwuser', password: OLD });
    expect(old.status).toBe(401);
    expect(old.body.message).toMatch(/^用户名或密码错误/);
  });
});
