import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addActivity, addRecord, count, refused } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';
import { myTask } from './helpers/workflow.ts';

/*
 * Records people can read and that make sense: codes named by the reader ({field}_dictText from labelFrom:
 * regions, usernames), range and sign checks refused by the writer with the document's message.
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

describe('range and cross-field checks (rules.checks, field min)', () => {
  it('refuses an activity that ends before it starts, on add and on edit, and writes nothing', async () => {
    const before = await count(s, 'donation_activity');
    refused(
      await s.api.post(
        '/donation/activity/add',
        { activityName: '倒序活动', category: '1', status: '0', startDate: '2026-03-10', endDate: '2026-03-01' },
        admin,
      ),
      '结束日期不能早于开始日期',
    );
    expect(await count(s, 'donation_activity')).toBe(before);

    const id = await addActivity(s, admin, { startDate: '2026-03-01', endDate: '2026-03-01' });
    // Only the start moves: the stored end is compared with it.
    refused(await s.api.put('/donation/activity/edit', { id, startDate: '2026-04-01' }, admin), '结束日期不能早于开始日期');
    expect((await s.api.get(`/donation/activity/queryById?id=${id}`, admin)).body.result.startDate).toBe('2026-03-01');
    // An empty side is no comparison.
    expect((await s.api.put('/donation/activity/edit', { id, endDate: null, startDate: '2026-04-01' }, admin)).body.success).toBe(true);
  });

  it('refuses a negative target amount with a message instead of storing 0.00', async () => {
    refused(await s.api.post('/donation/activity/add', { activityName: '负目标', category: '1', status: '0', targetAmount: -5 }, admin), '目标金额不能小于0');
  });

  it('refuses a banner that ends before it starts', async () => {
    refused(
      await s.api.post(
        '/web/carousel/add',
        {
          title: '倒序',
          image: 'carousel/a.png',
          linkType: '0',
          position: '1',
          status: '1',
          startTime: '2026-05-02 00:00:00',
          endTime: '2026-05-01 00:00:00',
        },
        admin,
      ),
      '结束时间不能早于开始时间',
    );
  });
});

describe('labelFrom: codes read by their names', () => {
  it('names a region code as 省/市/区 and the reviewer by their real name, in the list and the record', async () => {
    const id = await addRecord(s, lina, 'help/application', {
      applicantName: '王小丫',
      gender: '2',
      idCard: '422801200901011234',
      phone: '13812345678',
      region: '422801',
      school: '恩施市第一中学',
      grade: '初一',
      hardshipType: '1',
      applyAmount: 1500,
      situation: '家庭困难',
    });
    const task = await myTask(s, lina, 'help/application', id);
    expect((await s.api.post('/workflow/task/reject', { id: task.id, comment: '材料不全' }, lina)).body.success).toBe(true);
    const record = (await s.api.get(`/help/application/queryById?id=${id}`, admin)).body.result;
    expect(record).toMatchObject({ region: '422801', region_dictText: '湖北省/恩施土家族苗族自治州/恩施市', auditBy: 'lina', auditBy_dictText: '李娜' });
    const listed = (await s.api.get('/help/application/list?applicantName=王小丫', admin)).body.result.records[0];
    expect(listed).toMatchObject({ region_dictText: '湖北省/恩施土家族苗族自治州/恩施市', auditBy_dictText: '李娜' });
  });

  it('names a 跳转目标 from the dictionary its 跳转类型 picks (dictByField), and keeps a URL as it is', async () => {
    const activity = await addActivity(s, admin, { activityName: '春蕾助学' });
    await addRecord(s, admin, 'web/carousel', {
      title: '活动轮播',
      image: 'carousel/a.png',
      linkType: '2',
      linkTarget: activity,
      position: '1',
      status: '1',
    });
    await addRecord(s, admin, 'web/carousel', {
      title: '链接轮播',
      image: 'carousel/b.png',
      linkType: '3',
      linkTarget: 'https://example.org/',
      position: '1',
      status: '1',
    });
    const { records } = (await s.api.get('/web/carousel/list?pageSize=50', admin)).body.result;
    const byTitle = (t: string) => records.find((r: Record<string, unknown>) => r.title === t);
    expect(byTitle('活动轮播')).toMatchObject({ linkTarget: activity, linkTarget_dictText: '春蕾助学' });
    expect(byTitle('链接轮播')).toMatchObject({ linkTarget_dictText: 'https://example.org/' });
  });

  it('names each user of a comma list, keeping a username nobody has', async () => {
    const id = await addRecord(s, admin, 'system/announcement', {
      titile: '通知',
      msgContent: '<p>内容</p>',
      priority: 'L',
      msgCategory: '1',
      msgType: 'USER',
      userIds: 'zhangwei,wangfang,nobody',
    });
    const record = (await s.api.get(`/system/announcement/queryById?id=${id}`, admin)).body.result;
    expect(record.userIds_dictText).toBe('张伟、王芳、nobody');
  });

  it('names the user of an audit column the list shows and a table by its screen (数据日志 操作人, 表名)', async () => {
    const { records } = (await s.api.get('/system/data_log/list?createBy=admin&dataTable=donation_activity&pageSize=3', admin)).body.result;
    expect(records.length).toBeGreaterThan(0);
    for (const r of records)
      expect(r).toMatchObject({ createBy: 'admin', createBy_dictText: '管理员', dataTable: 'donation_activity', dataTable_dictText: '捐赠活动' });
  });
});
