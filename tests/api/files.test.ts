import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathsIn } from '../../server/engine/write/file-references.ts';
import { JOB_HANDLERS } from '../../server/services/jobs/handlers.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';
import { TINY_PNG } from './helpers/fixtures.ts';

/*
 * 文件管理 (schemas/system/file.json): every upload is indexed with its uploader; the writer keeps the
 * reference index on every add, edit and delete (upload fields and rich text alike); a file in use is not
 * deleted, a free one is deleted with its bytes; the screen reads through the scoped reader.
 */

let s: TestServer;
let admin: string;
let lina: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  lina = await s.loginAs('lina', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

async function upload(token: string, name = 'photo.png', biz = 'carousel', tenant?: string): Promise<string> {
  const form = new FormData();
  form.append('biz', biz);
  form.append('file', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), name);
  const headers: Record<string, string> = { 'X-Access-Token': token, ...(tenant ? { tenant_id: tenant } : {}) };
  const r = await fetch(`${s.origin}${s.config.apiBase}/sys/common/upload`, { method: 'POST', headers, body: form });
  return ((await r.json()) as { message: string }).message;
}
const fileRow = (path: string) =>
  s.db
    .selectFrom('sys_file' as never)
    .selectAll()
    .where('path' as never, '=', path as never)
    .executeTakeFirst() as Promise<Record<string, any> | undefined>;
const refsOf = (fileId: string) =>
  s.db
    .selectFrom('sys_file_ref' as never)
    .selectAll()
    .where('file_id' as never, '=', fileId as never)
    .execute() as Promise<Record<string, any>[]>;
const carousel = async (image: string) => {
  const r = await s.api.post('/web/carousel/add', { title: '文件测试', image, linkType: '0', position: '1', status: '1' }, admin);
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return r.body.result.id as string;
};
const remove = (id: string, token = admin) => s.api.post(`/system/file/operation/remove?id=${id}`, {}, token);

describe('the index of uploads', () => {
  it('an upload gets a row with its name, size, type, business folder and uploader', async () => {
    const path = await upload(lina, '证书照片.png');
    expect(await fileRow(path)).toMatchObject({
      file_name: '证书照片.png',
      file_size: TINY_PNG.length,
      file_type: 'image/png',
      biz: 'carousel',
      create_by: 'lina',
      ref_count: 0,
    });
  });

  it('finds stored paths in upload fields, comma lists and rich text, and nothing in look-alikes', () => {
    const a = 'photo/20261124/0123456789abcdef0123456789abcdef.png';
    const b = 'doc/20261124/fedcba9876543210fedcba9876543210.pdf';
    expect([...pathsIn({ image: a, files: `${a},${b}`, html: `<p><img src="/hope-boot/sys/common/static/${b}"></p>`, id: '1795565587163000479' })]).toEqual([
      [a, 'image'],
      [b, 'files'],
    ]);
    expect(pathsIn({ note: 'photo/20261124/0123456789abcdef0123456789abcdeg.png and 2026/11/24' }).size).toBe(0);
  });
});

describe('the reference index follows every write', () => {
  it('add, edit and delete of a record move its references and the count', async () => {
    const first = await upload(admin);
    const second = await upload(admin);
    const recordId = await carousel(first);
    const one = (await fileRow(first))!;
    expect(one.ref_count).toBe(1);
    expect(await refsOf(one.id)).toEqual([expect.objectContaining({ ref_table: 'web_carousel', record_id: recordId, field: 'image' })]);

    expect((await s.api.put('/web/carousel/edit', { id: recordId, image: second }, admin)).body.success).toBe(true);
    expect((await fileRow(first))!.ref_count).toBe(0);
    expect((await fileRow(second))!.ref_count).toBe(1);

    expect((await s.api.delete(`/web/carousel/delete?id=${recordId}`, admin)).body.success).toBe(true);
    expect((await fileRow(second))!.ref_count).toBe(0);
    expect(await refsOf((await fileRow(second))!.id)).toEqual([]);
  });

  it('an image in rich text is a reference of that record', async () => {
    const path = await upload(admin, 'inline.png', 'editor');
    const r = await s.api.post(
      '/system/announcement/add',
      {
        titile: '带图片的通告',
        msgCategory: '1',
        msgType: 'ALL',
        priority: 'M',
        msgContent: `<p>见图</p><p><img src="${s.config.apiBase}/sys/common/static/${path}"></p>`,
      },
      admin,
    );
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const file = (await fileRow(path))!;
    expect(await refsOf(file.id)).toEqual([expect.objectContaining({ ref_table: 'sys_announcement', field: 'msg_content' })]);
  });
});

describe('deleting a file', () => {
  it('is refused while a record uses it, and changes nothing', async () => {
    const path = await upload(admin);
    await carousel(path);
    const file = (await fileRow(path))!;
    const r = await remove(file.id);
    expect(r.body).toMatchObject({ success: false, message: '该文件正被1条记录引用，不能删除' });
    expect(await fileRow(path)).toBeTruthy();
    expect(existsSync(join(s.config.dataDir, 'upload', ...path.split('/')))).toBe(true);
  });

  it('removes a free file and its bytes; the generic delete is refused (it could not remove the bytes)', async () => {
    const path = await upload(admin);
    const file = (await fileRow(path))!;
    const generic = await s.api.delete(`/system/file/delete?id=${file.id}`, admin);
    expect(generic.body).toMatchObject({ success: false, message: '请在文件管理中使用“删除”操作删除文件' });
    expect((await remove(file.id)).body).toMatchObject({ success: true, message: '删除成功' });
    expect(await fileRow(path)).toBeUndefined();
    expect(existsSync(join(s.config.dataDir, 'upload', ...path.split('/')))).toBe(false);
    expect((await s.api.download(`/sys/common/static/${path}`)).status).toBe(404);
  });

  it('a user without the button permission is refused', async () => {
    const path = await upload(lina);
    const file = (await fileRow(path))!;
    expect((await remove(file.id, lina)).status).toBe(403);
    expect(await fileRow(path)).toBeTruthy();
  });
});

describe('the cleanTempUploads job', () => {
  it('removes old temp uploads no record uses, rows and bytes, and keeps used and recent ones', async () => {
    const [old, used, recent] = [await upload(admin, 'a.png', 'temp'), await upload(admin, 'b.png', 'temp'), await upload(admin, 'c.png', 'temp')];
    await carousel(used);
    await s.db
      .updateTable('sys_file' as never)
      .set({ create_time: '2020-01-01 00:00:00' } as never)
      .where('path' as never, 'in', [old, used] as never)
      .execute();
    expect(await JOB_HANDLERS.cleanTempUploads({ ctx: s.ctx, parameter: '1' })).toBe('已清理1个临时文件');
    const stored = (path: string) => existsSync(join(s.config.dataDir, 'upload', ...path.split('/')));
    expect([await fileRow(old), stored(old)]).toEqual([undefined, false]);
    expect(await fileRow(used)).toBeTruthy();
    expect(stored(used)).toBe(true);
    expect(stored(recent)).toBe(true);
  });
});

describe('文件管理 reads through the scoped reader', () => {
  it('lists files with their uploader; a file of another tenant is not listed and not found', async () => {
    // A second tenant: with one tenant only there is nothing to isolate.
    await s.db.insertInto('sys_tenant').values({ id: 2, name: '另一个租户', status: 1, create_time: '2026-11-24 00:00:00' }).execute();
    const inTenant = { tenant_id: '1' };
    const path = await upload(admin, '本租户.png', 'carousel', '1');
    expect(await fileRow(path)).toMatchObject({ tenant_id: 1 });
    const list = await s.api.get('/system/file/list?pageSize=100&column=createTime&order=desc', admin, inTenant);
    expect(list.body.result.records).toEqual(expect.arrayContaining([expect.objectContaining({ path, fileName: '本租户.png', createBy: 'admin' })]));

    const other = await upload(admin, '别的租户.png', 'carousel', '1');
    await s.db
      .updateTable('sys_file' as never)
      .set({ tenant_id: 2 } as never)
      .where('path' as never, '=', other as never)
      .execute();
    const again = await s.api.get('/system/file/list?pageSize=100', admin, inTenant);
    expect(again.body.result.records.map((r: any) => r.path)).toContain(path);
    expect(again.body.result.records.map((r: any) => r.path)).not.toContain(other);
    const hidden = (await fileRow(other))!;
    expect((await s.api.get(`/system/file/queryById?id=${hidden.id}`, admin, inTenant)).body.success).toBe(false);
    expect((await s.api.post(`/system/file/operation/remove?id=${hidden.id}`, {}, admin, inTenant)).body.success).toBe(false);
    expect(await fileRow(other)).toBeTruthy();
  });
});
