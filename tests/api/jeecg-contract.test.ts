import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * The JeecgBoot client contract (issue 17 item 8): docs/jeecg-contract.md lists every call the two JeecgBoot
 * clients make for our screens. Each served call must answer on its method and path with the envelope (never
 * 404); each call refused on purpose must answer 403 with the refusal and run nothing.
 */

interface Call {
  method: string;
  path: string;
  screen: string;
  status: 'served' | 'refused' | 'missing';
}

const table = readFileSync(join(import.meta.dirname, '../../docs/jeecg-contract.md'), 'utf8');
const calls: Call[] = table
  .split('\n')
  .map((line) => /^\| (GET|POST|PUT|DELETE) \| `([^`]+)` \| ([^|]*) \| [^|]* \| (served|refused|missing) \|$/.exec(line))
  .filter((m): m is RegExpExecArray => !!m)
  .map((m) => ({ method: m[1], path: m[2], screen: m[3].trim(), status: m[4] as Call['status'] }));

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

async function call(c: Call, token: string) {
  const url = `${s.origin}${s.config.apiBase}${c.path.replace(/\{[^}]+\}/g, 'sample')}`;
  const hasBody = c.method === 'POST' || c.method === 'PUT';
  const r = await fetch(url, {
    method: c.method,
    headers: { 'X-Access-Token': token, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    body: hasBody ? '{}' : undefined,
  });
  const type = r.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await r.json() : await r.text();
  return { status: r.status, type, body };
}

describe('docs/jeecg-contract.md', () => {
  it('lists the calls of both clients, each once', () => {
    expect(calls.length).toBeGreaterThan(200);
    const keys = calls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(calls.filter((c) => c.status === 'refused').length).toBeGreaterThan(0);
  });

  it('every served call answers on its method and path with the envelope', async () => {
    const failures: string[] = [];
    for (const c of calls.filter((x) => x.status === 'served')) {
      // Signing out ends the session it is sent with: it gets a session of its own.
      const token = c.path === '/sys/logout' ? await s.loginAs('admin', ADMIN_PASSWORD) : admin;
      const r = await call(c, token);
      const file = /exportXls$/.test(c.path) && r.status === 200 && r.type.includes('spreadsheetml');
      const envelope = typeof r.body === 'object' && r.body !== null && 'success' in r.body && 'message' in r.body && 'code' in r.body && 'timestamp' in r.body;
      // A 404 of the router (no such route) fails; a route answering 404 for the sample id it was sent is there.
      const noRoute = r.status === 404 && r.body?.message === '很抱歉，资源未找到!';
      if (noRoute || (!file && !envelope) || r.status >= 500)
        failures.push(`${c.method} ${c.path} (${c.screen}): ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it("every call marked missing really is (the router's 404): a call served since is marked served", async () => {
    const answered: string[] = [];
    for (const c of calls.filter((x) => x.status === 'missing')) {
      const r = await call(c, admin);
      if (!(r.status === 404 && r.body?.message === '很抱歉，资源未找到!')) answered.push(`${c.method} ${c.path} → ${r.status}`);
    }
    expect(answered).toEqual([]);
  });

  it('every call refused on purpose answers 403 with the refusal, for the admin too', async () => {
    for (const c of calls.filter((x) => x.status === 'refused')) {
      const r = await call(c, admin);
      expect(r.status, `${c.method} ${c.path}`).toBe(403);
      expect(r.body.message, `${c.method} ${c.path}`).toMatch(/^出于安全考虑，本系统不提供该功能：/);
    }
  });
});

describe('JeecgBoot names and calls', () => {
  it('/sys/<client name>/… reaches the same document as /system/<entity>/…', async () => {
    const added = await s.api.post('/sys/position/add', { code: 'jeecg_pos', name: '客户端职务', postRank: '1' }, admin);
    expect(added.body, JSON.stringify(added.body)).toMatchObject({ success: true });
    const ours = await s.api.get('/system/position/list?code=jeecg_pos', admin);
    const theirs = await s.api.get('/sys/position/list?code=jeecg_pos', admin);
    // The same records, each field under its JeecgBoot (Java) name whichever path: postRank, not post_rank.
    expect(theirs.body.result.records).toEqual(ours.body.result.records);
    expect(theirs.body.result.records[0]).toHaveProperty('postRank', '1');
    expect(theirs.body.result.records[0]).not.toHaveProperty('post_rank');
    expect(ours.body.result.total).toBe(1);
    // A route of its own at the /sys/ path keeps answering there (the user list with department names).
    expect((await s.api.get('/sys/user/list?username=admin', admin)).body.result.records[0]).toHaveProperty('orgCode_dictText');
  });

  it('the job screen’s 启动/停止/执行一次 by GET with the id', async () => {
    const added = await s.api.post(
      '/sys/quartzJob/add',
      { jobName: '客户端任务', cronExpression: '0 0 3 * * *', jobHandler: 'sampleLog', parameter: 'x' },
      admin,
    );
    const id = added.body.result.id;
    const status = async () =>
      (await s.db
        .selectFrom('quartz_job' as never)
        .select('status' as never)
        .where('id' as never, '=', id as never)
        .executeTakeFirstOrThrow()) as { status: string };
    expect((await s.api.get(`/sys/quartzJob/resume?id=${id}`, admin)).body.message).toBe('定时任务已启动');
    expect((await status()).status).toBe('1');
    expect((await s.api.get(`/sys/quartzJob/pause?id=${id}`, admin)).body.message).toBe('定时任务已暂停');
    expect((await status()).status).toBe('0');
    expect((await s.api.get(`/sys/quartzJob/execute?id=${id}`, admin)).body.message).toMatch(/^执行成功/);
  });

  it('PUT /sys/selectDepart switches department like POST', async () => {
    const r = await s.api.put('/sys/selectDepart', { orgCode: 'A01A01', username: 'admin' }, admin);
    expect(r.body).toMatchObject({ success: true, result: { userInfo: { orgCode: 'A01A01' } } });
  });

  it('dictItemCheck, queryDepartTreeSync and tenant queryList', async () => {
    const item = await s.db.selectFrom('sys_dict_item').select(['dict_id', 'item_value']).executeTakeFirstOrThrow();
    const taken = await s.api.get(`/sys/dictItem/dictItemCheck?dictId=${item.dict_id}&itemValue=${encodeURIComponent(item.item_value)}`, admin);
    expect(taken.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await s.api.get(`/sys/dictItem/dictItemCheck?dictId=${item.dict_id}&itemValue=never_used_value`, admin)).body).toMatchObject({ success: true });
    const roots = await s.api.get('/sys/sysDepart/queryDepartTreeSync', admin);
    expect(roots.body.result.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01']);
    expect(roots.body.result[0]).toMatchObject({ isLeaf: false });
    expect(roots.body.result[0]).not.toHaveProperty('children');
    const children = await s.api.get(`/sys/sysDepart/queryDepartTreeSync?pid=${roots.body.result[0].id}`, admin);
    expect(children.body.result.length).toBeGreaterThan(1);
    const tenants = await s.api.get('/sys/tenant/queryList', admin);
    expect(tenants.body.result).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1, name: '希望工程总部' })]));
  });
});

describe('calls the issue names: categories, data log versions, data-rule grants, dictionary recycle bin', () => {
  it('category rootList / childList / getChildListBatch page the tree one level at a time', async () => {
    const roots = await s.api.get('/sys/category/rootList?pageNo=1&pageSize=50', admin);
    expect(roots.body.result.records.length).toBeGreaterThan(0);
    expect(roots.body.result.records.every((r: { pid: string | null }) => !r.pid)).toBe(true);
    const parent = roots.body.result.records[0].id;
    const children = await s.api.get(`/sys/category/childList?pid=${parent}`, admin);
    expect(children.body.result.length).toBeGreaterThan(0);
    expect(children.body.result.every((r: { pid: string }) => r.pid === parent)).toBe(true);
    const batch = await s.api.get(`/sys/category/getChildListBatch?parentIds=${parent}`, admin);
    expect(batch.body.result.records.map((r: { id: string }) => r.id).sort()).toEqual(children.body.result.map((r: { id: string }) => r.id).sort());
    // A search by name looks at every level.
    const name = children.body.result[0].name;
    const found = await s.api.get(`/sys/category/rootList?name=${encodeURIComponent(name)}`, admin);
    expect(found.body.result.records.map((r: { id: string }) => r.id)).toContain(children.body.result[0].id);
  });

  it('the data log lists a record’s versions and compares two of them', async () => {
    const added = await s.api.post('/sys/position/add', { code: 'ver_pos', name: '版本一' }, admin);
    const id = added.body.result.id;
    await s.api.put('/sys/position/edit', { id, name: '版本二' }, admin);
    const versions = await s.api.get(`/sys/dataLog/queryDataVerList?dataTable=sys_position&dataId=${id}`, admin);
    expect(versions.body.result.map((v: { dataVersion: number }) => v.dataVersion)).toEqual([2, 1]);
    const [second, first] = versions.body.result;
    const compared = await s.api.get(`/sys/dataLog/queryCompareList?dataId1=${first.id}&dataId2=${second.id}`, admin);
    expect(compared.body.result.map((v: { dataVersion: number }) => v.dataVersion)).toEqual([1, 2]);
  });

  it('a role’s data rules for one menu entry are read and saved; a rule of another entry is refused', async () => {
    const menu = (await s.db.selectFrom('sys_permission').select('id').where('url', '=', '/system/position').executeTakeFirstOrThrow()).id;
    const rule = await s.api.post(
      '/sys/permission/addPermissionRule',
      { permissionId: menu, ruleName: '本人职务', ruleColumn: 'create_by', ruleConditions: '=', ruleValue: '#{sys_user_code}' },
      admin,
    );
    const ruleId = rule.body.result.id;
    const role = await s.api.post('/system/role/add', { roleName: '规则角色', roleCode: 'rule_role', permissions: menu }, admin);
    const roleId = role.body.result.id;
    const before = await s.api.get(`/sys/role/datarule/${menu}/${roleId}`, admin);
    expect(before.body.result.datarule.map((r: { id: string }) => r.id)).toEqual([ruleId]);
    expect(before.body.result).not.toHaveProperty('drChecked');
    expect((await s.api.post('/sys/role/datarule', { permissionId: menu, roleId, dataRuleIds: ruleId }, admin)).body.message).toBe('保存成功!');
    expect((await s.api.get(`/sys/role/datarule/${menu}/${roleId}`, admin)).body.result.drChecked).toBe(ruleId);
    const other = (await s.db.selectFrom('sys_permission').select('id').where('url', '=', '/system/tenant').executeTakeFirstOrThrow()).id;
    const refused = await s.api.post('/sys/role/datarule', { permissionId: other, roleId, dataRuleIds: ruleId }, admin);
    expect(refused.body.message).toBe('请先保存角色菜单权限!');
  });

  it('a deleted dictionary comes back by PUT /sys/dict/back/{id}', async () => {
    const dict = await s.api.post('/sys/dict/add', { dictName: '回收测试', dictCode: 'recycle_test' }, admin);
    const id = dict.body.result.id;
    expect((await s.api.delete(`/sys/dict/delete?id=${id}`, admin)).body.success).toBe(true);
    expect((await s.api.put(`/sys/dict/back/${id}`, {}, admin)).body.message).toBe('还原成功!');
    expect((await s.api.get(`/sys/dict/queryById?id=${id}`, admin)).body.result.dictCode).toBe('recycle_test');
  });
});

describe('the user recycle bin', () => {
  it('a deleted user is kept in the recycle bin, restored by putRecycleBin and removed for good by deleteRecycleBin', async () => {
    const added = await s.api.post('/sys/user/add', { username: 'recycled', realname: '回收用户', password: 'Staff#2026a' }, admin);
    const id = added.body.result.id;
    expect((await s.api.delete(`/sys/user/delete?id=${id}`, admin)).body.message).toBe('删除成功!');
    expect((await s.api.get('/sys/user/list?username=recycled', admin)).body.result.total).toBe(0);
    // A deleted user cannot sign in.
    expect((await s.api.post('/sys/login', { username: 'recycled', password: 'Staff#2026a' })).body.success).toBe(false);
    const bin = await s.api.get('/sys/user/recycleBin', admin);
    expect(bin.body.result.map((u: { id: string }) => u.id)).toContain(id);
    expect((await s.api.put('/sys/user/putRecycleBin', { userIds: id }, admin)).body.message).toBe('还原成功!');
    expect((await s.api.get('/sys/user/list?username=recycled', admin)).body.result.total).toBe(1);
    await s.api.delete(`/sys/user/delete?id=${id}`, admin);
    expect((await s.api.delete(`/sys/user/deleteRecycleBin?userIds=${id}`, admin)).body.message).toBe('已彻底删除!');
    expect(await s.db.selectFrom('sys_user').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await s.api.put('/sys/user/putRecycleBin', { userIds: id }, admin)).body.message).toBe('未找到对应数据');
  });
});

describe('checks as you type and look-ups by id', () => {
  it('checkRoleCode and category checkCode tell a taken value from a free one; queryByIds and listAll read users', async () => {
    expect((await s.api.get('/sys/role/checkRoleCode?roleCode=admin', admin)).body).toMatchObject({ success: false, message: '角色编码已存在' });
    expect((await s.api.get('/sys/role/checkRoleCode?roleCode=never_used_role', admin)).body).toMatchObject({ success: true });
    const category = (await s.db
      .selectFrom('sys_category' as never)
      .select('code' as never)
      .executeTakeFirstOrThrow()) as { code: string };
    expect((await s.api.get(`/sys/category/checkCode?code=${category.code}`, admin)).body).toMatchObject({ success: false, message: '编码已存在,请重新输入!' });
    const adminId = (await s.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const users = await s.api.get(`/sys/user/queryByIds?userIds=${adminId}`, admin);
    expect(users.body.result.map((u: { username: string }) => u.username)).toEqual(['admin']);
    expect((await s.api.get('/sys/user/listAll?username=admin', admin)).body.result.records[0].username).toBe('admin');
  });
});
