import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecord, count, refused, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';
import { approve, instanceOf, myTask } from './helpers/workflow.ts';
import { bpmn } from '../unit/workflow/bpmn-fixture.ts';

/*
 * The workflow's rules and refusals over HTTP on a process drawn for them (issue 18), on a server of its own
 * (it deploys a new version of 项目立项审批): a step for the leaders of the initiator's department (offered to
 * both, claimed by one), a hidden field, 加签 and 转办, a copy at a task, rejecting back across a parallel
 * join, people who are frozen, a finished instance, a condition that does not parse; and 救助申请 approved
 * through its shipped process.
 *
 *   部门负责人审批 (deptLeader; 联系人 hidden) → ⟨ 财务审核 (role:finance) | 主任审核 (user:admin) ⟩ → 终审 (user:admin)
 */

const APP = 'project/application';
const PROCESS = bpmn(
  'project_application',
  [
    ['startEvent', 's'],
    ['userTask', 'leader', { name: '部门负责人审批', 'hope:assignee': 'deptLeader', 'hope:fields': 'contact:hidden' }],
    ['parallelGateway', 'fork'],
    ['userTask', 'fin', { name: '财务审核', 'hope:assignee': 'role:finance', 'hope:fields': 'approvedAmount:edit' }],
    ['userTask', 'dir', { name: '主任审核', 'hope:assignee': 'user:admin' }],
    ['parallelGateway', 'join'],
    ['userTask', 'final', { name: '终审', 'hope:assignee': 'user:admin' }],
    ['endEvent', 'e', { 'hope:result': 'approved' }],
  ],
  ['s->leader', 'leader->fork', 'fork->fin', 'fork->dir', 'fin->join', 'dir->join', 'join->final', 'final->e'],
  ' name="项目立项审批（规则）" hope:entity="project/application"',
);

let s: TestServer;
let admin: string;
let lina: string;
let wangfang: string;
let zhangwei: string;
let project: string;
let instance: Record<string, any>;
beforeAll(async () => {
  s = await startServer({ WORKFLOW_TIMER_MS: '0' });
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  lina = await s.loginAs('lina', ADMIN_PASSWORD);
  wangfang = await s.loginAs('wangfang', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

const post = (path: string, body: unknown, token: string) => s.api.post(`/workflow/${path}`, body, token);
const openTasks = async () =>
  (
    await s.db
      .selectFrom('wf_task' as never)
      .select(['node_id', 'assignee'] as never)
      .where('instance_id' as never, '=', instance.id as never)
      .where('status' as never, '=', 'open' as never)
      .execute()
  )
    .map((t: any) => `${t.node_id}:${t.assignee ?? 'unclaimed'}`)
    .sort();
const events = () => count(s, 'wf_event', sql`instance_id = ${instance.id}`);
const taskOf = async (token: string) => (await myTask(s, token, APP, project)).id as string;

async function setLeaders(orgCode: string, leader: string) {
  const depart = (await s.db.selectFrom('sys_depart').selectAll().where('org_code', '=', orgCode).executeTakeFirstOrThrow()) as Record<string, any>;
  const { id, depart_name, org_code, org_category, status, parent_id } = depart;
  const r = await s.api.put(
    '/system/depart/edit',
    { id, departName: depart_name, orgCode: org_code, orgCategory: org_category, status, parentId: parent_id, leader },
    admin,
  );
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
}

async function freeze(username: string, status: 1 | 2) {
  const user = await s.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  expect((await s.api.put('/sys/user/frozenBatch', { ids: user.id, status }, admin)).body.success).toBe(true);
}

describe('a process drawn with the rules', () => {
  it('deploys; a condition that does not parse is refused by name and nothing is deployed', async () => {
    const versions = await count(s, 'wf_process', sql`process_key = 'project_application'`);
    const unparsable = bpmn(
      'project_application',
      [
        ['startEvent', 's'],
        ['exclusiveGateway', 'g', { default: 'f_g_b' }],
        ['userTask', 'a', { 'hope:assignee': 'user:admin' }],
        ['userTask', 'b', { 'hope:assignee': 'user:admin' }],
        ['endEvent', 'e'],
      ],
      ['s->g', 'g->a if applyAmount > 100000', 'g->b', 'a->e', 'b->e'],
      ' hope:entity="project/application"',
    );
    refused(await post('process/deploy', { xml: unparsable }, admin), '连线（f_g_a）的条件无法解析：applyAmount > 100000');
    expect(await count(s, 'wf_process', sql`process_key = 'project_application'`)).toBe(versions);
    const deployed = await post('process/deploy', { xml: PROCESS }, admin);
    expect(deployed.body).toMatchObject({ success: true, result: { version: versions + 1 } });
  });

  it("goes to the leaders of the initiator's department: none set is refused and changes nothing; two are offered it to claim", async () => {
    project = await addRecord(s, lina, APP, { projectName: '规则测试项目', projectType: '1', school: '某校', contact: '和建国', applyAmount: 200000 });
    refused(await s.api.post(`/${APP}/transition`, { id: project, to: '2' }, lina), '审批节点【部门负责人审批】没有可用的办理人');
    expect((await row(s, 'project_application', project))!.status).toBe('1');
    expect(await count(s, 'wf_instance', sql`business_id = ${project}`)).toBe(0);

    await setLeaders('A01A03', 'zhangwei,admin'); // 李娜's department
    expect((await s.api.post(`/${APP}/transition`, { id: project, to: '2' }, lina)).body.success).toBe(true);
    instance = await instanceOf(s, APP, project);
    expect(await openTasks()).toEqual(['leader:unclaimed']);
    expect((await myTask(s, admin, APP, project)).claimable).toBe(true);
    const task = await taskOf(zhangwei);
    refused(await post('task/approve', { id: task }, wangfang), '不能办理他人的任务', 403);
    expect((await post('task/claim', { id: task }, zhangwei)).body.success).toBe(true);
    refused(await post('task/claim', { id: task }, admin), '不能办理他人的任务', 403);
    refused(await post('task/approve', { id: task }, admin), '不能办理他人的任务', 403);
    expect(await openTasks()).toEqual(['leader:zhangwei']);
  });

  it('never sends a field the step hides, nor takes a value for it', async () => {
    const task = await taskOf(zhangwei);
    const opened = (await s.api.get(`/workflow/task/detail?id=${task}`, zhangwei)).body.result;
    expect(opened.fields.map((f: any) => f.name)).not.toContain('contact');
    expect(opened.record).not.toHaveProperty('contact');
    expect(opened.record.projectName).toBe('规则测试项目');
    const before = await events();
    refused(await post('task/approve', { id: task, values: { contact: '别人' } }, zhangwei), '此步骤不能修改字段：联系人');
    expect(await events()).toBe(before);
    expect((await row(s, 'project_application', project))!.contact).toBe('和建国');
  });

  it('加签: the step moves on once every signer has approved; frozen people are refused as signer, copy, transfer or agent', async () => {
    const task = await taskOf(zhangwei);
    refused(await post('task/addSigner', { id: task, username: 'zhangwei' }, zhangwei), '该用户已在办理此步骤');
    expect((await post('task/addSigner', { id: task, username: 'wangfang', comment: '请财务也看看' }, zhangwei)).body.success).toBe(true);
    expect(await openTasks()).toEqual(['leader:wangfang', 'leader:zhangwei']);
    await approve(s, zhangwei, APP, project);
    expect(await openTasks()).toEqual(['leader:wangfang']);
    await approve(s, wangfang, APP, project);
    expect(await openTasks()).toEqual(['dir:admin', 'fin:wangfang']);

    await freeze('zhangwei', 2);
    const before = await events();
    const dir = await taskOf(admin);
    refused(await post('task/transfer', { id: dir, username: 'zhangwei' }, admin), '转办对象不存在或已冻结');
    refused(await post('task/addSigner', { id: dir, username: 'zhangwei' }, admin), '加签对象不存在或已冻结');
    refused(await post('task/approve', { id: dir, cc: ['zhangwei'] }, admin), '抄送人【zhangwei】不存在或已冻结');
    const today = new Date().toISOString().slice(0, 10);
    refused(await post('entrust/add', { agent: 'zhangwei', beginDate: today, endDate: today }, wangfang), '受托人不存在或已冻结');
    expect(await events()).toBe(before);
    expect(await openTasks()).toEqual(['dir:admin', 'fin:wangfang']);
    expect(await count(s, 'wf_entrust', sql`owner = 'wangfang'`)).toBe(0);
    await freeze('zhangwei', 1);
    zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);

    refused(await post('task/transfer', { id: dir, username: 'admin' }, admin), '不能转办给自己');
    expect((await post('task/transfer', { id: dir, username: 'zhangwei', comment: '请代审' }, admin)).body.success).toBe(true);
    expect(await openTasks()).toEqual(['dir:zhangwei', 'fin:wangfang']);
  });

  it('rejecting back across the join runs that branch again only, and the process goes on to its end', async () => {
    // 财务审核 copies 张伟 as it approves; 主任审核 (transferred to him) completes the join.
    const fin = await taskOf(wangfang);
    const approved = await post('task/approve', { id: fin, values: { approvedAmount: 150000 }, cc: ['zhangwei'], comment: '同意' }, wangfang);
    expect(approved.body.success, approved.body.message).toBe(true);
    const copy = (await s.api.get('/workflow/cc/list', zhangwei)).body.result.records.find((c: any) => c.instanceId === instance.id);
    expect(copy).toMatchObject({ nodeName: '财务审核', read: false });
    expect(await openTasks()).toEqual(['dir:zhangwei']);
    await approve(s, zhangwei, APP, project);
    expect(await openTasks()).toEqual(['final:admin']);

    const final = await taskOf(admin);
    const targets = (await s.api.get(`/workflow/task/detail?id=${final}`, admin)).body.result.rejectTargets.map((t: any) => t.name).sort();
    expect(targets).toEqual(['主任审核', '财务审核', '部门负责人审批'].sort());
    expect((await post('task/reject', { id: final, target: 'fin', comment: '金额再核' }, admin)).body.success).toBe(true);
    expect(await openTasks()).toEqual(['fin:wangfang']);

    // Not sideways into the other branch: 主任审核 does not come before 财务审核.
    const again = await taskOf(wangfang);
    expect((await s.api.get(`/workflow/task/detail?id=${again}`, wangfang)).body.result.rejectTargets.map((t: any) => t.name)).toEqual(['部门负责人审批']);
    refused(await post('task/reject', { id: again, target: 'dir', comment: '横向' }, wangfang), '只能驳回到之前已办理的审批节点');

    await approve(s, wangfang, APP, project, { approvedAmount: 120000 });
    expect(await openTasks()).toEqual(['final:admin']);
    await approve(s, admin, APP, project, {}, '同意立项');
    expect(await row(s, 'project_application', project)).toMatchObject({ status: '3', audit_opinion: '同意立项' });
    expect((await instanceOf(s, APP, project)).status).toBe('approved');
  });

  it('refuses every action on a finished instance and changes nothing', async () => {
    const before = await events();
    const last = (
      await s.db
        .selectFrom('wf_task' as never)
        .select('id' as never)
        .where('instance_id' as never, '=', instance.id as never)
        .where('node_id' as never, '=', 'final' as never)
        .orderBy('create_time' as never, 'desc')
        .executeTakeFirstOrThrow()
    ).id as string;
    refused(await post('task/approve', { id: last }, admin), '该任务已办理');
    refused(await post('task/reject', { id: last, comment: '再驳回' }, admin), '该任务已办理');
    refused(await post('instance/withdraw', { id: instance.id }, lina), '流程已结束，不能再办理');
    refused(await post('instance/urge', { id: instance.id }, lina), '流程已结束，不能再办理');
    refused(await post('monitor/suspend', { id: instance.id }, admin), '只能挂起审批中的流程');
    refused(await post('monitor/terminate', { id: instance.id }, admin), '流程已结束');
    refused(await post('monitor/reassign', { id: last, username: 'wangfang' }, admin), '流程已结束');
    expect(await events()).toBe(before);
    expect((await row(s, 'project_application', project))!.status).toBe('3');
  });
});

describe('救助申请 (help applications)', () => {
  it('are approved through the shipped 救助申请审核, not by moving the status', async () => {
    const id = await addRecord(s, admin, 'help/application', {
      applicantName: '流程审核测试',
      gender: '1',
      idCard: '530102200901015678',
      school: '某校',
      hardshipType: '1',
      applyAmount: 2000,
    });
    expect((await instanceOf(s, 'help/application', id)).process_key).toBe('help_application');
    refused(await s.api.post('/help/application/transition', { id, to: '2' }, admin), '救助申请正在审批中，状态由审批流程决定，请在【我的任务】中办理');
    await approve(s, lina, 'help/application', id, {}, '情况属实');
    expect(await row(s, 'help_application', id)).toMatchObject({ status: '2', audit_opinion: '情况属实', audit_by: 'lina' });
    expect((await instanceOf(s, 'help/application', id)).status).toBe('approved');
  });
});
