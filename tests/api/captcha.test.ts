import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * The sign-in captcha (issue 17 item 1): /sys/randomImage/{key} always answers an SVG data URL; with
 * CAPTCHA on, /sys/login needs the code drawn for the key — single use, refused when wrong or missing.
 * The test knows a code by storing its own hash for the key (the image's text is drawn as paths).
 */

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ CAPTCHA: 'true' });
});
afterAll(() => s?.close());

const db = () => s.db as unknown as Kysely<any>;
const knownCode = async (key: string, code: string) => {
  expect((await s.api.get(`/sys/randomImage/${key}`)).body.result).toMatch(/^data:image\/svg\+xml;base64,/);
  await db()
    .updateTable('sys_captcha')
    .set({ code_hash: createHash('sha256').update(`${key}:${code}`).digest('hex') })
    .where('check_key', '=', key)
    .execute();
};
const login = (body: Record<string, unknown>) => s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD, ...body });

describe('captcha', () => {
  it('site info says sign-in asks for it; the image is an SVG data URL', async () => {
    expect((await s.api.get('/site/siteinfo')).body.result.captcha).toBe(true);
    const image = await s.api.get('/sys/randomImage/k1');
    expect(Buffer.from(image.body.result.split(',')[1], 'base64').toString()).toContain('<svg');
  });

  it('signs in with the right code once; the code is then used up', async () => {
    await knownCode('k2', 'ab3d');
    expect((await s.api.post('/sys/checkCaptcha', { checkKey: 'k2', captcha: 'AB3D' })).body).toMatchObject({ success: true, message: '验证码正确' });
    expect((await login({ checkKey: 'k2', captcha: 'ab3d' })).body.success).toBe(true);
    expect((await login({ checkKey: 'k2', captcha: 'ab3d' })).body).toMatchObject({ success: false, message: '验证码已失效，请刷新后重试' });
  });

  it.each([
    [{}, '请输入验证码'],
    [{ checkKey: 'k3', captcha: 'zzzz' }, '验证码错误'],
    [{ checkKey: 'never-drawn', captcha: 'ab3d' }, '验证码已失效，请刷新后重试'],
    [{ checkKey: 'bad key!', captcha: 'ab3d' }, '验证码 key 格式不正确'],
  ])('refuses %j, even with the right password, and signs nobody in', async (body, message) => {
    await knownCode('k3', 'ab3d');
    const r = await login(body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, message });
    expect(r.body.result?.token).toBeUndefined();
  });

  it('a wrong guess uses the image up too', async () => {
    await knownCode('k4', 'ab3d');
    expect((await login({ checkKey: 'k4', captcha: 'nope' })).body.message).toBe('验证码错误');
    expect((await login({ checkKey: 'k4', captcha: 'ab3d' })).body.message).toBe('验证码已失效，请刷新后重试');
  });
});
