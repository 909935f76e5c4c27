import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecord, count, refused, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';
import { approve, myTask } from './helpers/workflow.ts';

/*
 * The project, help and poor-student areas: status moves through the generic transition endpoint (each
 * step with its permission, comment and stamps; 立项 and 驳回 through the approval process), the help approval that creates or links a poor student,
 * disbursements limited by the approved amount, the derived fund balance, the student's aid sub-table.
 */

let s: TestServer;
let admin: string;
let lina: string; // project_officer
let wangfang: string; // finance
let zhangwei: string; // fundraiser: no project permissions
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  lina = await s.loginAs('lina', ADMIN_PASSWORD);
  wangfang = await s.loginAs('wangfang', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

const move = (code: string, token: string, body: Record<string, unknown>) => s.api.post(`/${code}/transition`, body, token);

const addProject = (token = lina, values: Record<string, unknown> = {}) =>
  addRecord(s, token, 'project/application', {
    projectName: '怒江希望小学',
    projectType: '1',
    school: '怒江州福贡县中心小学',
    contact: '和建国',
    applyAmount: 100000,
    ...values,
  });

/** A project moved to 已立项 with the given approved amount. */
async function approvedProject(amount = 50000): Promise<string> {
  const id = await addProject();
  expect((await move('project/application', lina, { id, to: '2' })).body.success).toBe(true);
  await approve(s, wangfang, 'project/application', id, { approvedAmount: amount });
  return id;
}

describe('project status moves (POST /project/application/transition)', () => {
  it('goes 草稿→待审核→已立项→实施中→已结项 with each step made by a holder of its permission', async () => {
    const id = await addProject();
    expect((await row(s, 'project_application', id))!.project_no).toMatch(/^XM\d{4}\d{4}$/);
    const submitted = await move('project/application', lina, { id, to: '2' });
    expect(submitted.body).toMatchObject({ success: true, message: '提交审核成功!', result: { id, status: '2' } });

    // 立项 is the end of the approval process (财务审核): it asks for the approved amount, keeps the opinion and stamps who and when.
    refused(
      await move('project/application', wangfang, { id, to: '3', approvedAmount: 80000 }),
      '项目申请正在审批中，状态由审批流程决定，请在【我的任务】中办理',
    );
    const task = await myTask(s, wangfang, 'project/application', id);
    refused(await s.api.post('/workflow/task/approve', { id: task.id }, wangfang), '请填写批准金额');
    await approve(s, wangfang, 'project/application', id, { approvedAmount: 80000 }, '同意立项');
    const r = (await row(s, 'project_application', id))!;
    expect([r.status, Number(r.approved_amount), r.audit_opinion, r.audit_by]).toEqual(['3', 80000, '同意立项', 'wangfang']);
    expect(r.audit_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await move('project/application', lina, { id, to: '5' })).body.success).toBe(true);
    expect((await move('project/application', lina, { id, to: '6' })).body.success).toBe(true);
    expect((await row(s, 'project_application', id))!.status).toBe('6');
    // Every move left a data-log version.
    expect(await count(s, 'sys_data_log', sql`data_table = 'project_application' and data_id = ${id}`)).toBe(5);
  });

  it('refuses a jump that skips a step, and a step without its permission (403), changing nothing', async () => {
    const id = await addProject();
    refused(await move('project/application', admin, { id, to: '3', approvedAmount: 1000 }), '状态不能从草稿变为已立项');
    refused(await move('project/application', admin, { id, to: '6' }), '状态不能从草稿变为已结项');
    // A step's fields come by property: a column's name is refused, naming the property, and nothing moves.
    refused(await move('project/application', lina, { id, to: '2', audit_opinion: '提交' }), '未知字段: audit_opinion（应写作 auditOpinion）');
    expect((await row(s, 'project_application', id))!.status).toBe('1');
    await move('project/application', lina, { id, to: '2' });
    refused(await move('project/application', lina, { id, to: '3', approvedAmount: 1000 }), '没有权限，请联系管理员授权【project:application:approve】', 403);
    refused(
      await move('project/application', zhangwei, { id, to: '4', auditOpinion: '不行' }),
      '没有权限，请联系管理员授权【project:application:approve】',
      403,
    );
    const r = (await row(s, 'project_application', id))!;
    expect([r.status, r.approved_amount, r.audit_opinion]).toEqual(['2', null, null]);
  });

  it('驳回 (in 我的任务) needs its opinion; a rejected project may be submitted again', async () => {
    const id = await addProject();
    await move('project/application', lina, { id, to: '2' });
    const task = await myTask(s, wangfang, 'project/application', id);
    refused(await s.api.post('/workflow/task/reject', { id: task.id, comment: '  ' }, wangfang), '请填写驳回意见');
    expect((await s.api.post('/workflow/task/reject', { id: task.id, comment: '预算依据不足' }, wangfang)).body.message).toBe('已驳回');
    expect(await row(s, 'project_application', id)).toMatchObject({ status: '4', audit_opinion: '预算依据不足' });
    expect((await move('project/application', lina, { id, to: '2' })).body.success).toBe(true);
  });

  it('the edit form cannot move the status either', async () => {
    const id = await addProject();
    refused(await s.api.put('/project/application/edit', { id, status: '3' }, admin), '状态不能从草稿变为已立项');
    refused(
      await s.api.post(
        '/project/application/add',
        { projectName: '直接立项', projectType: '1', school: '某校', contact: '某人', applyAmount: 10, status: '3' },
        admin,
      ),
      '新记录的状态只能是草稿',
    );
  });

  it('bad input: no id, a malformed target, an unknown record, a three-decimal amount', async () => {
    const id = await addProject();
    refused(await move('project/application', lina, { to: '2' }), 'ID格式不正确');
    refused(await move('project/application', lina, { id, to: "2' or 1=1" }), '目标状态不正确');
    refused(await move('project/application', lina, { id: 'nope', to: '2' }), '未找到对应数据', 404);
    await move('project/application', lina, { id, to: '2' });
    const r = await move('project/application', wangfang, { id, to: '3', approvedAmount: 100.123 });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/批准金额/);
    expect((await row(s, 'project_application', id))!.status).toBe('2');
    refused(await move('donation/activity', admin, { id, to: '1' }), '捐赠活动没有状态操作');
  });

  it('grants each step to the roles it names (finance approves, the project officer submits)', async () => {
    const { body } = await s.api.get('/sys/permission/getUserPermissionByToken', wangfang);
    const codes = (body.result.auth as { action: string }[]).map((a) => a.action);
    expect(codes).toContain('project:application:approve');
    expect(codes).not.toContain('project:application:submit');
  });
});

describe('disbursements (project/sending)', () => {
  const send = (projectId: string, amount: number, token = wangfang, extra: Record<string, unknown> = {}) =>
    s.api.post('/project/sending/add', { projectId: projectId, batchNo: 1, amount, sendDate: '2025-06-01', method: '1', status: '2', ...extra }, token);

  it('never above the approved amount, and rolled up into 已拨付金额', async () => {
    const id = await approvedProject(50000);
    expect((await send(id, 30000)).body.success).toBe(true);
    refused(await send(id, 20000.01), '拨付总额不能超过项目的批准金额');
    expect((await send(id, 20000)).body.success).toBe(true);
    expect(Number((await row(s, 'project_application', id))!.disbursed_amount)).toBe(50000);
    expect(await count(s, 'project_sending', sql`project_id = ${id}`)).toBe(2);
  });

  it('only for 已立项/实施中 projects; three decimals and negative amounts refused', async () => {
    const draft = await addProject();
    refused(await send(draft, 10), '只有已立项或实施中的项目才能拨付');
    const id = await approvedProject(1000);
    const threeDecimals = await send(id, 10.123);
    expect(threeDecimals.status).toBe(400);
    expect(threeDecimals.body.message).toMatch(/拨付金额/);
    expect((await send(id, -5)).status).toBe(400);
    expect(await count(s, 'project_sending', sql`project_id = ${id}`)).toBe(0);
  });
});

describe('fund ledger (project/fund): the balance is derived', () => {
  it('income minus expense, following edits and deletes', async () => {
    const id = await approvedProject();
    const fund = (values: Record<string, unknown>) =>
      addRecord(s, wangfang, 'project/fund', { projectId: id, fundDate: '2025-05-01', summary: '测试', ...values });
    await fund({ direction: '1', amount: 10000 });
    const expense = await fund({ direction: '2', amount: 2500.5 });
    const balance = async () => {
      const r = (await row(s, 'project_application', id))!;
      return [Number(r.fund_income), Number(r.fund_expense), Number(r.fund_balance)];
    };
    expect(await balance()).toEqual([10000, 2500.5, 7499.5]);
    await s.api.put('/project/fund/edit', { id: expense, amount: 3000 }, wangfang);
    expect(await balance()).toEqual([10000, 3000, 7000]);
    await s.api.delete(`/project/fund/delete?id=${expense}`, wangfang);
    expect(await balance()).toEqual([10000, 0, 10000]);
    // The balance is never typed in: the field is read-only; so are the approved amount and the opinion,
    // which only the 立项 step writes.
    await s.api.put('/project/application/edit', { id, fundBalance: 1, approvedAmount: 1, auditOpinion: '改写' }, admin);
    expect((await balance())[2]).toBe(10000);
    const r = (await row(s, 'project_application', id))!;
    expect([Number(r.approved_amount), r.audit_opinion]).toEqual([50000, '同意']);
  });
});

describe('help applications and poor students', () => {
  const apply = (values: Record<string, unknown> = {}) =>
    addRecord(s, lina, 'help/application', {
      applicantName: '李小花',
      gender: '2',
      idCard: '530102200901011234',
      phone: '13812345678',
      school: '昆明市第十中学',
      grade: '初二',
      hardshipType: '1',
      applyAmount: 2000,
      situation: '父亲因病去世',
      ...values,
    });

  it('approving one creates a poor-student record and links it; a second with the same 身份证号 links the same student', async () => {
    const first = await apply();
    // 待审核 belongs to 救助申请审核: the audit is 我的任务's 同意, by the project officer.
    refused(
      await move('help/application', lina, { id: first, to: '2', auditOpinion: '情况属实' }),
      '救助申请正在审批中，状态由审批流程决定，请在【我的任务】中办理',
    );
    await approve(s, lina, 'help/application', first, {}, '情况属实');
    expect(await row(s, 'help_application', first)).toMatchObject({ status: '2', audit_opinion: '情况属实', audit_by: 'lina' });
    const app1 = (await row(s, 'help_application', first))!;
    expect(app1.student_id).toBeTruthy();
    const student = (await row(s, 'poor_student', app1.student_id))!;
    expect([student.name, student.id_card, student.school, student.status, student.guardian_phone]).toEqual([
      '李小花',
      '530102200901011234',
      '昆明市第十中学',
      '1',
      '13812345678',
    ]);
    expect(student.student_no).toMatch(/^XS\d{4}\d{5}$/);

    const second = await apply({ hardshipType: '2' });
    await approve(s, lina, 'help/application', second);
    expect((await row(s, 'help_application', second))!.student_id).toBe(app1.student_id);
    expect(await count(s, 'poor_student', sql`id_card = '530102200901011234'`)).toBe(1);
  });

  it('a rejected one creates nothing; someone else than the auditor gets 403', async () => {
    const id = await apply({ idCard: '530102200902021111' });
    const task = await myTask(s, lina, 'help/application', id);
    refused(await s.api.post('/workflow/task/approve', { id: task.id }, zhangwei), '不能办理他人的任务', 403);
    expect((await s.api.post('/workflow/task/reject', { id: task.id, comment: '不符合条件' }, lina)).body.success).toBe(true);
    expect(await row(s, 'help_application', id)).toMatchObject({ status: '3', audit_opinion: '不符合条件' });
    refused(await s.api.post('/workflow/instance/withdraw', { id: task.instanceId }, lina), '流程已结束，不能再办理');
    expect(await count(s, 'poor_student', sql`id_card = '530102200902021111'`)).toBe(0);
    refused(await move('help/application', lina, { id, to: '4' }), '状态不能从已驳回变为已资助');
  });

  it('masks 身份证号 for users without the view-sensitive permission', async () => {
    await apply({ idCard: '530102200903033333' });
    const list = async (token: string) =>
      (await s.api.get('/help/application/list?applicantName=李小花&pageSize=50', token)).body.result.records as { idCard: string }[];
    expect((await list(wangfang)).map((r) => r.idCard)).toContain('530102****3333');
    expect((await list(admin)).map((r) => r.idCard)).toContain('530102200903033333');
  });

  it('a student keeps aid records in a sub-table and their sum as 累计资助金额', async () => {
    const aids = [
      { aidDate: '2025-03-01', amount: 1500, aidType: '1', sponsor: '腾飞科技' },
      { aidDate: '2025-09-01', amount: 800.5, aidType: '2' },
    ];
    const id = await addRecord(s, lina, 'student/poor_student', { name: '王小明', idCard: '530102201001014444', school: '福贡县中心小学', status: '2', aids });
    expect(Number((await row(s, 'poor_student', id))!.total_aid_amount)).toBe(2300.5);
    const read = await s.api.get(`/student/poor_student/queryById?id=${id}`, lina);
    expect(read.body.result.aids).toHaveLength(2);
    refused(await s.api.put('/student/poor_student/edit', { id, aids: [{ aidDate: '2025-03-01', amount: 1.234, aidType: '1' }] }, lina), /资助记录第1行：金额/);
    expect(Number((await row(s, 'poor_student', id))!.total_aid_amount)).toBe(2300.5);
  });
});
