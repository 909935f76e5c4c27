import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, staffServer } from './announcements.fixture.ts';
import { up } from '../../server/db/migrations/012_announcement_screen.ts';
import { addUser } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, type TestServer } from './helpers/server.ts';

let s: TestServer;
let admin: string;
let zhangwei: string;
let lina: string;
let zhangweiId: string;
let linaId: string;

beforeAll(async () => {
  const started = await staffServer();
  ({
    s,
    tokens: { admin, zhangwei, lina },
    ids: { zhangwei: zhangweiId, lina: linaId },
  } = started);
});
afterAll(() => s?.close());

const put = (path: string, body: unknown, token?: string) => send(s, 'PUT', path, body, token);
const del = (path: string, token: string) => send(s, 'DELETE', path, undefined, token);

const counts = async (token: string) => {
  const r = await s.api.get('/sys/annountCement/listByUser', token);
  expect(r.status).toBe(200);
  return r.body.result as { anntMsgList: any[]; anntMsgTotal: number; sysMsgList: any[]; sysMsgTotal: number };
};

/** Writes a draft on the schema screen (system/announcement) as admin; answers its id. */
async function draft(fields: Record<string, unknown>): Promise<string> {
  const added = await s.api.post('/system/announcement/add', { priority: 'M', msgCategory: '1', msgType: 'ALL', msgContent: '<p>内容</p>', ...fields }, admin);
  expect(added.body).toMatchObject({ success: true, code: 200 });
  return added.body.result.id as string;
}

/** The list's row operation 发布 / 撤销 (POST /system/announcement/operation/{key}). */
const operate = (key: 'release' | 'revoke', id: string, token = admin) => s.api.post(`/system/announcement/operation/${key}?id=${id}`, {}, token);

/** Writes and releases an announcement as admin; answers its id. */
async function released(fields: Record<string, unknown>): Promise<string> {
  const id = await draft(fields);
  const r = await operate('release', id);
  expect(r.body).toMatchObject({ success: true, message: '该系统通知发布成功' });
  return id;
}

const statusOf = async (id: string) =>
  await s.db.selectFrom('sys_announcement').select(['send_status', 'titile', 'del_flag']).where('id', '=', id).executeTakeFirstOrThrow();

describe('the screen', () => {
  it('a fresh start has exactly one 系统通告 menu entry, the schema screen under 系统管理, with its 发布 and 撤销 buttons', async () => {
    const menus = await s.db
      .selectFrom('sys_permission as p')
      .leftJoin('sys_permission as parent', 'parent.id', 'p.parent_id')
      .select(['p.url', 'parent.name as parentName'])
      .where('p.name', '=', '系统通告')
      .where('p.del_flag', '=', 0)
      .execute();
    expect(menus).toEqual([{ url: '/system/announcement', parentName: '系统管理' }]);
    const buttons = await s.db
      .selectFrom('sys_permission')
      .select('perms')
      .where('perms', 'in', ['system:announcement:release', 'system:announcement:revoke'])
      .where('del_flag', '=', 0)
      .execute();
    expect(buttons.map((b) => b.perms).sort()).toEqual(['system:announcement:release', 'system:announcement:revoke']);
  });

  it("an older database loses the hand-written page's menu entry and buttons (migration 012), keeping the schema screen's", async () => {
    const now = '2026-01-01 00:00:00';
    const base = {
      parent_id: null,
      component: 'isps/AnnouncementManage',
      perms_type: '1',
      sort_no: 2,
      menu_type: 1,
      is_route: true,
      is_leaf: false,
      status: '1',
      del_flag: 0,
      create_by: 'admin',
      create_time: now,
    };
    await s.db
      .insertInto('sys_permission')
      .values([
        { ...base, id: 'oldannouncementmenu', name: '系统通告', url: '/isps/announcement' },
        { ...base, id: 'oldannouncementbtn', name: '发布/撤销', url: '/isps/announcement#release', perms: 'system:announcement:release', menu_type: 2 },
      ] as any)
      .execute();
    await up(s.db as never);
    const names = await s.db.selectFrom('sys_permission').select('url').where('name', '=', '系统通告').execute();
    expect(names.map((m) => m.url)).toEqual(['/system/announcement']);
    expect(await s.db.selectFrom('sys_permission').select('id').where('id', 'in', ['oldannouncementmenu', 'oldannouncementbtn']).execute()).toEqual([]);
  });
});

describe('release and revoke', () => {
  it('an announcement to all users reaches everyone once released, and leaves when revoked', async () => {
    const before = { z: (await counts(zhangwei)).anntMsgTotal, l: (await counts(lina)).anntMsgTotal };
    const id = await draft({ titile: '全员通知', msgContent: '<p>hi</p>', priority: 'L' });
    // A draft is nobody's business yet.
    expect((await counts(lina)).anntMsgTotal).toBe(before.l);
    expect((await s.api.get(`/sys/annountCement/queryById?id=${id}`, lina)).status).toBe(404);

    await operate('release', id);
    expect((await counts(zhangwei)).anntMsgTotal).toBe(before.z + 1);
    expect((await counts(lina)).anntMsgTotal).toBe(before.l + 1);
    expect((await counts(lina)).anntMsgList[0]).toMatchObject({ id, titile: '全员通知', sender: '管理员', priority: 'L' });

    const again = await operate('release', id);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('该通告已发布');

    const revoked = await operate('revoke', id);
    expect(revoked.body).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    expect((await counts(lina)).anntMsgTotal).toBe(before.l);
    expect((await s.api.get(`/sys/annountCement/queryById?id=${id}`, lina)).status).toBe(404);
    const twice = await operate('revoke', id);
    expect(twice.body).toMatchObject({ success: false, message: '只能撤销已发布的通告' });
  });

  it("the spec's doReleaseData and doReovkeData calls release and revoke too", async () => {
    const id = await draft({ titile: '旧接口发布' });
    expect((await s.api.get(`/sys/annountCement/doReleaseData?id=${id}`, admin)).body).toMatchObject({ success: true, message: '该系统通知发布成功' });
    expect((await statusOf(id)).send_status).toBe('1');
    expect((await s.api.get(`/sys/annountCement/doReovkeData?id=${id}`, admin)).body).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    expect((await statusOf(id)).send_status).toBe('2');
  });

  it('an announcement to chosen users (usernames from the user picker) reaches only them, and the detail lists who read it', async () => {
    const before = { z: (await counts(zhangwei)).sysMsgTotal, l: (await counts(lina)).sysMsgTotal };
    const id = await released({ titile: '给张伟的消息', msgCategory: '2', msgType: 'USER', userIds: 'zhangwei' });
    expect((await counts(zhangwei)).sysMsgTotal).toBe(before.z + 1);
    expect((await counts(lina)).sysMsgTotal).toBe(before.l);
    expect((await s.api.get(`/sys/annountCement/queryById?id=${id}`, zhangwei)).body.result).toMatchObject({ id, titile: '给张伟的消息', msgType: 'USER' });

    await put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: id }, zhangwei);
    // The detail's child list 阅读情况 (system/announcement_send) shows the recipient and the read state.
    const reads = await s.api.get(`/system/announcementSend/list?anntId=${id}`, admin);
    expect(reads.status).toBe(200);
    expect(reads.body.result.records).toEqual([expect.objectContaining({ userId: zhangweiId, readFlag: 1 })]);
    expect((await s.api.post('/system/announcementSend/add', { anntId: id, userId: linaId }, admin)).status).toBe(400);
  });

  it('refuses a user without the permission to add, release or revoke, and changes nothing', async () => {
    const add = await s.api.post('/system/announcement/add', { titile: 'x' }, lina);
    expect(add.status).toBe(403);
    expect(add.body.message).toContain('system:announcement:add');
    const id = await draft({ titile: '草稿' });
    expect((await operate('release', id, zhangwei)).status).toBe(403);
    expect((await s.api.get(`/sys/annountCement/doReleaseData?id=${id}`, zhangwei)).status).toBe(403);
    expect((await statusOf(id)).send_status).toBe('0');
    expect((await s.api.get('/system/announcement/list', lina)).status).toBe(403);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const rows = async () =>
      Number(
        (
          await s.db
            .selectFrom('sys_announcement')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await rows();
    const cases: [Record<string, unknown>, string][] = [
      [{ titile: '' }, '标题'],
      [{ titile: 'x', priority: 'X' }, '优先级的值不在字典中: X'],
      [{ titile: 'x', msgType: 'USER' }, '请选择指定用户'],
      [{ titile: 'x', openType: 'url', openPage: 'https://evil.example' }, '打开页面必须是以 / 开头的系统内路径或组件路径'],
      [{ titile: 'x', openType: 'url' }, '请填写打开页面'],
      [{ titile: 'x', msgCategory: '9' }, '消息类型的值不在字典中: 9'],
      [{ titile: 'x', sendStatus: '1' }, ''],
    ];
    for (const [body, message] of cases.slice(0, -1)) {
      const r = await s.api.post('/system/announcement/add', { msgType: 'ALL', ...body }, admin);
      expect(r.status, message).toBe(400);
      expect(r.body.message).toContain(message);
    }
    expect(await rows()).toBe(before);
    // The status is the operations' to set: an add cannot write it.
    const id = (await s.api.post('/system/announcement/add', { titile: '想直接发布', sendStatus: '1' }, admin)).body.result.id;
    expect((await statusOf(id)).send_status).toBe('0');
    // A chosen user who does not exist is refused at release, and the draft stays a draft.
    const ghost = await draft({ titile: '给不存在的人', msgType: 'USER', userIds: 'nobody' });
    expect((await operate('release', ghost)).body).toMatchObject({ success: false, message: '指定用户不存在：nobody' });
    expect((await statusOf(ghost)).send_status).toBe('0');
    expect((await operate('release', 'nope')).status).toBe(404);
    expect((await s.api.get('/sys/annountCement/doReleaseData', admin)).body).toMatchObject({ code: 400, message: '请指定通告ID' });
  });

  it('a released announcement cannot be edited or deleted until revoked; a deleted one disappears', async () => {
    const id = await released({ titile: '将被修改' });
    const refused = await put('/system/announcement/edit', { id, titile: '新标题' }, admin);
    expect(refused).toMatchObject({ status: 400, body: { message: '已发布的通告不能修改或删除，请先撤销' } });
    const notDeleted = await del(`/system/announcement/delete?id=${id}`, admin);
    expect(notDeleted).toMatchObject({ status: 400, body: { message: '已发布的通告不能修改或删除，请先撤销' } });
    expect(await statusOf(id)).toMatchObject({ titile: '将被修改', send_status: '1', del_flag: 0 });

    await operate('revoke', id);
    expect((await put('/system/announcement/edit', { id, titile: '新标题', priority: 'H' }, admin)).body.success).toBe(true);
    await operate('release', id);
    expect((await s.api.get(`/sys/annountCement/queryById?id=${id}`, lina)).body.result).toMatchObject({ titile: '新标题', priority: 'H' });
    await operate('revoke', id);
    expect((await del(`/system/announcement/delete?id=${id}`, admin)).body.success).toBe(true);
    expect((await s.api.get(`/sys/annountCement/queryById?id=${id}`, lina)).status).toBe(404);
    expect((await s.api.get(`/sys/annountCement/queryById?id=${id}`, admin)).status).toBe(404);
  });
});

describe('reading', () => {
  it('queryById refuses an announcement the user was not sent', async () => {
    const id = await released({ titile: '只给李娜', msgType: 'USER', userIds: 'lina' });
    const r = await s.api.get(`/sys/annountCement/queryById?id=${id}`, zhangwei);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ success: false, message: '消息不存在或未发送给您' });
    expect((await s.api.get(`/sys/annountCement/queryById?id=${id}`, lina)).body.result.titile).toBe('只给李娜');
    // The writer sees every announcement.
    expect((await s.api.get(`/sys/annountCement/queryById?id=${id}`, admin)).status).toBe(200);
  });

  it('marking read drops the count; marking an announcement not sent to you, or for someone else, is refused', async () => {
    const id = await released({ titile: '请阅读', msgType: 'USER', userIds: 'zhangwei,lina' });
    const before = (await counts(zhangwei)).anntMsgTotal;
    const r = await put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: id }, zhangwei);
    expect(r).toMatchObject({ status: 200, body: { success: true } });
    expect((await counts(zhangwei)).anntMsgTotal).toBe(before - 1);
    // Marking again is harmless.
    expect((await put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: id }, zhangwei)).status).toBe(200);

    const linaBefore = (await counts(lina)).anntMsgTotal;
    const forOther = await put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: id, userId: linaId }, zhangwei);
    expect(forOther).toMatchObject({ status: 403, body: { success: false, message: '不能修改他人的消息状态' } });
    expect((await counts(lina)).anntMsgTotal).toBe(linaBefore);

    const adminOnly = await released({ titile: '只给管理员', msgType: 'USER', userIds: 'admin' });
    const notMine = await put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: adminOnly }, zhangwei);
    expect(notMine).toMatchObject({ status: 404, body: { message: '消息不存在或未发送给您' } });
    const sends = await s.db.selectFrom('sys_announcement_send').select('user_id').where('annt_id', '=', adminOnly).execute();
    expect(sends.map((x) => x.user_id)).not.toContain(zhangweiId);
  });

  it('my announcements pages and filters by read state; read all clears the bell', async () => {
    const newcomer = await addUser(s.db, 'reader1', ADMIN_PASSWORD);
    const token = await s.loginAs('reader1', ADMIN_PASSWORD);
    const id = await released({ titile: '给新人', msgType: 'USER', userIds: newcomer });
    await put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: id }, token);
    const all = await s.api.get('/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=2', token);
    expect(all.body.result.records).toHaveLength(2);
    const total = all.body.result.total;
    expect(total).toBeGreaterThanOrEqual(4);
    const read = await s.api.get('/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=1', token);
    expect(read.body.result.records.map((x: any) => x.id)).toEqual([id]);
    const unread = await s.api.get('/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=0', token);
    expect(unread.body.result.total).toBe(total - 1);
    expect((await s.api.get('/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=7', token)).status).toBe(400);

    expect((await put('/sys/sysAnnouncementSend/readAll', {}, token)).body.result).toBe(total - 1);
    expect(await counts(token)).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0 });
  });
});

describe('sanitising', () => {
  it('strips script, event handlers and javascript: links from the HTML before it is stored', async () => {
    const dirty =
      '<p onclick="alert(1)">你好<script>alert(document.cookie)</script></p><a href="javascript:alert(1)">链接</a><img src="x" onerror="alert(2)"><iframe src="https://evil.example"></iframe><b style="color:red;position:fixed">粗体</b>';
    const id = await released({ titile: '含脚本的通告', msgContent: dirty });
    const stored = (await s.db.selectFrom('sys_announcement').select('msg_content').where('id', '=', id).executeTakeFirstOrThrow()).msg_content!;
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', 'position']) expect(stored).not.toContain(bad);
    expect(stored).toContain('<p>你好</p>');
    expect(stored).toContain('<b style="color:red">粗体</b>');
    const r = await s.api.get(`/sys/annountCement/queryById?id=${id}`, lina);
    expect(r.body.result.msgContent).toBe(stored);
  });
});
