import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, refused } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * 报表配置 (schemas/online/report.json): report definitions written through the generic writer — head,
 * 报表字段 and 报表参数 sub-tables — under the rules of admin-written report SQL (one select, declared
 * parameters, known system variables, a scope that names a screen), refused with a message that leaves
 * nothing stored; 测试 runs the first page as the signed-in user; the popup calls serve what was written.
 */

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

const DEFINITION = {
  code: 'report_depts',
  name: '部门一览',
  cgrSql: 'select d.org_code, d.depart_name from sys_depart d where d.del_flag = 0 and d.org_code like ${prefix}',
  // The report's columns are its SQL's aliases (org_code), as the admin wrote them; the records that declare them are named by property.
  items: [
    { fieldName: 'org_code', fieldTxt: '部门编码', fieldType: 'string', isShow: 1, isSearch: 1, searchMode: 'single', orderNum: 1 },
    { fieldName: 'depart_name', fieldTxt: '部门名称', fieldType: 'string', isShow: 1, isSearch: 0, searchMode: 'single', orderNum: 2 },
  ],
  params: [{ paramName: 'prefix', paramTxt: '编码前缀', paramValue: 'A01%' }],
};

describe('报表配置', () => {
  let id: string;

  it('adds a definition with its columns and parameters; the popup calls serve it', async () => {
    const r = await s.api.post('/online/report/add', DEFINITION, admin);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    id = r.body.result.id;
    expect(await count(s, 'onl_cgreport_item')).toBeGreaterThanOrEqual(2);
    const columns = await s.api.get('/online/cgreport/api/getRpColumns/report_depts', admin);
    expect(columns.body.result.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual(['org_code', 'depart_name']);
    const data = await s.api.get(`/online/cgreport/api/getData/${id}?pageSize=100`, admin);
    const codes = data.body.result.records.map((r: { org_code: string }) => r.org_code);
    expect(codes.length).toBeGreaterThan(1);
    expect(codes.every((c: string) => c.startsWith('A01'))).toBe(true);
  });

  it('its columns list in their own order when a client asks for createTime, which that table does not have; filtering on it is refused', async () => {
    // JeecgBoot's clients (and the detail's sub-lists) sort by createTime unless told otherwise.
    const listed = await s.api.get(`/online/report_item/list?headId=${id}&column=createTime&order=desc`, admin);
    expect(listed.status).toBe(200);
    expect(listed.body.result.records.map((r: { fieldName: string }) => r.fieldName)).toEqual(['org_code', 'depart_name']);
    const filtered = await s.api.get(`/online/report_item/list?headId=${id}&createTime_begin=2026-01-01`, admin);
    expect(filtered.status).toBe(400);
    // A table that has it is still sorted by it as asked.
    const reports = await s.api.get('/online/report/list?column=createTime&order=asc', admin);
    expect(reports.status).toBe(200);
  });

  it('导出 writes the rows getData pages through, with the same filters, as a sheet', async () => {
    const r = await s.api.download(`/online/cgreport/api/exportXls/${id}?org_code=A01A02`, admin);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(r.bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, '部门编码', '部门名称']);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('A01A02');
  });

  it('测试 runs the first page with the parameters’ defaults', async () => {
    const r = await s.api.post(`/online/report/operation/test?id=${id}`, {}, admin);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    expect(r.body.message).toMatch(/^测试成功，共\d+条，结果列: org_code、depart_name$/);
  });

  it('refuses what report SQL may not be, naming the problem, and stores nothing', async () => {
    const heads = await count(s, 'onl_cgreport_head');
    const items = await count(s, 'onl_cgreport_item');
    const add = (changes: Record<string, unknown>) => s.api.post('/online/report/add', { ...DEFINITION, code: 'report_bad', ...changes }, admin);
    refused(await add({ cgrSql: 'delete from sys_user' }), '报表SQL必须是查询语句（select 或 with 开头）');
    refused(await add({ cgrSql: 'select 1 as org_code; drop table sys_user' }), '报表SQL只能是一条查询语句');
    refused(await add({ params: [] }), '报表SQL使用了未声明的参数: prefix');
    refused(await add({ cgrSql: 'select org_code from sys_depart where org_code = #{password}' }), /^未知的系统变量: #\{password\}/);
    refused(await add({ scopeEntity: 'donation/nothing' }), '数据范围【donation/nothing】不是一个有菜单的表单');
    refused(await add({ items: [{ fieldName: 'Org Code', fieldTxt: '坏', fieldType: 'string' }] }), /字段名只能是小写字母、数字和下划线/);
    refused(await add({ code: 'report_depts' }), /已存在/);
    expect(await count(s, 'onl_cgreport_head')).toBe(heads);
    expect(await count(s, 'onl_cgreport_item')).toBe(items);
  });

  it('发布 makes a menu entry under 在线开发 for the admin, rendered by the report’s list screen; again, still one', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await s.api.post(`/online/report/operation/publish?id=${id}`, {}, admin);
      expect(r.body.message).toBe('发布成功，菜单地址: /online/cgreport/report_depts');
    }
    expect(await count(s, 'sys_permission', sql`url = '/online/cgreport/report_depts' and del_flag = 0`)).toBe(1);
    const menu = JSON.stringify((await s.api.get('/sys/permission/getUserPermissionByToken', admin)).body.result.menu);
    expect(menu).toContain('"component":"cgreport/report_depts"');
    const zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
    expect(JSON.stringify((await s.api.get('/sys/permission/getUserPermissionByToken', zhangwei)).body.result.menu)).not.toContain('cgreport/report_depts');
  });

  it('an edit is checked the same way; deleting moves the report out of the popup calls', async () => {
    refused(await s.api.put('/online/report/edit', { id, cgrSql: 'select 1 as org_code where ${missing} = 1' }, admin), '报表SQL使用了未声明的参数: missing');
    const renamed = await s.api.put('/online/report/edit', { id, name: '部门清单' }, admin);
    expect(renamed.body, JSON.stringify(renamed.body)).toMatchObject({ success: true });
    expect((await s.api.get('/online/cgreport/api/getRpColumns/report_depts', admin)).body.result.cgRpConfigName).toBe('部门清单');
    expect((await s.api.delete(`/online/report/delete?id=${id}`, admin)).body).toMatchObject({ success: true });
    expect((await s.api.get('/online/cgreport/api/getRpColumns/report_depts', admin)).status).toBe(404);
  });

  it('a user without the menu cannot read or write definitions', async () => {
    const zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
    expect((await s.api.get('/online/report/list', zhangwei)).status).toBe(403);
    expect((await s.api.post('/online/report/add', { ...DEFINITION, code: 'report_sneaky' }, zhangwei)).status).toBe(403);
  });
});
