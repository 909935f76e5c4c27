import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Hardened sessions (issue 17 item 6): a password change ends the user's other sessions (the one that
 * changed it goes on), an administrator's reset ends them all, wrong old passwords count toward the lock,
 * and a token living longer than the server issues them, or without an expiry, is refused even when signed.
 */

let s: TestServer;
let admin: string;
const NEW_PASSWORD = 'Changed@5678';
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

const PERMISSIONS = '/sys/permission/getUserPermissionByToken';
const works = async (token: string) => (await s.api.get(PERMISSIONS, token)).status === 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('changing one\u2019s password ends the other sessions at once; resetting it ends them all', async () => {
  const here = await s.loginAs('lina', ADMIN_PASSWORD);
  const elsewhere = await s.loginAs('lina', ADMIN_PASSWORD);
  // Tokens carry their issue time in seconds: the change must come in a later second to tell them apart.
  await sleep(1100);
  const changed = await s.api.post(
    '/sys/user/updatePassword',
    { username: 'lina', oldpassword: ADMIN_PASSWORD, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD },
    here,
  );
  expect(changed.body).toMatchObject({ success: true, message: '密码修改成功!' });
  expect(await works(here)).toBe(true);
  expect(await works(elsewhere)).toBe(false);

  const fresh = await s.loginAs('lina', NEW_PASSWORD);
  await sleep(1100);
  const reset = await s.api.put('/sys/user/changePassword', { username: 'lina', password: ADMIN_PASSWORD, confirmpassword: ADMIN_PASSWORD }, admin);
  expect(reset.body.success, JSON.stringify(reset.body)).toBe(true);
  expect(await works(here)).toBe(false);
  expect(await works(fresh)).toBe(false);
  expect(await works(admin)).toBe(true);
  expect(await works(await s.loginAs('lina', ADMIN_PASSWORD))).toBe(true);
});

it('wrong old passwords count toward the sign-in lock', async () => {
  const token = await s.loginAs('wangfang', ADMIN_PASSWORD);
  const wrong = () =>
    s.api.post('/sys/user/updatePassword', { username: 'wangfang', oldpassword: 'Wrong@0000', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD }, token);
  const messages: string[] = [];
  for (let i = 0; i < 6; i++) messages.push((await wrong()).body.message);
  expect(messages[0]).toBe('旧密码输入错误!');
  expect(messages.at(-1)).toMatch(/^密码错误次数过多，账号已锁定/);
  const login = await s.api.post('/sys/login', { username: 'wangfang', password: ADMIN_PASSWORD });
  expect(login.body.success).toBe(false);
  expect(login.body.message).toMatch(/账号已锁定/);
});

it('refuses a signed token without an expiry, or living longer than the server issues them', async () => {
  const user = await s.db.selectFrom('sys_user').select(['id', 'username']).where('username', '=', 'admin').executeTakeFirstOrThrow();
  const sign = (build: (jwt: SignJWT) => SignJWT) =>
    build(new SignJWT({ username: user.username }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setJti(crypto.randomUUID())).sign(
      s.config.jwtSecret,
    );
  const tenYears = await sign((j) => j.setIssuedAt().setExpirationTime('3650d'));
  const noExpiry = await sign((j) => j.setIssuedAt());
  const noIssued = await sign((j) => j.setExpirationTime('1h'));
  const proper = await sign((j) => j.setIssuedAt().setExpirationTime('1h'));
  expect(await works(tenYears)).toBe(false);
  expect(await works(noExpiry)).toBe(false);
  expect(await works(noIssued)).toBe(false);
  expect(await works(proper)).toBe(true);
});
