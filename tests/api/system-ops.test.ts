import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerOf } from '../../server/routes/system-ops.ts';
import { JOB_HANDLERS } from '../../server/services/jobs/handlers.ts';
import { JobScheduler } from '../../server/services/jobs/scheduler.ts';
import { ADMIN_PASSWORD, persistentStore, startServer, type TestServer } from './helpers/server.ts';

/*
 * System operations (issue #6): scheduled jobs, data sources, check rules, the dictionary recycle bin,
 * fill rules, address list, data log and the system log. Each effect is read back from the database.
 */

let s: TestServer;
let admin: string;
let staff: string;
const db = () => s.db as unknown as Kysely<any>;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  staff = await s.loginAs('wangfang', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

const job = (over: Record<string, unknown> = {}) => ({
  jobName: `任务${Math.random().toString(36).slice(2, 8)}`,
  cronExpression: '0 0 3 * * *',
  jobHandler: 'sampleLog',
  parameter: 'hello',
  ...over,
});

describe('scheduled jobs', () => {
  it('adds a job paused, starts it (a live timer), runs it once (a run log row) and pauses it', async () => {
    const added = await s.api.post('/system/job/add', job({ jobName: '示例任务' }), admin);
    expect(added.body).toMatchObject({ success: true });
    const id = added.body.result.id;
    expect(await db().selectFrom('quartz_job').select('status').where('id', '=', id).executeTakeFirst()).toEqual({ status: '0' });

    const started = await s.api.post(`/system/job/operation/start?id=${id}`, {}, admin);
    expect(started.body).toMatchObject({ success: true, message: '定时任务已启动' });
    expect(await db().selectFrom('quartz_job').select('status').where('id', '=', id).executeTakeFirst()).toEqual({ status: '1' });

    const run = await s.api.post(`/system/job/operation/execute?id=${id}`, {}, admin);
    expect(run.body).toMatchObject({ success: true, message: '执行成功：示例任务执行完成：hello' });
    const logs = await db().selectFrom('quartz_job_log').selectAll().where('job_id', '=', id).execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ success: '1', message: '示例任务执行完成：hello' });
    const detail = await s.api.get(`/system/job_log/list?jobId=${id}`, admin);
    expect(detail.body.result.records[0]).toMatchObject({ jobId: id, success_dictText: '成功' });

    const paused = await s.api.post(`/system/job/operation/pause?id=${id}`, {}, admin);
    expect(paused.body).toMatchObject({ success: true, message: '定时任务已暂停' });
    expect(await db().selectFrom('quartz_job').select('status').where('id', '=', id).executeTakeFirst()).toEqual({ status: '0' });
    // Each move is a version in the data log: add, started, paused.
    const versions = await db()
      .selectFrom('sys_data_log')
      .select(['action', 'data_after'])
      .where('data_table', '=', 'quartz_job')
      .where('data_id', '=', id)
      .orderBy('data_version')
      .execute();
    expect(versions.map((v) => [v.action, v.data_after.status])).toEqual([
      ['add', '0'],
      ['edit', '1'],
      ['edit', '0'],
    ]);
  });

  it('refuses a cron expression that does not parse and a handler that does not exist, saving nothing', async () => {
    const before = await db()
      .selectFrom('quartz_job')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const badCron = await s.api.post('/system/job/add', job({ cronExpression: 'every day' }), admin);
    expect(badCron.status).toBe(400);
    expect(badCron.body.message).toContain('Cron表达式不正确');
    const badHandler = await s.api.post('/system/job/add', job({ jobHandler: 'java.lang.Runtime' }), admin);
    expect(badHandler.status).toBe(400);
    expect(badHandler.body.message).toContain('任务处理器');
    const after = await db()
      .selectFrom('quartz_job')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('does not let the status be written by add or edit, and refuses operations without the button permission', async () => {
    const id = (await s.api.post('/system/job/add', job({ status: '1' }), admin)).body.result.id;
    expect(await db().selectFrom('quartz_job').select('status').where('id', '=', id).executeTakeFirst()).toEqual({ status: '0' });
    expect((await s.api.post(`/system/job/operation/start?id=${id}`, {}, staff)).status).toBe(403);
    expect((await s.api.post(`/system/job/operation/unknownOp?id=${id}`, {}, admin)).status).toBe(404);
    expect((await s.api.post(`/system/job/operation/start?id=x' or 1=1`, {}, admin)).status).toBe(400);
  });

  it('a started job runs on its schedule and logs each run', async () => {
    const id = (await s.api.post('/system/job/add', job({ cronExpression: '* * * * * *', parameter: 'tick' }), admin)).body.result.id;
    await s.api.post(`/system/job/operation/start?id=${id}`, {}, admin);
    try {
      await expect
        .poll(async () => (await db().selectFrom('quartz_job_log').select('message').where('job_id', '=', id).execute()).length, { timeout: 10_000 })
        .toBeGreaterThan(0);
    } finally {
      await s.api.post(`/system/job/operation/pause?id=${id}`, {}, admin);
    }
    expect(schedulerOf(s.ctx)?.scheduled).not.toContain(id);
  });

  it('deleting a job deletes its run log', async () => {
    const id = (await s.api.post('/system/job/add', job(), admin)).body.result.id;
    await s.api.post(`/system/job/operation/execute?id=${id}`, {}, admin);
    expect((await s.api.delete(`/system/job/delete?id=${id}`, admin)).body).toMatchObject({ success: true });
    expect(await db().selectFrom('quartz_job_log').select('id').where('job_id', '=', id).execute()).toEqual([]);
  });
});

describe('the vacuumAnalyze job', () => {
  it("leaves every document's table all-visible with fresh statistics (PGlite runs no autovacuum)", async () => {
    const stats = async () =>
      (
        await sql<{ relpages: number; relallvisible: number; reltuples: number }>`
          select relpages, relallvisible, reltuples from pg_class where relname = 'sys_dict_item'`.execute(db())
      ).rows[0];
    // New row versions on every page: none of them is all-visible until a vacuum says so.
    await sql`update sys_dict_item set sort_order = sort_order`.execute(db());
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from sys_dict_item`.execute(db());
    expect((await stats()).relallvisible).toBeLessThan((await stats()).relpages || 1);
    expect(await JOB_HANDLERS.vacuumAnalyze({ ctx: s.ctx, parameter: '' })).toMatch(/^已整理\d+张数据表$/);
    const after = await stats();
    expect(after.relallvisible).toBe(after.relpages);
    expect(Number(after.reltuples)).toBe(rows[0].n);
  });
});

describe('jobs resume after a restart', () => {
  it('a running job has a live timer again when the server starts on the same data', async () => {
    const store = await persistentStore();
    try {
      const first = await startServer({}, store);
      const token = await first.loginAs('admin', ADMIN_PASSWORD);
      const id = (await first.api.post('/system/job/add', job(), token)).body.result.id;
      await first.api.post(`/system/job/operation/start?id=${id}`, {}, token);
      await first.close();
      const second = await startServer({}, store);
      try {
        expect(schedulerOf(second.ctx)?.scheduled).toEqual([id]);
      } finally {
        await second.close();
      }
    } finally {
      await store.dispose();
    }
  });
});

describe('job timers', () => {
  it('a scheduler stopped while it reloads keeps no timer, and the next one (a restart) still times the job', async () => {
    const id = (await s.api.post('/system/job/add', job(), admin)).body.result.id;
    await s.api.post(`/system/job/operation/start?id=${id}`, {}, admin);
    try {
      const closing = new JobScheduler(s.ctx);
      // Two reloads at once (a write's notice and an operation's own reload), then the server closes.
      const reloads = [closing.reload(), closing.reload()];
      closing.stop();
      await Promise.all(reloads);
      expect(closing.scheduled).toEqual([]);
      const next = new JobScheduler(s.ctx);
      await Promise.all([next.reload(), next.reload()]);
      expect(next.scheduled).toContain(id);
      next.stop();
    } finally {
      await s.api.post(`/system/job/operation/pause?id=${id}`, {}, admin);
    }
  });
});

describe('data sources', () => {
  it('stores the password encrypted, never returns it, and keeps it when an edit leaves it empty', async () => {
    const added = await s.api.post(
      '/system/data_source/add',
      { code: 'report_db', name: '报表库', dbUrl: 'postgres://127.0.0.1:1/reports', dbUsername: 'reader', dbPassword: 'S3cret!' },
      admin,
    );
    expect(added.body).toMatchObject({ success: true });
    const id = added.body.result.id;
    const stored = await db().selectFrom('data_source').select('db_password').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.db_password).toMatch(/^enc:v1:/);
    expect(stored.db_password).not.toContain('S3cret');
    const read = await s.api.get(`/system/data_source/queryById?id=${id}`, admin);
    expect(read.body.result.dbPassword).toBe('');
    const list = await s.api.get('/system/data_source/list', admin);
    expect(JSON.stringify(list.body)).not.toContain('enc:v1:');
    await s.api.put('/system/data_source/edit', { id, name: '报表库2', dbPassword: '' }, admin);
    const kept = await db().selectFrom('data_source').select(['db_password', 'name']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(kept).toEqual({ db_password: stored.db_password, name: '报表库2' });
    // The data log keeps no copy of it either, not even the ciphertext.
    const logged = await db()
      .selectFrom('sys_data_log')
      .select(['data_before', 'data_after'])
      .where('data_table', '=', 'data_source')
      .where('data_id', '=', id)
      .execute();
    expect(logged.length).toBe(2);
    expect(JSON.stringify(logged)).not.toContain('enc:v1:');
  });

  it('refuses a URL that is not a postgres:// database URL', async () => {
    for (const dbUrl of ['http://example.com/db', 'file:///etc/passwd', 'mysql://h/db', 'postgres://host']) {
      const r = await s.api.post('/system/data_source/add', { code: `x${Math.random().toString(36).slice(2, 7)}`, name: 'x', dbUrl }, admin);
      expect(r.status, dbUrl).toBe(400);
    }
    expect(await db().selectFrom('data_source').select('id').where('name', '=', 'x').execute()).toEqual([]);
  });

  it('tests a connection: a refused one is a clear failure', async () => {
    const id = (
      await s.api.post(
        '/system/data_source/add',
        { code: 'dead_db', name: '不可达', dbUrl: 'postgres://127.0.0.1:1/nothing', dbUsername: 'u', dbPassword: 'p' },
        admin,
      )
    ).body.result.id;
    const r = await s.api.post(`/system/data_source/operation/testConnection?id=${id}`, {}, admin);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('数据库连接失败');
  });
});

describe('check rules', () => {
  it('checks a value against a stored rule by code', async () => {
    const added = await s.api.post(
      '/system/check_rule/add',
      { ruleCode: 'zip6', ruleName: '邮编', ruleJson: JSON.stringify([{ pattern: '^\\d{6}$', message: '请输入6位数字邮编' }]) },
      admin,
    );
    expect(added.body).toMatchObject({ success: true });
    expect((await s.api.get('/sys/checkRule/checkByCode?ruleCode=zip6&value=100080', admin)).body).toMatchObject({ success: true });
    expect((await s.api.get('/sys/checkRule/checkByCode?ruleCode=zip6&value=1000', admin)).body).toMatchObject({
      success: false,
      message: '请输入6位数字邮编',
    });
    expect((await s.api.get('/sys/checkRule/checkByCode?ruleCode=nothing&value=1', admin)).body.message).toBe('校验规则不存在: nothing');
    expect((await s.api.get('/sys/checkRule/checkByCode?value=1', admin)).body.message).toBe('规则编码不能为空');
  });

  it('refuses rule content that is not a list of valid patterns', async () => {
    for (const ruleJson of ['not json', '[]', '[{"pattern":"(","message":"x"}]', '[{"pattern":"a"}]']) {
      const r = await s.api.post('/system/check_rule/add', { ruleCode: `r${Math.random().toString(36).slice(2, 7)}`, ruleName: 'x', ruleJson }, admin);
      expect(r.status, ruleJson).toBe(400);
    }
  });
});

describe('dictionary recycle bin', () => {
  it('a deleted dictionary leaves the list and the cache, is listed as deleted, and can be restored or deleted for good', async () => {
    const add = async (code: string) => {
      await s.api.post('/sys/dict/add', { dictName: `回收${code}`, dictCode: code, items: [{ itemText: '甲', itemValue: 'a', status: 1 }] }, admin);
      return (await db().selectFrom('sys_dict').select('id').where('dict_code', '=', code).executeTakeFirstOrThrow()).id as string;
    };
    const id = await add('recycle_a');
    expect((await s.api.get('/sys/dict/getDictItems/recycle_a', admin)).body.result).toHaveLength(1);
    expect((await s.api.delete(`/sys/dict/delete?id=${id}`, admin)).body).toMatchObject({ success: true });
    expect(await db().selectFrom('sys_dict').select('del_flag').where('id', '=', id).executeTakeFirst()).toEqual({ del_flag: 1 });
    expect((await s.api.get('/sys/dict/list?dictCode=recycle_a', admin)).body.result.records).toEqual([]);
    expect((await s.api.get('/sys/dict/getDictItems/recycle_a', admin)).body.result).toEqual([]);
    expect((await s.api.get(`/sys/dict/queryById?id=${id}`, admin)).status).toBe(404);

    const deleted = await s.api.get('/sys/dict/deleteList', admin);
    expect(deleted.body.result.map((r: { id: string }) => r.id)).toContain(id);
    expect((await s.api.put(`/sys/dict/back?id=${id}`, {}, admin)).body).toMatchObject({ success: true, message: '还原成功!' });
    expect((await s.api.get('/sys/dict/getDictItems/recycle_a', admin)).body.result).toHaveLength(1);

    await s.api.delete(`/sys/dict/delete?id=${id}`, admin);
    expect((await s.api.delete(`/sys/dict/deletePhysic?id=${id}`, admin)).body).toMatchObject({ success: true, message: '已彻底删除!' });
    expect(await db().selectFrom('sys_dict').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await db().selectFrom('sys_dict_item').select('id').where('dict_id', '=', id).execute()).toEqual([]);
  });

  it('refuses restoring a record that is not deleted, and recycle calls without the delete permission', async () => {
    const { id } = await db().selectFrom('sys_dict').select('id').where('dict_code', '=', 'sex').executeTakeFirstOrThrow();
    expect((await s.api.put(`/sys/dict/back?id=${id}`, {}, admin)).body.message).toBe('回收站中没有这条记录');
    expect((await s.api.delete(`/sys/dict/deletePhysic?id=${id}`, admin)).status).toBe(400);
    expect((await s.api.get('/sys/dict/deleteList', staff)).status).toBe(403);
    expect((await s.api.get('/donation/record/deleteList', admin)).status).toBe(404);
  });

  it('refreshes the dictionary cache with the spec message', async () => {
    expect((await s.api.get('/sys/dict/refleshCache', admin)).body).toMatchObject({ success: true, message: '刷新缓存完成！' });
  });
});

describe('fill rules, address list, data log, system log', () => {
  it('fill rules are records of a screen, and the generated code follows an edited rule', async () => {
    const added = await s.api.post(
      '/system/fill_rule/add',
      { ruleCode: 'test_no', ruleName: '测试编号', prefix: 'T', dateFormat: '', seqLength: 3, resetPeriod: 'never' },
      admin,
    );
    expect(added.body).toMatchObject({ success: true });
    expect((await s.api.get('/sys/fillRule/executeRuleByCode/test_no', admin)).body.result).toBe('T001');
    await s.api.put('/system/fill_rule/edit', { id: added.body.result.id, prefix: 'X' }, admin);
    expect((await s.api.get('/sys/fillRule/executeRuleByCode/test_no', admin)).body.result).toBe('X002');
    expect((await s.api.post('/system/fill_rule/add', { ruleCode: 'Bad-Code', ruleName: 'x', seqLength: 3, resetPeriod: 'never' }, admin)).status).toBe(400);
  });

  it('the address list shows users by department and refuses writes', async () => {
    const r = await s.api.get('/system/address_list/list?pageSize=100', admin);
    expect(r.body.result.records.some((u: { username: string; departName: string }) => u.username === 'wangfang' && u.departName)).toBe(true);
    expect(r.body.result.records.some((u: { username: string }) => u.username === 'guest')).toBe(false);
    const write = await s.api.post('/system/address_list/add', { username: 'x' }, admin);
    expect(write.status).toBe(400);
    expect(write.body.message).toBe('【通讯录】是只读数据，不能修改');
  });

  it("the data log lists a record's versions with before and after", async () => {
    const id = (await s.api.post('/system/job/add', job({ jobName: '日志任务' }), admin)).body.result.id;
    await s.api.put('/system/job/edit', { id, parameter: 'changed' }, admin);
    const r = await s.api.get(`/system/data_log/list?dataTable=quartz_job&dataId=${id}&column=dataVersion&order=asc`, admin);
    expect(r.body.result.records.map((x: { action: string }) => x.action)).toEqual(['add', 'edit']);
    const edit = await s.api.get(`/system/data_log/queryById?id=${r.body.result.records[1].id}`, admin);
    expect(edit.body.result.dataBefore).toMatchObject({ parameter: 'hello' });
    expect(edit.body.result.dataAfter).toMatchObject({ parameter: 'changed' });
    expect((await s.api.delete(`/system/data_log/delete?id=${edit.body.result.id}`, admin)).status).toBe(400);
  });

  it('writes an operation log line for each write request, and filters logs by type and time', async () => {
    await s.api.post('/system/check_rule/add', { ruleCode: 'oplog', ruleName: '日志', ruleJson: '[{"pattern":"a","message":"m"}]' }, admin);
    const line = await db().selectFrom('sys_log').selectAll().where('request_url', 'like', '%/system/check_rule/add').executeTakeFirstOrThrow();
    expect(line).toMatchObject({ log_type: 2, operate_type: 2, username: 'admin', request_type: 'POST', result_code: 200 });
    expect(line.ip).toBeTruthy();
    expect(line.cost_time).toBeGreaterThanOrEqual(0);
    const logins = await s.api.get('/system/log/list?logType=1&pageSize=100', admin);
    expect(logins.body.result.records.length).toBeGreaterThan(0);
    expect(logins.body.result.records.every((r: { logType: number }) => r.logType === 1)).toBe(true);
    const none = await s.api.get('/system/log/list?createTime_begin=2000-01-01 00:00:00&createTime_end=2000-01-02 00:00:00', admin);
    expect(none.body.result.records).toEqual([]);
    expect((await s.api.get('/system/log/list', staff)).status).toBe(403);
  });
});
