import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/* Departments, the user-by-department look-ups and the category tree dictionary (spec section 7). */

let s: TestServer;
let admin: string;
let staff: string;
let guest: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  staff = await s.loginAs('zhangwei', ADMIN_PASSWORD);
  guest = (await s.api.post('/sys/guestLogin')).body.result.token;
});
afterAll(() => s?.close());

const departId = async (orgCode: string) => (await s.db.selectFrom('sys_depart').select('id').where('org_code', '=', orgCode).executeTakeFirstOrThrow()).id;
const departCount = async () =>
  Number(
    (
      await s.db
        .selectFrom('sys_depart')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('department tree', () => {
  it('queryTreeList answers the whole tree: one root, five departments under it, with id, key, title, children', async () => {
    const r = await s.api.get('/sys/sysDepart/queryTreeList', staff);
    expect(r.status).toBe(200);
    const [root] = r.body.result;
    expect(r.body.result).toHaveLength(1);
    expect(root).toMatchObject({ id: await departId('A01'), key: await departId('A01'), title: '希望工程基金会', orgCode: 'A01', isLeaf: false });
    expect(root.children.map((c: { title: string }) => c.title)).toEqual(['办公室', '募捐部', '项目部', '财务部', '资助部']);
    expect(root.children[0]).toMatchObject({ isLeaf: true, parentId: root.id });
  });

  it('queryIdTree answers key, value, title and children only', async () => {
    const r = await s.api.get('/sys/sysDepart/queryIdTree', staff);
    const [root] = r.body.result;
    expect(Object.keys(root).sort()).toEqual(['children', 'isLeaf', 'key', 'title', 'value']);
    expect(root.children).toHaveLength(5);
  });

  it('searchBy finds departments by part of their name, flat', async () => {
    const r = await s.api.get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('务')}`, staff);
    expect(r.body.result.map((d: { title: string }) => d.title)).toEqual(['财务部']);
    const none = await s.api.get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('%')}`, staff);
    expect(none.body.result).toEqual([]);
  });

  it('searchBy without a keyword or with a very long one is a 400', async () => {
    expect((await s.api.get('/sys/sysDepart/searchBy', staff)).body).toMatchObject({ code: 400, message: '请输入部门名称' });
    expect((await s.api.get(`/sys/sysDepart/searchBy?keyWord=${'长'.repeat(51)}`, staff)).status).toBe(400);
  });

  it("queryMyDeptTreeList answers the subtrees of the user's own departments", async () => {
    const mine = await s.api.get('/sys/sysDepart/queryMyDeptTreeList', staff);
    expect(mine.body.result.map((d: { title: string }) => d.title)).toEqual(['募捐部']);
    const admins = await s.api.get('/sys/sysDepart/queryMyDeptTreeList', admin);
    expect(admins.body.result.map((d: { title: string }) => d.title)).toEqual(['希望工程基金会']);
  });

  it('departments and categories serve as table dictionaries, so lists can show picked ids by name', async () => {
    const departs = await s.api.get(`/sys/dict/getDictItems/${encodeURIComponent('sys_depart,depart_name,id')}`, staff);
    expect(departs.body.result).toEqual(expect.arrayContaining([expect.objectContaining({ value: await departId('A01A04'), text: '财务部' })]));
    const categories = await s.api.get(`/sys/dict/getDictItems/${encodeURIComponent('sys_category,name,code')}`, staff);
    expect(categories.body.result).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'B01', text: '助学类别' })]));
  });

  it('needs a signed-in user', async () => {
    expect((await s.api.get('/sys/sysDepart/queryTreeList')).status).toBe(401);
  });
});

describe('users for the user modal', () => {
  it("lists users page by page with the modal's columns and never the password", async () => {
    const r = await s.api.get('/sys/user/queryUserComponentData?pageNo=1&pageSize=2&column=username&order=asc', staff);
    expect(r.status).toBe(200);
    // The read-only guest is not offered: it is no person to pick.
    expect(r.body.result).toMatchObject({ total: 4, size: 2, current: 1, pages: 2 });
    expect(r.body.result.records.map((u: { username: string }) => u.username)).toEqual(['admin', 'lina']);
    expect(Object.keys(r.body.result.records[0]).sort()).toEqual(['departIds', 'id', 'orgCode', 'orgCodeTxt', 'phone', 'realname', 'sex', 'username']);
    expect(r.body.result.records[0].orgCodeTxt).toBe('希望工程基金会,办公室');
  });

  it("searches accounts by part of the username, with or without the query bar's stars", async () => {
    for (const q of ['wang', '*wang*']) {
      const r = await s.api.get(`/sys/user/queryUserComponentData?username=${encodeURIComponent(q)}`, staff);
      expect(r.body.result.records.map((u: { username: string }) => u.username)).toEqual(['wangfang']);
    }
    const like = await s.api.get(`/sys/user/queryUserComponentData?username=${encodeURIComponent('_')}`, staff);
    expect(like.body.result.total).toBe(0);
  });

  it('answers exactly the named accounts, in order, for showing a stored value by name', async () => {
    const r = await s.api.get('/sys/user/queryUserComponentData?usernames=zhangwei,wangfang,gone', staff);
    expect(r.body.result.map((u: { realname: string }) => u.realname)).toEqual(['张伟', '王芳']);
    expect((await s.api.get(`/sys/user/queryUserComponentData?usernames=${encodeURIComponent("a' or 1=1")}`, staff)).status).toBe(400);
  });

  it('queryUserByDepId answers the users of the departments as an array', async () => {
    const finance = await departId('A01A04');
    const r = await s.api.get(`/sys/user/queryUserByDepId?id=${finance}`, staff);
    expect(r.body.result).toEqual([expect.objectContaining({ username: 'wangfang', realname: '王芳', sex: 2, orgCodeTxt: '财务部,资助部' })]);
    const two = await s.api.get(`/sys/user/queryUserByDepId?id=${finance},${await departId('A01A02')}`, staff);
    expect(two.body.result.map((u: { username: string }) => u.username)).toEqual(['wangfang', 'zhangwei']);
    const byAccount = await s.api.get(`/sys/user/queryUserByDepId?id=${finance},${await departId('A01A02')}&username=zhang`, staff);
    expect(byAccount.body.result.map((u: { username: string }) => u.username)).toEqual(['zhangwei']);
  });

  it('refuses bad input with 400', async () => {
    expect((await s.api.get('/sys/user/queryUserByDepId', staff)).body).toMatchObject({ code: 400, message: '请选择部门' });
    expect((await s.api.get(`/sys/user/queryUserByDepId?id=${encodeURIComponent("1' or '1'='1")}`, staff)).body).toMatchObject({
      code: 400,
      message: '部门ID格式不正确',
    });
    expect((await s.api.get('/sys/user/queryUserComponentData?pageNo=0', staff)).status).toBe(400);
    expect((await s.api.get('/sys/user/queryUserComponentData?pageNo=abc', staff)).status).toBe(400);
  });

  it('an unknown sort column falls back to the default order instead of reaching SQL', async () => {
    const r = await s.api.get(`/sys/user/queryUserComponentData?column=${encodeURIComponent('password')}&order=asc`, staff);
    expect(r.status).toBe(200);
    expect(r.body.result.records[0]).not.toHaveProperty('password');
  });

  it('the read-only guest may not list users (403), nobody may without a token (401)', async () => {
    expect((await s.api.get('/sys/user/queryUserComponentData', guest)).body).toMatchObject({ code: 403, message: '访客无权查看用户信息' });
    expect((await s.api.get(`/sys/user/queryUserByDepId?id=${await departId('A01')}`, guest)).status).toBe(403);
    expect((await s.api.get('/sys/user/queryUserComponentData')).status).toBe(401);
  });
});

describe('departments screen (system/depart over sys_depart)', () => {
  it('adds a department under a parent through the generic CRUD', async () => {
    const parent = await departId('A01A05');
    const r = await s.api.post('/system/depart/add', { departName: '助学一组', parentId: parent, orgCode: 'A01A05A01', orgCategory: '2', status: '1' }, admin);
    expect(r.body).toMatchObject({ success: true });
    const tree = await s.api.get('/sys/sysDepart/queryTreeList', admin);
    const aid = tree.body.result[0].children.find((c: { title: string }) => c.title === '资助部');
    expect(aid.children.map((c: { title: string }) => c.title)).toEqual(['助学一组']);
  });

  it('the list filters by parent departments picked in the query bar (sel_depart sends a comma list)', async () => {
    const r = await s.api.get(`/system/depart/list?parentId=${await departId('A01A05')},${await departId('A01A04')}`, admin);
    expect(r.body.result.records.map((d: { departName: string }) => d.departName)).toEqual(['助学一组']);
  });

  it("refuses making a department its own parent or its child's child, and changes nothing", async () => {
    const aid = await departId('A01A05');
    const group = await departId('A01A05A01');
    const loop = await s.api.put(
      '/system/depart/edit',
      { id: aid, departName: '资助部', orgCode: 'A01A05', orgCategory: '2', status: '1', parentId: group },
      admin,
    );
    expect(loop.body).toMatchObject({ success: false, code: 400, message: '上级部门不能是自己或自己的下级' });
    const self = await s.api.put(
      '/system/depart/edit',
      { id: aid, departName: '资助部', orgCode: 'A01A05', orgCategory: '2', status: '1', parentId: aid },
      admin,
    );
    expect(self.body.message).toBe('上级部门不能是自己或自己的下级');
    expect((await s.db.selectFrom('sys_depart').select('parent_id').where('id', '=', aid).executeTakeFirstOrThrow()).parent_id).toBe(await departId('A01'));
  });

  it('refuses deleting a department with child departments or users, and deletes nothing', async () => {
    const before = await departCount();
    const withChild = await s.api.delete(`/sys/sysDepart/delete?id=${await departId('A01A05')}`, admin);
    expect(withChild.body).toMatchObject({ success: false, code: 400, message: '该部门下还有子部门，请先删除子部门' });
    const withUsers = await s.api.delete(`/system/depart/delete?id=${await departId('A01A04')}`, admin);
    expect(withUsers.body).toMatchObject({ success: false, code: 400, message: '该部门下还有用户，请先调离用户再删除' });
    expect(await departCount()).toBe(before);
    expect(
      await s.db
        .selectFrom('sys_user_depart')
        .select('id')
        .where('dep_id', '=', await departId('A01A04'))
        .execute(),
    ).toHaveLength(1);
  });

  it('deletes an empty department; a user without the permission gets 403', async () => {
    const id = await departId('A01A05A01');
    expect((await s.api.delete(`/sys/sysDepart/delete?id=${id}`, staff)).status).toBe(403);
    expect(await s.db.selectFrom('sys_depart').select('id').where('id', '=', id).executeTakeFirst()).toBeTruthy();
    const r = await s.api.delete(`/sys/sysDepart/delete?id=${id}`, admin);
    expect(r.body).toMatchObject({ success: true });
    expect(await s.db.selectFrom('sys_depart').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a malformed id with 400', async () => {
    expect((await s.api.delete(`/sys/sysDepart/delete?id=${encodeURIComponent("x' or 1=1 --")}`, admin)).status).toBe(400);
  });
});

describe('category tree dictionary', () => {
  const categoryId = async (code: string) =>
    (
      (await s.db
        .selectFrom('sys_category' as never)
        .select('id' as never)
        .where('code' as never, '=', code as never)
        .executeTakeFirstOrThrow()) as { id: string }
    ).id;

  it('loadTreeRoot without pcode answers the top level; with pcode the children of that category', async () => {
    const top = await s.api.get('/sys/category/loadTreeRoot', staff);
    expect(top.body.result.map((n: { title: string }) => n.title)).toEqual(['助学类别', '项目类别']);
    expect(top.body.result[0]).toMatchObject({ code: 'B01', isLeaf: false, parentId: null });
    const aid = await s.api.get('/sys/category/loadTreeRoot?pcode=B01', staff);
    expect(aid.body.result.map((n: { title: string }) => n.title)).toEqual(['学费资助', '生活补助', '营养午餐', '大学新生助学金']);
    expect(aid.body.result.map((n: { isLeaf: boolean }) => n.isLeaf)).toEqual([false, true, true, true]);
  });

  it('loadTreeChildren and loadTreeData(pid) answer one level', async () => {
    const fees = await categoryId('B01A01');
    const r = await s.api.get(`/sys/category/loadTreeChildren?pid=${fees}`, staff);
    expect(r.body.result.map((n: { title: string }) => n.title)).toEqual(['小学学费', '初中学费', '高中学费']);
    const data = await s.api.get(`/sys/category/loadTreeData?pid=${fees}`, staff);
    expect(data.body.result).toEqual(r.body.result);
    const byCondition = await s.api.get(
      `/sys/category/loadTreeData?pcode=B02&condition=${encodeURIComponent(JSON.stringify({ code: { $eq: 'B02A02' } }))}`,
      staff,
    );
    expect(byCondition.body.result.map((n: { title: string }) => n.title)).toEqual(['希望图书室']);
  });

  it('loadDictItem answers the names of ids in the order asked; loadOne a category by code', async () => {
    const ids = [await categoryId('B02A01'), await categoryId('B01A02')];
    const r = await s.api.get(`/sys/category/loadDictItem/?ids=${ids.join(',')}`, staff);
    expect(r.body.result).toEqual(['希望小学建设', '生活补助']);
    const one = await s.api.get('/sys/category/loadOne?field=code&val=B01', staff);
    expect(one.body.result).toMatchObject({ name: '助学类别', code: 'B01', pid: null, hasChild: '1' });
  });

  it('refuses bad input with 400: unknown pcode, malformed ids, foreign condition fields, lookups by other fields', async () => {
    expect((await s.api.get('/sys/category/loadTreeRoot?pcode=NOPE', staff)).body).toMatchObject({ code: 400, message: '分类编码不存在: NOPE' });
    expect((await s.api.get(`/sys/category/loadDictItem?ids=${encodeURIComponent("a';drop table sys_category;--")}`, staff)).status).toBe(400);
    expect((await s.api.get(`/sys/category/loadTreeData?condition=${encodeURIComponent(JSON.stringify({ password: { $eq: 'x' } }))}`, staff)).status).toBe(400);
    expect((await s.api.get(`/sys/category/loadTreeData?condition=${encodeURIComponent('[1]')}`, staff)).status).toBe(400);
    expect((await s.api.get('/sys/category/loadOne?field=create_by&val=system', staff)).status).toBe(400);
    expect((await s.api.get('/sys/category/loadTreeRoot')).status).toBe(401);
  });

  it('adding a category under another makes it a branch; a category with children is not deleted', async () => {
    const meals = await categoryId('B01A03');
    const add = await s.api.post('/system/category/add', { name: '早餐补助', code: 'B01A03A01', pid: meals }, admin);
    expect(add.body).toMatchObject({ success: true });
    const level = await s.api.get('/sys/category/loadTreeRoot?pcode=B01', staff);
    expect(level.body.result.find((n: { code: string }) => n.code === 'B01A03').isLeaf).toBe(false);
    const refused = await s.api.delete(`/system/category/delete?id=${meals}`, admin);
    expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ code: 400, message: '该分类下还有子分类，请先删除子分类' });
    expect(await categoryId('B01A03')).toBe(meals);
  });
});
