import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addActivity, addDonation, addTeam, NO_AUTH, refused, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/* The rules documents declare and the server enforces: roll-ups, masking, permissions, generated codes. */

let s: TestServer;
let admin: string;
let zhangwei: string;
let wangfang: string;
let lina: string;
let guest: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
  wangfang = await s.loginAs('wangfang', ADMIN_PASSWORD);
  lina = await s.loginAs('lina', ADMIN_PASSWORD);
  guest = (await s.api.post('/sys/guestLogin')).body.result.token;
});
afterAll(() => s?.close());

const totals = async (table: string, id: string, ...fields: string[]) => {
  const r = await row(s, table, id);
  return fields.map((f) => Number(r![f]));
};

describe('roll-ups', () => {
  it('a paid record raises its activity and team; a pending one does not', async () => {
    const activity = await addActivity(s, admin);
    const team = await addTeam(s, admin, activity);
    await addDonation(s, admin, activity, { teamId: team, donorName: '甲', amount: 100 });
    await addDonation(s, admin, activity, { teamId: team, donorName: '甲', amount: 50.5 });
    await addDonation(s, admin, activity, { teamId: team, donorName: '乙', amount: 30, payStatus: '1', payTime: null });
    expect(await totals('donation_activity', activity, 'raised_amount', 'donor_count')).toEqual([150.5, 2]);
    // member_count counts distinct paying donors: 甲 gave twice.
    expect(await totals('donation_team', team, 'raised_amount', 'member_count')).toEqual([150.5, 1]);
  });

  it('follows a change of pay status, of amount, and a move to another activity (old and new both)', async () => {
    const first = await addActivity(s, admin);
    const second = await addActivity(s, admin);
    const team = await addTeam(s, admin, first);
    const id = await addDonation(s, admin, first, { teamId: team, amount: 40, payStatus: '1', payTime: null });
    expect(await totals('donation_activity', first, 'raised_amount', 'donor_count')).toEqual([0, 0]);

    await s.api.put('/donation/record/edit', { id, payStatus: '2', payTime: '2025-05-01 10:00:00' }, admin);
    expect(await totals('donation_activity', first, 'raised_amount', 'donor_count')).toEqual([40, 1]);
    expect(await totals('donation_team', team, 'raised_amount', 'member_count')).toEqual([40, 1]);

    await s.api.put('/donation/record/edit', { id, amount: 45.5 }, admin);
    expect(await totals('donation_activity', first, 'raised_amount')).toEqual([45.5]);

    const moved = await s.api.put('/donation/record/edit', { id, activityId: second, teamId: null }, admin);
    expect(moved.body.success).toBe(true);
    expect(await totals('donation_activity', first, 'raised_amount', 'donor_count')).toEqual([0, 0]);
    expect(await totals('donation_team', team, 'raised_amount', 'member_count')).toEqual([0, 0]);
    expect(await totals('donation_activity', second, 'raised_amount', 'donor_count')).toEqual([45.5, 1]);

    await s.api.put('/donation/record/edit', { id, payStatus: '3' }, admin);
    expect(await totals('donation_activity', second, 'raised_amount', 'donor_count')).toEqual([0, 0]);
  });

  it('a delete lowers the totals', async () => {
    const activity = await addActivity(s, admin);
    const keep = await addDonation(s, admin, activity, { amount: 10 });
    const drop = await addDonation(s, admin, activity, { amount: 25 });
    expect(await totals('donation_activity', activity, 'raised_amount')).toEqual([35]);
    await s.api.delete(`/donation/record/delete?id=${drop}`, admin);
    expect(await totals('donation_activity', activity, 'raised_amount', 'donor_count')).toEqual([10, 1]);
    await s.api.delete(`/donation/record/deleteBatch?ids=${keep}`, admin);
    expect(await totals('donation_activity', activity, 'raised_amount', 'donor_count')).toEqual([0, 0]);
  });
});

describe('masking', () => {
  let activity: string;
  let id: string;
  beforeAll(async () => {
    activity = await addActivity(s, admin, { activityName: '脱敏测试' });
    id = await addDonation(s, admin, activity, { donorName: '脱敏', phone: '13812341234' });
  });

  it('masks the phone for a user without the view-sensitive permission, in the list and the record', async () => {
    const listed = (await s.api.get('/donation/record/list?donorName=脱敏', zhangwei)).body.result.records[0];
    expect(listed.phone).toBe('138****1234');
    expect((await s.api.get(`/donation/record/queryById?id=${id}`, zhangwei)).body.result.phone).toBe('138****1234');
    expect((await s.api.get(`/donation/record/queryById?id=${id}`, guest)).body.result.phone).toBe('138****1234');
  });

  it('shows it to the admin, who holds donation:record:viewSensitive', async () => {
    expect((await s.api.get(`/donation/record/queryById?id=${id}`, admin)).body.result.phone).toBe('13812341234');
  });

  it('an edit that sends the masked value back keeps the stored one', async () => {
    const record = (await s.api.get(`/donation/record/queryById?id=${id}`, zhangwei)).body.result;
    const r = await s.api.put('/donation/record/edit', { ...record, message: '改了留言' }, zhangwei);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    expect(await row(s, 'donation_record', id)).toMatchObject({ phone: '13812341234', message: '改了留言', update_by: 'zhangwei' });
    await s.api.put('/donation/record/edit', { id, phone: '13900001111' }, zhangwei);
    expect((await row(s, 'donation_record', id))!.phone).toBe('13900001111');
  });
});

describe('permissions', () => {
  let activity: string;
  let record: string;
  beforeAll(async () => {
    activity = await addActivity(s, admin);
    record = await addDonation(s, admin, activity);
  });

  const add = (token: string) =>
    s.api.post('/donation/record/add', { donorType: '1', donorName: '权限', activityId: activity, amount: 1, payMethod: '1', payStatus: '1' }, token);

  it('the guest reads but gets 403 on add, edit and delete', async () => {
    expect((await s.api.get('/donation/record/list', guest)).status).toBe(200);
    refused(await add(guest), '没有权限，请联系管理员授权【donation:record:add】', 403);
    refused(await s.api.put('/donation/record/edit', { id: record, amount: 2 }, guest), '没有权限，请联系管理员授权【donation:record:edit】', 403);
    refused(await s.api.delete(`/donation/record/delete?id=${record}`, guest), '没有权限，请联系管理员授权【donation:record:delete】', 403);
    refused(await s.api.delete(`/donation/record/deleteBatch?ids=${record}`, guest), '没有权限，请联系管理员授权【donation:record:batchDelete】', 403);
    expect((await row(s, 'donation_record', record))!.amount).toBe(100);
  });

  it('a fundraiser adds, edits and deletes records', async () => {
    const r = await add(zhangwei);
    expect(r.body.success).toBe(true);
    expect((await row(s, 'donation_record', r.body.result.id))!.create_by).toBe('zhangwei');
    expect((await s.api.delete(`/donation/record/delete?id=${r.body.result.id}`, zhangwei)).body.success).toBe(true);
  });

  it('finance reads and exports, and may not write', async () => {
    expect((await s.api.get('/donation/record/list', wangfang)).status).toBe(200);
    expect((await s.api.download('/donation/record/exportXls', wangfang)).status).toBe(200);
    refused(await add(wangfang), '没有权限，请联系管理员授权【donation:record:add】', 403);
    refused(await s.api.put('/donation/record/edit', { id: record, amount: 1 }, wangfang), '没有权限，请联系管理员授权【donation:record:edit】', 403);
    refused(
      await s.api.upload('/donation/record/importExcel', Buffer.from('x'), 'a.xlsx', wangfang),
      '没有权限，请联系管理员授权【donation:record:import】',
      403,
    );
  });

  it('a user without the screen may not even read it', async () => {
    refused(await s.api.get('/donation/record/list', lina), '没有权限访问【捐赠记录】，请联系管理员授权', NO_AUTH);
    refused(await s.api.get(`/donation/record/queryById?id=${record}`, lina), '没有权限访问【捐赠记录】，请联系管理员授权', NO_AUTH);
    refused(await s.api.get('/sys/dict/list', zhangwei), '没有权限访问【数据字典】，请联系管理员授权', NO_AUTH);
  });

  it('syncs the screens into the menu: area, screen, buttons, with the grants of the document', async () => {
    const menus = await s.db.selectFrom('sys_permission').selectAll().where('url', 'in', ['/donation', '/donation/record']).orderBy('menu_type').execute();
    expect(menus.map((m) => [m.menu_type, m.url, m.component, m.name])).toEqual([
      [0, '/donation', 'layouts/RouteView', '捐赠管理'],
      [1, '/donation/record', 'schema/donation/record', '捐赠记录'],
    ]);
    const buttons = await s.db.selectFrom('sys_permission').select('perms').where('parent_id', '=', menus[1].id).orderBy('sort_no').execute();
    expect(buttons.map((b) => b.perms)).toEqual(
      ['add', 'edit', 'detail', 'delete', 'batchDelete', 'export', 'import', 'superQuery', 'getUrl', 'viewSensitive'].map((a) => `donation:record:${a}`),
    );
    const held = async (username: string) =>
      (await s.ctx.permissions.ofUser((await s.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id))
        .filter((p) => p.perms?.startsWith('donation:record:'))
        .map((p) => p.perms!.split(':')[2])
        .sort();
    expect(await held('zhangwei')).toEqual(['add', 'batchDelete', 'delete', 'detail', 'edit', 'export', 'getUrl', 'import', 'superQuery']);
    // Reading roles (menu.readRoles) get the read buttons: detail, export and the advanced query.
    expect(await held('wangfang')).toEqual(['detail', 'export', 'superQuery']);
    expect(await held('admin')).toContain('viewSensitive');
  });

  it("re-syncing is idempotent and keeps an admin's changes to the grants", async () => {
    const before = await s.db
      .selectFrom('sys_permission')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const detail = await s.db.selectFrom('sys_permission').select('id').where('perms', '=', 'donation:record:detail').executeTakeFirstOrThrow();
    const finance = await s.db.selectFrom('sys_role').select('id').where('role_code', '=', 'finance').executeTakeFirstOrThrow();
    await s.db.deleteFrom('sys_role_permission').where('permission_id', '=', detail.id).where('role_id', '=', finance.id).execute();
    await s.ctx.runtime.reload();
    const after = await s.db
      .selectFrom('sys_permission')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const regranted = await s.db
      .selectFrom('sys_role_permission')
      .select('id')
      .where('permission_id', '=', detail.id)
      .where('role_id', '=', finance.id)
      .execute();
    expect(regranted).toEqual([]);
  });
});

describe('generated codes', () => {
  it('twenty parallel adds get twenty different record numbers of today', async () => {
    const activity = await addActivity(s, admin);
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => addDonation(s, admin, activity, { donorName: `并发${i}` })));
    const { rows } = await sql<{ record_no: string }>`select record_no from donation_record where id in (${sql.join(ids)})`.execute(s.db);
    const codes = rows.map((r) => r.record_no);
    expect(new Set(codes).size).toBe(20);
    for (const c of codes) expect(c).toMatch(/^JZ\d{12}$/);
    expect(await totals('donation_activity', activity, 'raised_amount', 'donor_count')).toEqual([2000, 20]);
  });

  it('executeRuleByCode hands out the next code of a rule', async () => {
    const a = (await s.api.get('/sys/fillRule/executeRuleByCode/donation_activity_no', admin)).body.result;
    const b = (await s.api.get('/sys/fillRule/executeRuleByCode/donation_activity_no', admin)).body.result;
    expect(a).toMatch(/^HD\d{6}\d{3}$/);
    expect(Number(b.slice(-3))).toBe(Number(a.slice(-3)) + 1);
    refused(await s.api.get('/sys/fillRule/executeRuleByCode/nothing', admin), '编码规则不存在: nothing');
    refused(await s.api.get('/sys/fillRule/executeRuleByCode/donation_activity_no', guest), '访客不能生成编码', 403);
  });
});
