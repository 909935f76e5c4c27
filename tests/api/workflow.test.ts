import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecord, refused, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';
import { approve, instanceOf, myTask, timerProcessXml } from './helpers/workflow.ts';
import { workflowOf } from '../../server/routes/workflow.ts';

/*
 * 流程中心 over HTTP on the shipped 项目立项审批 (财务审核 → over 100,000: 主任复核 → 立项): submitting a
 * project starts it; only the process moves the status on; approving, rejecting back, withdrawing,
 * urging, copies, entrusts, monitoring and deploying, each with its refusals, and their effect in the
 * database.
 */

const APP = 'project/application';
let s: TestServer;
let admin: string;
let lina: string; // project_officer: submits
let wangfang: string; // finance: 财务审核
let zhangwei: string; // fundraiser
beforeAll(async () => {
  s = await startServer({ WORKFLOW_TIMER_MS: '0' });
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  lina = await s.loginAs('lina', ADMIN_PASSWORD);
  wangfang = await s.loginAs('wangfang', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

async function submitted(amount: number, by = lina, name = '怒江希望小学'): Promise<string> {
  const id = await addRecord(s, by, APP, { projectName: name, projectType: '1', school: '福贡县中心小学', contact: '和建国', applyAmount: amount });
  const r = await s.api.post(`/${APP}/transition`, { id, to: '2' }, by);
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return id;
}

const post = (path: string, body: unknown, token: string) => s.api.post(`/workflow/${path}`, body, token);
const detail = async (instanceId: string, token: string) => (await s.api.get(`/workflow/instance/detail?id=${instanceId}`, token)).body.result;

describe('a project application approved through its process', () => {
  it('goes 财务审核 → 主任复核 for a large amount, back on rejection, and ends 已立项 with the approved amount and opinion', async () => {
    const id = await submitted(200000);
    const instance = await instanceOf(s, APP, id);
    expect(instance).toMatchObject({ status: 'running', initiator: 'lina', process_key: 'project_application', title: '项目申请：怒江希望小学' });

    // The status belongs to the process now: the list's direct move is refused, for the finance officer too.
    refused(
      await s.api.post(`/${APP}/transition`, { id, to: '3', approvedAmount: 1 }, wangfang),
      '项目申请正在审批中，状态由审批流程决定，请在【我的任务】中办理',
    );
    const mine = await s.api.get('/workflow/instance/mine', lina);
    expect(mine.body.result.records[0]).toMatchObject({ id: instance.id, statusText: '审批中', currentNodes: '财务审核', currentAssignees: '王芳' });

    // Someone else's task, a field the step does not let her edit.
    const task = await myTask(s, wangfang, APP, id);
    refused(await post('task/approve', { id: task.id }, zhangwei), '不能办理他人的任务', 403);
    refused(await post('task/approve', { id: task.id, values: { status: '3' } }, wangfang), '此步骤不能修改字段：状态');
    // The values come by property, as the task's record names its fields; the column's name is refused, naming the property.
    refused(await post('task/approve', { id: task.id, values: { approved_amount: 1 } }, wangfang), '未知字段: approved_amount（应写作 approvedAmount）');
    expect((await myTask(s, wangfang, APP, id)).id).toBe(task.id);
    const opened = (await s.api.get(`/workflow/task/detail?id=${task.id}`, wangfang)).body.result;
    expect(opened.fields.find((f: any) => f.name === 'approvedAmount').access).toBe('edit');
    expect(opened.fields.find((f: any) => f.name === 'projectName').access).toBe('read');
    expect(opened.record.projectName).toBe('怒江希望小学');
    expect(opened.record.projectType_dictText).toBeTruthy();
    expect(opened.record).not.toHaveProperty('project_name');

    await approve(s, wangfang, APP, id, { approvedAmount: 180000 }, '预算合理');
    const director = await myTask(s, admin, APP, id);
    expect(director.nodeName).toBe('主任复核');
    refused(await post('task/reject', { id: director.id, target: 'finance_review' }, admin), '请填写驳回意见');
    refused(await post('task/reject', { id: director.id, target: 'director_review', comment: '重核' }, admin), '只能驳回到之前已办理的审批节点');
    expect((await post('task/reject', { id: director.id, target: 'finance_review', comment: '请核减设备费' }, admin)).body.success).toBe(true);
    expect((await myTask(s, wangfang, APP, id)).nodeName).toBe('财务审核');
    expect((await row(s, 'project_application', id))!.status).toBe('2');

    await approve(s, wangfang, APP, id, { approvedAmount: 150000 }, '已核减');
    await approve(s, admin, APP, id, {}, '同意立项');
    const project = (await row(s, 'project_application', id))!;
    expect(project).toMatchObject({ status: '3', audit_opinion: '同意立项', audit_by: 'admin' });
    expect(Number(project.approved_amount)).toBe(150000);

    const done = await detail(instance.id, lina);
    expect(done.status).toBe('approved');
    expect(done.timeline.map((e: any) => `${e.actionText}:${e.actorName}:${e.nodeName ?? ''}`)).toEqual([
      '发起:李娜:',
      '同意:王芳:财务审核',
      '驳回:管理员:主任复核',
      '同意:王芳:财务审核',
      '同意:管理员:主任复核',
      '流程结束（已通过）:管理员:',
    ]);
    expect(done.timeline[2]).toMatchObject({ target: '财务审核', comment: '请核减设备费' });
  });

  it('a small amount ends after 财务审核; rejecting to the applicant ends it 已驳回 with the opinion', async () => {
    const small = await submitted(50000);
    await approve(s, wangfang, APP, small, { approvedAmount: 50000 });
    expect((await row(s, 'project_application', small))!.status).toBe('3');

    const other = await submitted(60000);
    const task = await myTask(s, wangfang, APP, other);
    expect((await post('task/reject', { id: task.id, comment: '材料不全' }, wangfang)).body.success).toBe(true);
    expect(await row(s, 'project_application', other)).toMatchObject({ status: '4', audit_opinion: '材料不全', audit_by: 'wangfang' });
    refused(await post('task/approve', { id: task.id }, wangfang), '该任务已办理');
    // Resubmitting (已驳回 → 待审核) starts a new instance.
    expect((await s.api.post(`/${APP}/transition`, { id: other, to: '2' }, lina)).body.success).toBe(true);
    expect((await instanceOf(s, APP, other)).status).toBe('running');
  });

  it('the final approval without the amount the 立项 step needs is refused and changes nothing', async () => {
    const id = await submitted(30000);
    const task = await myTask(s, wangfang, APP, id);
    refused(await post('task/approve', { id: task.id, comment: '同意' }, wangfang), '请填写批准金额');
    expect((await row(s, 'project_application', id))!.status).toBe('2');
    expect((await myTask(s, wangfang, APP, id)).id).toBe(task.id);
  });
});

describe('records created in the running status (救助申请)', () => {
  it('start their process on creation; deleting one ends it and its task; they cannot be withdrawn', async () => {
    const help = (name: string) =>
      addRecord(s, admin, 'help/application', {
        applicantName: name,
        gender: '1',
        idCard: `5301022009010${Math.floor(Math.random() * 90000 + 10000)}`,
        school: '某校',
        hardshipType: '1',
        applyAmount: 1000,
      });
    const kept = await help('撤回测试');
    const instance = await instanceOf(s, 'help/application', kept);
    expect(instance).toMatchObject({ process_key: 'help_application', status: 'running', title: '救助申请：撤回测试' });
    refused(await post('instance/withdraw', { id: instance.id }, admin), '救助申请不能撤回，请联系审核人驳回');

    const gone = await help('删除测试');
    const task = await myTask(s, lina, 'help/application', gone);
    expect((await s.api.delete(`/help/application/delete?id=${gone}`, admin)).body.success).toBe(true);
    expect((await instanceOf(s, 'help/application', gone)).status).toBe('terminated');
    expect((await s.api.get('/workflow/task/list?pageSize=200', lina)).body.result.records.map((t: any) => t.id)).not.toContain(task.id);
  });
});

describe('the applicant', () => {
  it('withdraws an untouched application (back to 草稿), not one an approver has acted on', async () => {
    const id = await submitted(40000);
    const instance = await instanceOf(s, APP, id);
    refused(await post('instance/withdraw', { id: instance.id }, wangfang), '只能撤回自己发起的申请', 403);
    expect((await post('instance/withdraw', { id: instance.id }, lina)).body.success).toBe(true);
    expect((await row(s, 'project_application', id))!.status).toBe('1');
    expect((await detail(instance.id, lina)).statusText).toBe('已撤回');

    const big = await submitted(300000);
    await approve(s, wangfang, APP, big, { approvedAmount: 1 });
    refused(await post('instance/withdraw', { id: (await instanceOf(s, APP, big)).id }, lina), '已有审批人办理，不能撤回');
  });

  it('urges the current assignee: a message in their bell; again within 10 minutes is refused', async () => {
    const id = await submitted(45000, lina, '催办测试项目');
    const instance = await instanceOf(s, APP, id);
    const r = await post('instance/urge', { id: instance.id }, lina);
    expect(r.body).toMatchObject({ success: true, result: { notified: 1 } });
    refused(await post('instance/urge', { id: instance.id }, lina), '催办过于频繁，请10分钟后再试');
    const bell = await s.api.get('/sys/annountCement/listByUser', wangfang);
    expect(JSON.stringify(bell.body.result)).toContain('催办：项目申请：催办测试项目');
  });
});

describe('copies, entrusts and who may look', () => {
  it('copies the project officer when admin submits; she reads it; outsiders may not open the instance', async () => {
    const id = await submitted(20000, admin, '抄送测试项目');
    const instance = await instanceOf(s, APP, id);
    const cc = (await s.api.get('/workflow/cc/list', lina)).body.result.records.find((c: any) => c.instanceId === instance.id);
    expect(cc).toMatchObject({ nodeName: '财务审核', read: false, title: '项目申请：抄送测试项目' });
    expect((await s.api.get('/workflow/task/count', lina)).body.result.ccUnread).toBeGreaterThan(0);
    expect((await post('cc/read', { id: cc.id }, lina)).body.success).toBe(true);
    expect((await detail(instance.id, lina)).title).toBe('项目申请：抄送测试项目');
    refused(await s.api.get(`/workflow/instance/detail?id=${instance.id}`, zhangwei), '您没有参与该流程，无权查看', 403);
  });

  it('entrusted tasks reach the agent, who acts for the owner; bad entrusts are refused', async () => {
    const today = new Date().toISOString().slice(0, 10);
    refused(await post('entrust/add', { agent: 'wangfang', beginDate: today, endDate: today }, wangfang), '不能委托给自己');
    refused(await post('entrust/add', { agent: 'nobody', beginDate: today, endDate: today }, wangfang), '受托人不存在或已冻结');
    refused(await post('entrust/add', { agent: 'zhangwei', beginDate: today, endDate: '2000-01-01' }, wangfang), '结束日期不能早于开始日期');
    const added = await post('entrust/add', { agent: 'zhangwei', beginDate: today, endDate: today, reason: '出差' }, wangfang);
    expect(added.body.success).toBe(true);
    const id = await submitted(25000, lina, '委托测试项目');
    const task = await myTask(s, zhangwei, APP, id);
    expect(task.entrustedBy).toBe('王芳');
    await approve(s, zhangwei, APP, id, { approvedAmount: 25000 });
    expect(await row(s, 'project_application', id)).toMatchObject({ status: '3', audit_by: 'zhangwei' });
    const timeline = (await detail(task.instanceId, lina)).timeline;
    expect(timeline[1]).toMatchObject({ actionText: '同意', actorName: '张伟', target: '王芳' });
    expect((await post('entrust/revoke', { id: added.body.result.id }, wangfang)).body.success).toBe(true);
    // Revoked: the owner's next task stays hers alone.
    const after = await submitted(26000);
    const afterInstance = (await instanceOf(s, APP, after)).id;
    expect((await s.api.get('/workflow/task/list?pageSize=200', zhangwei)).body.result.records.map((t: any) => t.instanceId)).not.toContain(afterInstance);
    await myTask(s, wangfang, APP, after);
  });
});

describe('流程监控 and 流程设计', () => {
  it('suspends (no approving meanwhile), resumes, reassigns and terminates; only with workflow:monitor', async () => {
    const id = await submitted(35000);
    const instance = await instanceOf(s, APP, id);
    refused(await post('monitor/suspend', { id: instance.id }, lina), '没有权限，请联系管理员授权【workflow:monitor】', 403);
    expect((await post('monitor/suspend', { id: instance.id }, admin)).body.success).toBe(true);
    const task = await myTask(s, wangfang, APP, id);
    refused(await post('task/approve', { id: task.id, values: { approvedAmount: 1 } }, wangfang), '流程已挂起，暂不能办理');
    expect((await post('monitor/resume', { id: instance.id }, admin)).body.success).toBe(true);
    expect((await post('monitor/reassign', { id: task.id, username: 'zhangwei' }, admin)).body.success).toBe(true);
    expect((await myTask(s, zhangwei, APP, id)).id).toBe(task.id);
    expect((await post('monitor/terminate', { id: instance.id, comment: '项目取消' }, admin)).body.success).toBe(true);
    expect(await row(s, 'project_application', id)).toMatchObject({ status: '4', audit_opinion: '项目取消' });
    refused(await post('monitor/resume', { id: instance.id }, admin), '只能恢复已挂起的流程');
    const list = (await s.api.get('/workflow/monitor/list?status=terminated', admin)).body.result.records;
    expect(list.map((r: any) => r.id)).toContain(instance.id);
  });

  it('deploys a new version (running instances stay on theirs) and refuses what it cannot run', async () => {
    const running = await submitted(150000);
    const xml = (await s.api.get(`/workflow/process/xml?id=${(await instanceOf(s, APP, running)).process_id}`, admin)).body.result.xml as string;
    const oneStep = xml.replace('"role:finance"', '"user:admin"');
    refused(await post('process/deploy', { xml: oneStep }, lina), '没有权限，请联系管理员授权【workflow:design】', 403);
    const deployed = await post('process/deploy', { xml: oneStep }, admin);
    expect(deployed.body).toMatchObject({ success: true, result: { key: 'project_application', version: 2 }, message: '流程【项目立项审批】已部署为第 2 版' });
    // The running instance still waits for the finance officer; a new one goes to admin.
    await myTask(s, wangfang, APP, running);
    const fresh = await submitted(10000);
    expect((await instanceOf(s, APP, fresh)).version).toBe(2);
    await myTask(s, admin, APP, fresh);

    refused(
      await post(
        'process/deploy',
        {
          xml: xml
            .replace('<bpmn:userTask id="director_review"', '<bpmn:serviceTask id="director_review"')
            .replace('</bpmn:userTask>\n    <bpmn:endEvent', '</bpmn:serviceTask>\n    <bpmn:endEvent'),
        },
        admin,
      ),
      '不支持的流程元素：服务任务【主任复核】',
    );
    refused(
      await post('process/deploy', { xml: xml.replace('{"applyAmount":{"$gt":100000}}', '{"amount":{"$gt":100000}}') }, admin),
      '连线【超过10万元】的条件引用了不存在的字段：amount',
    );
    refused(await post('process/deploy', { xml: xml.replace(' hope:assignee="role:admin"', '') }, admin), '用户任务【主任复核】没有设置办理人');
    refused(await post('process/deploy', { xml: 'hello' }, admin), /^无法解析BPMN文件/);
    expect((await s.api.get('/workflow/process/list', admin)).body.result.find((p: any) => p.key === 'project_application').version).toBe(2);
  });

  it('fires a due timer once, however often the timers look', async () => {
    const xml = timerProcessXml('PT0S');
    expect((await post('process/deploy', { xml }, admin)).body.success).toBe(true);
    const id = await submitted(12000);
    const instance = await instanceOf(s, APP, id);
    const timers = workflowOf(s.ctx)!.timers;
    const fired = await Promise.all([timers.tick(), timers.tick()]);
    expect(fired.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await timers.tick()).toBe(0);
    const tasks = await s.db
      .selectFrom('wf_task' as never)
      .selectAll()
      .where('instance_id' as never, '=', instance.id as never)
      .execute();
    expect(tasks).toHaveLength(1);
    expect((await detail(instance.id, lina)).timeline.map((e: any) => e.actionText)).toEqual(['发起', '定时']);
  });
});

describe('a process modelled before fields were named by property', () => {
  it('deploys with its column names (approved_amount, apply_amount) and runs as the same process does by property', async () => {
    const original = (
      await s.db
        .selectFrom('wf_process' as never)
        .select('xml' as never)
        .where('process_key' as never, '=', 'project_application' as never)
        .where('version' as never, '=', 1 as never)
        .executeTakeFirstOrThrow()
    ).xml as string;
    expect(original).toContain('approvedAmount:edit');
    const old = original.replaceAll('approvedAmount:edit', 'approved_amount:edit').replace('{"applyAmount":{"$gt":100000}}', '{"apply_amount":{"$gt":100000}}');
    expect((await post('process/deploy', { xml: old }, admin)).body.success).toBe(true);

    const id = await submitted(200000, lina, '旧流程项目');
    const task = await myTask(s, wangfang, APP, id);
    const opened = (await s.api.get(`/workflow/task/detail?id=${task.id}`, wangfang)).body.result;
    expect(opened.fields.find((f: any) => f.name === 'approvedAmount').access).toBe('edit');
    await approve(s, wangfang, APP, id, { approvedAmount: 190000 });
    // Over 100,000: the condition on the column's name still sends it to 主任复核.
    expect((await myTask(s, admin, APP, id)).nodeName).toBe('主任复核');
    await approve(s, admin, APP, id);
    const project = (await row(s, 'project_application', id))!;
    expect(project.status).toBe('3');
    expect(Number(project.approved_amount)).toBe(190000);
  });
});
