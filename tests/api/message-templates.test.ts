import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffServer } from './announcements.fixture.ts';
import type { TestServer } from './helpers/server.ts';

/*
 * 消息模板: a template with named placeholders is sent to users, roles' users and departments' users; the
 * message arrives in 我的消息 (listByUser) as a 系统消息, the send is logged in 消息记录, and every bad
 * input is refused with its message and changes nothing.
 */

let s: TestServer;
let admin: string;
let zhangwei: string;
let lina: string;

beforeAll(async () => {
  ({
    s,
    tokens: { admin, zhangwei, lina },
  } = await staffServer());
});
afterAll(() => s?.close());

async function template(fields: Record<string, unknown>): Promise<string> {
  const r = await s.api.post(
    '/system/message_template/add',
    {
      templateCode: `T${Date.now()}${Math.floor(Math.random() * 1000)}`,
      templateName: '助学金到账通知',
      templateType: '1',
      templateContent: '${name}同学，您的助学金 ${amount} 元已到账。',
      ...fields,
    },
    admin,
  );
  expect(r.body).toMatchObject({ success: true });
  return r.body.result.id as string;
}

const send = (id: string, body: Record<string, unknown>, token = admin) => s.api.post(`/system/message_template/operation/send?id=${id}`, body, token);
const sysMessages = async (token: string) =>
  (await s.api.get('/sys/annountCement/listByUser', token)).body.result.sysMsgList as { titile: string; msgContent?: string; id: string }[];
const logCount = async () =>
  Number(
    (
      (await s.db
        .selectFrom('msg_record' as any)
        .select((eb: any) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()) as any
    ).n,
  );
const announcementCount = async () =>
  Number(
    (
      await s.db
        .selectFrom('sys_announcement')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('sending a template', () => {
  it("fills the placeholders, reaches the chosen user and the role's users in 我的消息, and logs the send", async () => {
    const id = await template({ templateName: '到账通知A' });
    const r = await send(id, { userNames: 'zhangwei', roleCodes: ['project_officer'], templateTestJson: '{"name":"小明","amount":500}' });
    expect(r.body).toMatchObject({ success: true, message: '消息已发送给 2 人', result: { receivers: 2 } });

    for (const token of [zhangwei, lina]) {
      const found = (await sysMessages(token)).find((m) => m.titile === '到账通知A');
      expect(found).toBeDefined();
    }
    const annt = await s.db
      .selectFrom('sys_announcement')
      .select(['msg_content', 'msg_category', 'send_status'])
      .where('titile', '=', '到账通知A')
      .executeTakeFirstOrThrow();
    expect(annt).toMatchObject({ msg_content: '小明同学，您的助学金 500 元已到账。', msg_category: '2', send_status: '1' });
    const log = (await s.db
      .selectFrom('msg_record' as any)
      .selectAll()
      .where('title' as any, '=', '到账通知A')
      .executeTakeFirstOrThrow()) as any;
    expect(log).toMatchObject({ receiver_count: 2, send_status: '1' });
    expect(String(log.receivers).split(',').sort()).toEqual(['lina', 'zhangwei']);
  });

  it('a department reaches its members; the values never become markup in a rich-text template', async () => {
    const id = await template({ templateName: '富文本通知', templateType: '2', templateContent: '<p><b>${name}</b> 您好</p><script>alert(1)</script>' });
    const depart = await s.db
      .selectFrom('sys_user_depart')
      .innerJoin('sys_user', 'sys_user.id', 'sys_user_depart.user_id')
      .select('sys_user_depart.dep_id')
      .where('sys_user.username', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const r = await send(id, { departIds: [depart.dep_id], templateTestJson: { name: '<img src=x onerror=alert(1)>' } });
    expect(r.body.success).toBe(true);
    const annt = await s.db.selectFrom('sys_announcement').select('msg_content').where('titile', '=', '富文本通知').executeTakeFirstOrThrow();
    expect(annt.msg_content).toBe('<p><b>&lt;img src=x onerror=alert(1)&gt;</b> 您好</p>');
    expect((await sysMessages(zhangwei)).some((m) => m.titile === '富文本通知')).toBe(true);
  });

  it.each([
    [{ userNames: 'zhangwei' }, '模板参数缺少值：name、amount'],
    [{ userNames: 'zhangwei', templateTestJson: '{"name":"小明"' }, '模板参数必须是 JSON 对象，例如 {"name": "张三"}'],
    [{ userNames: 'zhangwei', templateTestJson: '{"name":"小明","amount":{"x":1}}' }, '模板参数 amount 的值必须是文字或数字'],
    [{ templateTestJson: '{"name":"小明","amount":1}' }, '请选择接收用户、角色或部门'],
    [{ userNames: 'nobody', templateTestJson: '{"name":"小明","amount":1}' }, '接收用户不存在或已冻结：nobody'],
    [{ roleCodes: 'no_such_role', templateTestJson: '{"name":"小明","amount":1}' }, '接收角色不存在：no_such_role'],
    // The form's values by property: a receiver under its column's spelling is refused, naming the property.
    [{ user_names: 'zhangwei', templateTestJson: '{"name":"小明","amount":1}' }, '未知字段: user_names（应写作 userNames）'],
  ])('refuses %j with its message and sends nothing', async (body, message) => {
    const id = await template({});
    const before = [await announcementCount(), await logCount()];
    const r = await send(id, body);
    expect(r.body).toMatchObject({ success: false, message });
    expect([await announcementCount(), await logCount()]).toEqual(before);
  });

  it('is refused without the 发送 button permission', async () => {
    const id = await template({});
    const r = await send(id, { userNames: 'lina', templateTestJson: '{"name":"a","amount":1}' }, zhangwei);
    expect(r.body.success).toBe(false);
    expect([401, 403]).toContain(r.status);
  });
});
