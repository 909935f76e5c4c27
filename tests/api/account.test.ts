import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, staffServer } from './announcements.fixture.ts';
import type { TestServer } from './helpers/server.ts';
import { TINY_PNG } from './helpers/fixtures.ts';

let s: TestServer;
let zhangwei: string;
let lina: string;
let guest: string;

beforeAll(async () => {
  ({
    s,
    tokens: { zhangwei, lina },
  } = await staffServer());
  guest = (await s.api.post('/sys/guestLogin')).body.result.token;
});
afterAll(() => s?.close());

async function upload(token: string | undefined, bytes: Buffer, name = 'a.png', fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const r = await fetch(`${s.origin}${s.config.apiBase}/sys/common/upload`, { method: 'POST', headers: token ? { 'X-Access-Token': token } : {}, body: form });
  return { status: r.status, body: await r.json() };
}

const edit = (token: string, body: unknown) => send(s, 'PUT', '/sys/user/login/setting/userEdit', body, token);

const uploadRoot = () => join(s.config.dataDir, 'upload');
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name)
    : [];

describe('upload', () => {
  it('stores a real image under a dated folder with a random name and serves it back', async () => {
    const r = await upload(zhangwei, TINY_PNG, '../../../etc/passwd.png');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.message).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(r.body.result).toBe(r.body.message);
    const back = await s.raw(`${s.config.apiBase}/sys/common/static/${r.body.message}`);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a file that only claims to be an image, an oversized one, a bad biz and the guest, writing nothing', async () => {
    const before = filesUnder(uploadRoot()).length;
    const fake = await upload(zhangwei, Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png');
    expect(fake).toMatchObject({ status: 400, body: { success: false, message: '请上传图片（仅支持 gif、jpeg、png）' } });
    const big = await upload(zhangwei, Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big).toMatchObject({ status: 413, body: { success: false, message: '文件大小不能超过5MB' } });
    const escape = await upload(zhangwei, TINY_PNG, 'a.png', { biz: '../../x' });
    expect(escape).toMatchObject({ status: 400, body: { message: 'biz 只能包含字母、数字和下划线' } });
    expect((await upload(guest, TINY_PNG)).status).toBe(403);
    expect((await upload(undefined, TINY_PNG)).status).toBe(401);
    expect(filesUnder(uploadRoot()).length).toBe(before);
    expect(existsSync(join(s.config.dataDir, 'x'))).toBe(false);
  });

  it('serves nothing outside the stored shape', async () => {
    for (const path of ['..%2F..%2Fjwt-secret', 'temp/20260101/../../jwt-secret', 'temp/20260101/0000.png']) {
      const r = await s.raw(`${s.config.apiBase}/sys/common/static/${path}`);
      expect(r.status, path).toBe(404);
    }
  });
});

describe('account settings', () => {
  it('answers the profile of the signed-in user, with departments and roles', async () => {
    const r = await s.api.get('/sys/user/login/setting/getUserData', zhangwei);
    expect(r.body.result).toMatchObject({
      username: 'zhangwei',
      realname: '张伟',
      departNames: ['募捐部'],
      roles: [{ roleCode: 'fundraiser', roleName: '募捐专员' }],
    });
    expect(r.body.result).not.toHaveProperty('password');
  });

  it('edits the own basic information, avatar included', async () => {
    const avatar = (await upload(lina, TINY_PNG)).body.message;
    const r = await edit(lina, { realname: '李娜娜', phone: '13800138000', email: 'lina@example.org', avatar });
    expect(r).toMatchObject({ status: 200, body: { success: true, message: '修改成功' } });
    expect(r.body.result.userInfo).toMatchObject({ realname: '李娜娜', phone: '13800138000', email: 'lina@example.org', avatar, sex: 2 });
    const row = await s.db.selectFrom('sys_user').selectAll().where('username', '=', 'lina').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ realname: '李娜娜', phone: '13800138000', avatar, sex: 2 });
  });

  it('refuses bad values with a clear message and changes nothing', async () => {
    const before = await s.db.selectFrom('sys_user').selectAll().where('username', '=', 'zhangwei').executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ realname: '' }, 400, '请输入姓名'],
      [{ realname: '张伟', phone: '12345' }, 400, '请输入正确的手机号码'],
      [{ realname: '张伟', email: 'not-mail' }, 400, '请输入正确的邮箱地址'],
      [{ realname: '张伟', avatar: 'https://evil.example/x.png' }, 400, '头像必须是上传的图片'],
      [{ realname: '张伟', phone: '13800138000' }, 400, '该手机号已被其他用户使用'],
      [{ realname: '张伟', sex: 3 }, 400, '性别只能是 1（男）或 2（女）'],
    ];
    for (const [body, status, message] of cases) expect(await edit(zhangwei, body), message).toMatchObject({ status, body: { success: false, message } });
    expect(await edit(guest, { realname: '黑客' })).toMatchObject({ status: 403, body: { message: '访客不能修改个人信息' } });
    const after = await s.db.selectFrom('sys_user').selectAll().where('username', '=', 'zhangwei').executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});
