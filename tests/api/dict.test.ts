import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer();
  token = await s.loginAs('admin', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

const items = (code: string) => s.api.get(`/sys/dict/getDictItems/${code}`, token);

describe('getDictItems', () => {
  it('returns the two sex items', async () => {
    const r = await items('sex');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 200 });
    expect(r.body.result).toEqual([
      { value: '1', text: '男', label: '男', title: '男' },
      { value: '2', text: '女', label: '女', title: '女' },
    ]);
  });

  it('keeps item order and colours (priority L/M/H)', async () => {
    const r = await items('priority');
    expect(r.body.result.map((o: { value: string }) => o.value)).toEqual(['L', 'M', 'H']);
    expect(r.body.result[2]).toMatchObject({ text: '紧急', color: 'red' });
  });

  it('returns an empty list for an unknown code', async () => {
    const r = await items('no_such_dict');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, result: [] });
  });

  it('refuses a blank code with 400 字典Code不能为空!', async () => {
    const r = await items('%20%20');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, message: '字典Code不能为空!' });
  });

  it.each([`sex' or 1=1--`, 'sex;drop table sys_user', '1sex', 'sex%00', '性别'])('refuses the code %j with 400 before touching the database', async (code) => {
    const counts = async () => ({
      dicts: (
        await s.db
          .selectFrom('sys_dict')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      users: (
        await s.db
          .selectFrom('sys_user')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    });
    const before = await counts();
    const r = await items(encodeURIComponent(code));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, result: null });
    expect(r.body.message).toMatch(/^字典Code格式不正确/);
    expect(await counts()).toEqual(before);
  });

  it("answers an over-long code (past the router's parameter limit) with a 414 envelope", async () => {
    const r = await items('a'.repeat(101));
    expect(r.status).toBe(414);
    expect(r.body).toMatchObject({ success: false, code: 414, message: '请求地址过长', result: null });
  });

  it('answers a malformed URL escape with a 400 envelope', async () => {
    const r = await items('%E0%A4%A');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, message: '请求格式不正确', result: null });
  });

  it('requires a token', async () => {
    expect((await s.api.get('/sys/dict/getDictItems/sex')).status).toBe(401);
  });
});

describe('queryAllDictItems and refleshCache', () => {
  it('queryAllDictItems answers every system dictionary by code', async () => {
    const r = await s.api.get('/sys/dict/queryAllDictItems', token);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(Object.keys(r.body.result)).toEqual(expect.arrayContaining(['sex', 'priority', 'user_status', 'yn', 'menu_type']));
    expect(r.body.result.sex).toHaveLength(2);
    expect(r.body.result.user_status).toEqual([expect.objectContaining({ value: '1', text: '正常' }), expect.objectContaining({ value: '2', text: '冻结' })]);
  });

  it('serves from the cache until refleshCache drops it', async () => {
    expect((await items('sex')).body.result).toHaveLength(2);
    const sex = await s.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'sex').executeTakeFirstOrThrow();
    await s.db
      .insertInto('sys_dict_item')
      .values({
        id: newId(),
        dict_id: sex.id,
        item_value: '0',
        item_text: '未知',
        item_color: null,
        description: null,
        sort_order: 3,
        status: 1,
        create_by: 'test',
        create_time: null,
        update_by: null,
        update_time: null,
      })
      .execute();
    // Still cached: the direct insert is not seen yet.
    expect((await items('sex')).body.result).toHaveLength(2);

    const r = await s.api.get('/sys/dict/refleshCache', token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 200, message: '刷新缓存完成！' });

    const after = await items('sex');
    expect(after.body.result.map((o: { text: string }) => o.text)).toEqual(['男', '女', '未知']);
    const all = await s.api.get('/sys/dict/queryAllDictItems', token);
    expect(all.body.result.sex).toHaveLength(3);
    // A new login carries the fresh dictionaries too.
    const login = await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.body.result.sysAllDictItems.sex).toHaveLength(3);
  });

  it('leaves disabled items and deleted dictionaries out', async () => {
    await s.db.updateTable('sys_dict_item').set({ status: 0 }).where('item_value', '=', '0').where('item_text', '=', '未知').execute();
    await s.db.updateTable('sys_dict').set({ del_flag: 1 }).where('dict_code', '=', 'yn').execute();
    await s.api.get('/sys/dict/refleshCache', token);
    expect((await items('sex')).body.result).toHaveLength(2);
    expect((await items('yn')).body.result).toEqual([]);
  });
});
