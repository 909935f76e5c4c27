import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Phone sign-in (server/auth/sms.ts): /sys/sms sends a 6-digit code through the console provider (server
 * log and DATA_DIR/sms-outbox.log, read here as a person reads their phone), /sys/phoneLogin signs in with
 * it once. Bad phones, unknown phones, wrong, reused and stale codes, too many tries and resends too soon
 * are refused with their messages and sign nobody in.
 */

let s: TestServer;
const LINA_PHONE = '13800000002';

beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

/** The last code the console provider sent to `phone`. */
function lastCode(phone: string): string {
  const outbox = join(s.config.dataDir, 'sms-outbox.log');
  const lines = existsSync(outbox) ? readFileSync(outbox, 'utf8').trim().split('\n') : [];
  const line = lines.reverse().find((l) => l.includes(` ${phone} `));
  return line?.match(/验证码是(\d{6})/)?.[1] ?? '';
}
const send = (mobile: unknown, smsmode = '0') => s.api.post('/sys/sms', { mobile, smsmode });
const phoneLogin = (mobile: unknown, captcha: unknown) => s.api.post('/sys/phoneLogin', { mobile, captcha });
/** Lets the next send through (one send per phone and minute). */
const forgetLastSend = (phone: string) =>
  s.db
    .updateTable('sys_sms_code' as never)
    .set({ sent_at: '2000-01-01 00:00:00' } as never)
    .where('phone' as never, '=', phone as never)
    .execute();

describe('phone sign-in', () => {
  it("the site offers it, and a code sent to a user's phone signs that user in once", async () => {
    expect((await s.api.get('/site/siteinfo')).body.result.allowPhoneLogin).toBe(true);
    const sent = await send(LINA_PHONE);
    expect(sent.body).toMatchObject({ success: true, message: '验证码已发送，5分钟内有效' });
    const code = lastCode(LINA_PHONE);
    expect(code).toMatch(/^\d{6}$/);
    // The code is kept only as a hash.
    const stored = await s.db
      .selectFrom('sys_sms_code' as never)
      .selectAll()
      .execute();
    expect(JSON.stringify(stored)).not.toContain(code);

    const r = await phoneLogin(LINA_PHONE, code);
    expect(r.body).toMatchObject({ success: true, result: { userInfo: { username: 'lina' } } });
    // The token works: JeecgBoot's vue3 client reads the user with it next.
    expect((await s.api.get('/sys/user/getUserInfo', r.body.result.token)).body.result).toMatchObject({
      userInfo: { username: 'lina', realname: '李娜' },
      sysAllDictItems: expect.objectContaining({ sex: expect.any(Array) }),
    });
    expect((await phoneLogin(LINA_PHONE, code)).body).toMatchObject({ success: false, message: '手机验证码已失效，请重新获取' });
  });

  it.each([
    ['a malformed phone', '1380000', '手机号码格式不正确'],
    ['a phone as SQL', "13800000002' or '1'='1", '手机号码格式不正确'],
    ['a phone no user has', '13900000009', '该手机号未绑定用户'],
  ])('refuses %s when sending, and sends nothing', async (_, phone, message) => {
    const r = await send(phone);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
  });

  it('refuses a second send within a minute, a registration code for a phone in use, and an unknown mode', async () => {
    const phone = '13800000001';
    expect((await send(phone)).body.success).toBe(true);
    expect((await send(phone)).body).toMatchObject({ success: false, message: '验证码已发送，请60秒后再试' });
    expect((await send(phone, '1')).body).toMatchObject({ success: false, message: '该手机号已注册，请直接登录' });
    expect((await send(phone, '9')).status).toBe(400);
  });

  it('a wrong code is refused and counted; after five wrong tries even the right code is refused', async () => {
    const phone = '13800000003';
    await forgetLastSend(phone);
    expect((await send(phone)).body.success).toBe(true);
    const code = lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await phoneLogin(phone, '')).body.message).toBe('请输入手机验证码');
    for (let i = 0; i < 5; i++) expect((await phoneLogin(phone, wrong)).body.message).toBe('手机验证码错误');
    expect((await phoneLogin(phone, code)).body).toMatchObject({ success: false, message: '手机验证码已失效，请重新获取' });
  });

  it('a stale code is refused, and a frozen user gets no code', async () => {
    await forgetLastSend(LINA_PHONE);
    expect((await send(LINA_PHONE)).body.success).toBe(true);
    await s.db
      .updateTable('sys_sms_code' as never)
      .set({ expires_at: '2000-01-01 00:00:00' } as never)
      .where('phone' as never, '=', LINA_PHONE as never)
      .execute();
    expect((await phoneLogin(LINA_PHONE, lastCode(LINA_PHONE))).body.message).toBe('手机验证码已失效，请重新获取');

    const admin = await s.loginAs('admin', ADMIN_PASSWORD);
    const lina = await s.db.selectFrom('sys_user').select('id').where('username', '=', 'lina').executeTakeFirstOrThrow();
    expect((await s.api.put('/sys/user/frozenBatch', { ids: lina.id, status: '2' }, admin)).body.success).toBe(true);
    await forgetLastSend(LINA_PHONE);
    expect((await send(LINA_PHONE)).body).toMatchObject({ success: false, message: '该用户已冻结' });
  });
});

describe('registration (smsmode 1, /sys/user/register)', () => {
  const phone = '13700000077';
  const register = (body: Record<string, unknown>) => s.api.post('/sys/user/register', { username: 'xiaoming', password: 'Reg@12345', phone, ...body });
  const users = () => s.db.selectFrom('sys_user').select('username').where('phone', '=', phone).execute();

  it('refuses bad input before any code is used, and creates nobody', async () => {
    expect((await s.api.get('/site/siteinfo')).body.result.allowRegister).toBe(true);
    expect((await send(phone, '1')).body.success).toBe(true);
    const code = lastCode(phone);
    expect((await register({ smscode: code, username: "x' or 1=1" })).body.message).toBe('用户名只能由2到30位字母、数字或下划线组成');
    expect((await register({ smscode: code, password: '12345678' })).body.message).toBe('密码由8位数字、大小写字母和特殊符号组成!');
    expect((await register({ smscode: code, username: 'admin' })).body.message).toBe('用户账号已存在');
    expect((await register({ smscode: code, phone: LINA_PHONE })).body.message).toBe('该手机号已注册，请直接登录');
    expect((await register({ smscode: code === '000000' ? '111111' : '000000' })).body.message).toBe('手机验证码错误');
    expect(await users()).toEqual([]);
  });

  it('makes an account in the first tenant with no role, which signs in with its password; the code is used up', async () => {
    await forgetLastSend(phone);
    expect((await send(phone, '1')).body.success).toBe(true);
    const code = lastCode(phone);
    const r = await register({ smscode: code });
    expect(r.body).toMatchObject({ success: true, message: '注册成功', result: { username: 'xiaoming' } });
    const user = await s.db.selectFrom('sys_user').selectAll().where('username', '=', 'xiaoming').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ phone, status: 1, realname: 'xiaoming' });
    expect(user.password).not.toContain('Reg@12345');
    expect(await s.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await s.db.selectFrom('sys_user_tenant').select('tenant_id').where('user_id', '=', user.id).execute()).toEqual([{ tenant_id: 1 }]);
    expect((await s.api.post('/sys/login', { username: 'xiaoming', password: 'Reg@12345' })).body.success).toBe(true);
    expect((await register({ smscode: code, username: 'xiaoming2', phone: '13700000078' })).body.success).toBe(false);
  });

  it('ALLOW_REGISTER=false closes it', async () => {
    const closed = await startServer({ ALLOW_REGISTER: 'false' });
    try {
      expect((await closed.api.get('/site/siteinfo')).body.result.allowRegister).toBe(false);
      expect((await closed.api.post('/sys/sms', { mobile: '13700000099', smsmode: '1' })).body.message).toBe('系统未开放注册');
      expect((await closed.api.post('/sys/user/register', { username: 'nobody', password: 'Reg@12345', phone: '13700000099', smscode: '123456' })).status).toBe(
        403,
      );
    } finally {
      await closed.close();
    }
  });
});

describe('password recovery (smsmode 2, phoneVerification, passwordChange)', () => {
  it('a code proves the phone and names the account; the new password replaces the old and ends its sessions', async () => {
    const phone = '13800000001';
    const before = await s.loginAs('zhangwei', ADMIN_PASSWORD);
    // Sessions are ended by the second they began in (tokens carry whole seconds): let this one be older.
    await new Promise((r) => setTimeout(r, 1100));
    await forgetLastSend(phone);
    expect((await send(phone, '2')).body.success).toBe(true);
    const code = lastCode(phone);
    expect((await s.api.post('/sys/user/phoneVerification', { phone, smscode: '000000' === code ? '111111' : '000000' })).body.message).toBe('手机验证码错误');
    const verified = await s.api.post('/sys/user/phoneVerification', { phone, smscode: code });
    expect(verified.body).toMatchObject({ success: true, result: { username: 'zhangwei' } });

    const change = (query: string) => s.api.get(`/sys/user/passwordChange?${query}`);
    expect((await change(`username=lina&password=New%4012345&smscode=${code}&phone=${phone}`)).body.message).toBe('用户名与手机号不匹配');
    expect((await change(`username=zhangwei&password=weak&smscode=${code}&phone=${phone}`)).body.message).toBe('密码由8位数字、大小写字母和特殊符号组成!');
    expect((await s.api.post('/sys/login', { username: 'zhangwei', password: ADMIN_PASSWORD })).body.success).toBe(true);

    expect((await change(`username=zhangwei&password=New%4012345&smscode=${code}&phone=${phone}`)).body).toMatchObject({
      success: true,
      message: '密码重置成功',
    });
    expect((await s.api.post('/sys/login', { username: 'zhangwei', password: ADMIN_PASSWORD })).body.success).toBe(false);
    expect((await s.api.post('/sys/login', { username: 'zhangwei', password: 'New@12345' })).body.success).toBe(true);
    expect((await s.api.get('/sys/permission/getUserPermissionByToken', before)).status).not.toBe(200);
    // The code was used up by the change.
    expect((await change(`username=zhangwei&password=Other%4012345&smscode=${code}&phone=${phone}`)).body.message).toBe('手机验证码已失效，请重新获取');
  });
});

describe('with SMS_PROVIDER=off', () => {
  it('the site does not offer phone sign-in and both calls are refused', async () => {
    const off = await startServer({ SMS_PROVIDER: 'off' });
    try {
      expect((await off.api.get('/site/siteinfo')).body.result.allowPhoneLogin).toBe(false);
      expect((await off.api.post('/sys/sms', { mobile: LINA_PHONE, smsmode: '0' })).body).toMatchObject({ success: false, message: '未开放手机号登录' });
      expect((await off.api.post('/sys/phoneLogin', { mobile: LINA_PHONE, captcha: '123456' })).status).toBe(403);
    } finally {
      await off.close();
    }
  });
});
