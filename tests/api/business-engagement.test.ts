import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addActivity, addDonation, addRecord, count, NO_AUTH, refused, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Invoices, articles, love messages, carousel and WeChat users: the rules their documents declare, enforced
 * by the generic runtime (limits, derived 开票状态, conditional 税号, roll-ups of likes, collections and
 * donations, masking, status steps with their permissions) and the bad input each refuses unchanged.
 */

let s: TestServer;
let admin: string;
let zhangwei: string; // fundraiser: articles, messages, carousel, WeChat users; reads invoices
let wangfang: string; // finance: invoices
let guest: string;
let activity: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
  wangfang = await s.loginAs('wangfang', ADMIN_PASSWORD);
  guest = (await s.api.post('/sys/guestLogin')).body.result.token;
  activity = await addActivity(s, admin, { activityName: '发票测试活动' });
});
afterAll(() => s?.close());

const invoice = (recordId: string, values: Record<string, unknown> = {}) => ({ recordId: recordId, titleType: '1', title: '张三', amount: 50, ...values });
const addInvoice = (recordId: string, values: Record<string, unknown> = {}, token = wangfang) =>
  addRecord(s, token, 'donation/invoice', invoice(recordId, values));
const invoiceStatusOf = async (recordId: string) => String((await row(s, 'donation_record', recordId))!.invoice_status);
const invoicesOf = (recordId: string) => count(s, 'donation_invoice', sql`record_id = ${recordId}`);

describe('donation invoices', () => {
  it('a paid record is invoiced: a generated number, and the record reads 已申请 then 已开票', async () => {
    const record = await addDonation(s, admin, activity, { amount: 100 });
    expect(await invoiceStatusOf(record)).toBe('0');
    const id = await addInvoice(record, { amount: 60 });
    const stored = await row(s, 'donation_invoice', id);
    expect(stored).toMatchObject({ status: '1', create_by: 'wangfang' });
    expect(stored!.invoice_no).toMatch(/^PJ\d{6}\d{4}$/);
    expect(await invoiceStatusOf(record)).toBe('1');

    const issued = await s.api.put('/donation/invoice/edit', { id, status: '2' }, wangfang);
    expect(issued.body, JSON.stringify(issued.body)).toMatchObject({ success: true });
    expect(await invoiceStatusOf(record)).toBe('2');
    const listed = (await s.api.get(`/donation/record/queryById?id=${record}`, admin)).body.result;
    expect(listed.invoiceStatus_dictText).toBe('已开票');
  });

  it('refuses invoices above the record amount, counting every invoice but the void ones', async () => {
    const record = await addDonation(s, admin, activity, { amount: 100 });
    const first = await addInvoice(record, { amount: 60 });
    refused(await s.api.post('/donation/invoice/add', invoice(record, { amount: 40.01 }), wangfang), '发票金额合计不能超过该笔捐赠的金额');
    expect(await invoicesOf(record)).toBe(1);
    // Raising the first one above the record is refused as well, and leaves it as it was.
    refused(await s.api.put('/donation/invoice/edit', { id: first, amount: 100.5 }, wangfang), '发票金额合计不能超过该笔捐赠的金额');
    expect((await row(s, 'donation_invoice', first))!.amount).toBe(60);

    await addInvoice(record, { amount: 40 });
    expect(await invoicesOf(record)).toBe(2);
    // A void invoice frees its amount.
    expect((await s.api.put('/donation/invoice/edit', { id: first, status: '4' }, wangfang)).body.success).toBe(true);
    await addInvoice(record, { amount: 60 });
    expect(await invoicesOf(record)).toBe(3);
  });

  it('only paid records can be invoiced', async () => {
    const pending = await addDonation(s, admin, activity, { amount: 100, payStatus: '1', payTime: null });
    refused(await s.api.post('/donation/invoice/add', invoice(pending), wangfang), '只有已支付的捐赠记录才能开具发票');
    const refunded = await addDonation(s, admin, activity, { amount: 100, payStatus: '3' });
    refused(await s.api.post('/donation/invoice/add', invoice(refunded), wangfang), '只有已支付的捐赠记录才能开具发票');
    expect(await invoicesOf(pending)).toBe(0);
    expect(await invoiceStatusOf(pending)).toBe('0');
    refused(await s.api.post('/donation/invoice/add', invoice('nosuchrecord'), wangfang), '捐赠记录不存在');
  });

  it('an invoiced record is not refunded or reduced below its invoices until they are voided', async () => {
    const record = await addDonation(s, admin, activity, { amount: 80 });
    const id = await addInvoice(record, { amount: 60 });
    const ceiling = '该捐赠记录的发票金额合计将超过捐赠金额，请先作废相应发票再修改金额或退款';
    refused(await s.api.put('/donation/record/edit', { id: record, payStatus: '3' }, admin), ceiling);
    refused(await s.api.put('/donation/record/edit', { id: record, amount: 59.99 }, admin), ceiling);
    expect(await row(s, 'donation_record', record)).toMatchObject({ pay_status: '2', amount: 80 });
    // Down to the invoiced sum, or up, is fine.
    expect((await s.api.put('/donation/record/edit', { id: record, amount: 60 }, admin)).body.success).toBe(true);
    const voided = await s.api.put('/donation/invoice/edit', { id, status: '4' }, wangfang);
    expect(voided.body, JSON.stringify(voided.body)).toMatchObject({ success: true });
    expect(await invoiceStatusOf(record)).toBe('0');
    expect((await s.api.put('/donation/record/edit', { id: record, payStatus: '3' }, admin)).body.success).toBe(true);
  });

  it('税号 is required for a 单位 title and must look like one', async () => {
    const record = await addDonation(s, admin, activity, { amount: 100 });
    refused(
      await s.api.post('/donation/invoice/add', invoice(record, { titleType: '2', title: '腾飞科技有限公司' }), wangfang),
      '抬头类型为单位时，税号不能为空',
    );
    refused(
      await s.api.post('/donation/invoice/add', invoice(record, { titleType: '2', title: '腾飞科技有限公司', taxNo: 'abc' }), wangfang),
      '税号应为15至20位数字或大写字母',
    );
    expect(await invoicesOf(record)).toBe(0);
    const id = await addInvoice(record, { titleType: '2', title: '腾飞科技有限公司', taxNo: '91110108MA01ABCD2X' });
    // Clearing the number of a 单位 invoice later is refused too.
    refused(await s.api.put('/donation/invoice/edit', { id, taxNo: '' }, wangfang), '抬头类型为单位时，税号不能为空');
    expect((await row(s, 'donation_invoice', id))!.tax_no).toBe('91110108MA01ABCD2X');
  });

  it('refuses a three-decimal or negative amount', async () => {
    const record = await addDonation(s, admin, activity, { amount: 100 });
    refused(await s.api.post('/donation/invoice/add', invoice(record, { amount: 10.125 }), wangfang), '金额最多保留2位小数');
    refused(await s.api.post('/donation/invoice/add', invoice(record, { amount: -5 }), wangfang), '金额不能小于0.01');
    expect(await invoicesOf(record)).toBe(0);
  });

  it('moves only along 待开具→已开具→已寄出, any of them →已作废, each with its permission', async () => {
    const record = await addDonation(s, admin, activity, { amount: 100 });
    refused(await s.api.post('/donation/invoice/add', invoice(record, { status: '2' }), wangfang), '新记录的状态只能是待开具');
    const id = await addInvoice(record);
    refused(await s.api.put('/donation/invoice/edit', { id, status: '3' }, wangfang), '状态不能从待开具变为已寄出');
    expect((await row(s, 'donation_invoice', id))!.status).toBe('1');
    // The fundraiser reads invoices and may not write or issue them.
    refused(await s.api.put('/donation/invoice/edit', { id, status: '2' }, zhangwei), '没有权限，请联系管理员授权【donation:invoice:edit】', 403);
    refused(await s.api.post('/donation/invoice/add', invoice(record), zhangwei), '没有权限，请联系管理员授权【donation:invoice:add】', 403);
    expect((await s.api.get('/donation/invoice/list', zhangwei)).status).toBe(200);

    await revoke('finance', 'donation:invoice:send');
    expect((await s.api.put('/donation/invoice/edit', { id, status: '2' }, wangfang)).body.success).toBe(true);
    refused(await s.api.put('/donation/invoice/edit', { id, status: '3' }, wangfang), '没有权限，请联系管理员授权【donation:invoice:send】', 403);
    expect((await row(s, 'donation_invoice', id))!.status).toBe('2');
    expect((await s.api.put('/donation/invoice/edit', { id, status: '4' }, wangfang)).body.success).toBe(true);
    refused(await s.api.put('/donation/invoice/edit', { id, status: '1' }, wangfang), '状态不能从已作废变为待开具');
  });

  it('the row actions 开具, 寄出 and 作废 move it through POST /transition, stamping 开具日期', async () => {
    const record = await addDonation(s, admin, activity, { amount: 100 });
    const id = await addInvoice(record);
    const issued = await s.api.post('/donation/invoice/transition', { id, to: '2' }, wangfang);
    expect(issued.body, JSON.stringify(issued.body)).toMatchObject({ success: true, message: '开具成功!' });
    expect((await row(s, 'donation_invoice', id))!.issue_date).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(await invoiceStatusOf(record)).toBe('2');
    refused(await s.api.post('/donation/invoice/transition', { id, to: '3' }, zhangwei), '没有权限，请联系管理员授权【donation:invoice:send】', 403);
    refused(await s.api.post('/donation/invoice/transition', { id, to: '1' }, wangfang), '状态不能从已开具变为待开具');
    expect((await s.api.post('/donation/invoice/transition', { id, to: '4' }, wangfang)).body.message).toBe('作废成功!');
    expect(await invoiceStatusOf(record)).toBe('0');
  });

  it('an import obeys the same rules: one bad row and nothing is written', async () => {
    const id = await addDonation(s, admin, activity, { amount: 100 });
    const recordNo = String((await row(s, 'donation_record', id))!.record_no);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('捐赠发票');
    for (const r of [
      ['捐赠记录', '抬头类型', '抬头', '税号', '金额'],
      [recordNo, '个人', '张三', null, 60],
      [recordNo, '单位', '腾飞科技有限公司', null, 10],
      [recordNo, '个人', '李四', null, 50],
    ])
      sheet.addRow(r);
    const r = await s.api.upload('/donation/invoice/importExcel', Buffer.from(await book.xlsx.writeBuffer()), 'invoices.xlsx', wangfang);
    refused(r, '导入失败，共2行有误');
    expect(r.body.result.errors).toEqual([
      { row: 3, messages: ['抬头类型为单位时，税号不能为空'] },
      { row: 4, messages: ['发票金额合计不能超过该笔捐赠的金额'] },
    ]);
    expect(await invoicesOf(id)).toBe(0);
    expect(await invoiceStatusOf(id)).toBe('0');
  });

  it('deleting an invoice updates the record; a record with invoices is not deleted', async () => {
    const record = await addDonation(s, admin, activity, { amount: 100 });
    const id = await addInvoice(record);
    refused(await s.api.delete(`/donation/record/delete?id=${record}`, admin), '该捐赠记录已被捐赠发票引用，不能删除');
    expect(await row(s, 'donation_record', record)).toBeDefined();
    expect((await s.api.delete(`/donation/invoice/delete?id=${id}`, wangfang)).body.success).toBe(true);
    expect(await invoiceStatusOf(record)).toBe('0');
  });
});

/** Takes one button permission away from a role, as an admin would in the role screen. */
async function revoke(roleCode: string, perms: string) {
  await sql`delete from sys_role_permission where role_id = (select id from sys_role where role_code = ${roleCode})
    and permission_id in (select id from sys_permission where perms = ${perms})`.execute(s.db);
}

const addWxUser = (values: Record<string, unknown> = {}) =>
  addRecord(s, zhangwei, 'wx/user', { openid: `o_${Math.random().toString(36).slice(2, 12)}`, nickname: '小程序测试', status: '1', ...values });

describe('WeChat users', () => {
  it('refuses a duplicate openid and a malformed one', async () => {
    await addWxUser({ openid: 'oDup_123456' });
    refused(await s.api.post('/wx/user/add', { openid: 'oDup_123456', nickname: '重复', status: '1' }, zhangwei), 'openid已存在: oDup_123456');
    refused(
      await s.api.post('/wx/user/add', { openid: "x' or 1=1 --", nickname: '注入', status: '1' }, zhangwei),
      'openid只能包含字母、数字、下划线和短横线（6至64位）',
    );
    expect(await count(s, 'wx_user', sql`openid = ${'oDup_123456'}`)).toBe(1);
  });

  it('masks the phone unless the user holds wx:user:viewSensitive', async () => {
    const id = await addWxUser({ phone: '13912345678' });
    expect((await s.api.get(`/wx/user/queryById?id=${id}`, zhangwei)).body.result.phone).toBe('139****5678');
    expect((await s.api.get(`/wx/user/queryById?id=${id}`, admin)).body.result.phone).toBe('13912345678');
  });

  it('累计捐赠金额 and 捐赠次数 follow the paid records of the user', async () => {
    const user = await addWxUser();
    const paid = await addDonation(s, admin, activity, { wxUserId: user, amount: 88.8 });
    await addDonation(s, admin, activity, { wxUserId: user, amount: 20 });
    await addDonation(s, admin, activity, { wxUserId: user, amount: 500, payStatus: '1', payTime: null });
    expect(await row(s, 'wx_user', user)).toMatchObject({ total_donation_amount: 108.8, donation_count: 2 });
    await s.api.put('/donation/record/edit', { id: paid, payStatus: '3' }, admin);
    expect(await row(s, 'wx_user', user)).toMatchObject({ total_donation_amount: 20, donation_count: 1 });
    refused(
      await s.api.post(
        '/donation/record/add',
        { donorType: '1', donorName: '无此用户', activityId: activity, amount: 1, payMethod: '1', payStatus: '1', wxUserId: 'nosuchuser' },
        admin,
      ),
      '小程序用户不存在',
    );
    refused(await s.api.delete(`/wx/user/delete?id=${user}`, zhangwei), '该小程序用户已被捐赠记录引用，不能删除');
  });
});

describe('articles', () => {
  const addArticle = (values: Record<string, unknown> = {}) =>
    addRecord(s, zhangwei, 'info/article', { title: '希望小学落成', columnType: '1', status: '1', ...values });

  it('cleans the body of scripts and event handlers before it is stored', async () => {
    const id = await addArticle({ content: '<p onclick="steal()">孩子们的新教室<script>alert(1)</script><img src="x.png" onerror="alert(2)"></p>' });
    const content = String((await row(s, 'info_article', id))!.content);
    expect(content).toContain('孩子们的新教室');
    expect(content).not.toMatch(/script|onclick|onerror|alert/);
  });

  it('publishes and takes offline with their permissions; a draft cannot skip to 已下线', async () => {
    const id = await addArticle();
    refused(await s.api.put('/info/article/edit', { id, status: '3' }, zhangwei), '状态不能从草稿变为已下线');
    refused(await s.api.put('/info/article/edit', { id, status: '2' }, guest), '没有权限，请联系管理员授权【info:article:edit】', 403);
    expect((await s.api.put('/info/article/edit', { id, status: '2' }, zhangwei)).body.success).toBe(true);
    await revoke('fundraiser', 'info:article:offline');
    refused(await s.api.put('/info/article/edit', { id, status: '3' }, zhangwei), '没有权限，请联系管理员授权【info:article:offline】', 403);
    expect((await row(s, 'info_article', id))!.status).toBe('2');
    expect((await s.api.put('/info/article/edit', { id, status: '3' }, admin)).body.success).toBe(true);
    refused(await s.api.post('/info/article/add', { title: '直接发布', columnType: '1', status: '2' }, zhangwei), '新记录的状态只能是草稿');
  });

  it('点赞数 and 收藏数 roll up from the WeChat likes and collections of articles only', async () => {
    const article = await addArticle();
    const [a, b] = [await addWxUser(), await addWxUser()];
    const like = { objectType: '1', objectId: article, likeTime: '2025-06-01 09:00:00' };
    const likeA = await addRecord(s, zhangwei, 'wx/user_like', { userId: a, ...like });
    await addRecord(s, zhangwei, 'wx/user_like', { userId: b, ...like });
    // The same id under another object type is not an article like.
    await addRecord(s, zhangwei, 'wx/user_like', { userId: a, objectType: '3', objectId: article, likeTime: '2025-06-01 09:00:00' });
    await addRecord(s, zhangwei, 'wx/user_collect', { userId: a, objectType: '1', objectId: article, collectTime: '2025-06-02 09:00:00' });
    expect(await row(s, 'info_article', article)).toMatchObject({ like_count: 2, collect_count: 1 });

    refused(await s.api.post('/wx/user_like/add', { userId: a, ...like }, zhangwei), `用户、对象类型、对象已存在: ${a}、1、${article}`);
    await s.api.delete(`/wx/user_like/delete?id=${likeA}`, zhangwei);
    expect(await row(s, 'info_article', article)).toMatchObject({ like_count: 1, collect_count: 1 });
    // 点赞数 is not typed in.
    await s.api.put('/info/article/edit', { id: article, likeCount: 999 }, zhangwei);
    expect((await row(s, 'info_article', article))!.like_count).toBe(1);
  });
});

describe('love messages', () => {
  const addMessage = (values: Record<string, unknown> = {}) =>
    addRecord(s, zhangwei, 'love/message', { nickname: '暖阳', content: '愿山里的孩子都能读上书', activityId: activity, ...values });

  it('are moderated along 待审核→已通过|已屏蔽, each with its permission', async () => {
    const id = await addMessage();
    expect((await row(s, 'love_message', id))!.status).toBe('1');
    expect((await s.api.put('/love/message/edit', { id, status: '2' }, zhangwei)).body.success).toBe(true);
    await revoke('fundraiser', 'love:message:block');
    refused(await s.api.put('/love/message/edit', { id, status: '3' }, zhangwei), '没有权限，请联系管理员授权【love:message:block】', 403);
    expect((await s.api.put('/love/message/edit', { id, status: '3' }, admin)).body.success).toBe(true);
    expect((await row(s, 'love_message', id))!.status).toBe('3');
  });

  it('a reply needs its time; likes of messages roll up into 点赞数', async () => {
    const id = await addMessage();
    refused(await s.api.put('/love/message/edit', { id, replyContent: '感谢您的爱心！' }, zhangwei), '填写回复内容时，回复时间不能为空');
    expect((await s.api.put('/love/message/edit', { id, replyContent: '感谢您的爱心！', replyTime: '2025-06-03 10:00:00' }, zhangwei)).body.success).toBe(true);
    const user = await addWxUser();
    await addRecord(s, zhangwei, 'wx/user_like', { userId: user, objectType: '2', objectId: id, likeTime: '2025-06-03 11:00:00' });
    expect((await row(s, 'love_message', id))!.like_count).toBe(1);
  });
});

describe('screens and grants', () => {
  it('the guest reads the public screens and writes none; invoices and WeChat users (personal data) stay hidden from the guest; a project officer reads none of them', async () => {
    const lina = await s.loginAs('lina', ADMIN_PASSWORD);
    const screens: [string, string, boolean][] = [
      ['donation/invoice', '捐赠发票', false],
      ['info/article', '资讯文章', true],
      ['love/message', '爱心留言', true],
      ['web/carousel', '轮播图', true],
      ['wx/user', '小程序用户', false],
      ['wx/user_collect', '用户收藏', false],
      ['wx/user_like', '用户点赞', false],
    ];
    for (const [code, title, guestReads] of screens) {
      if (guestReads) {
        expect((await s.api.get(`/${code}/list`, guest)).status).toBe(200);
        refused(await s.api.post(`/${code}/add`, {}, guest), `没有权限，请联系管理员授权【${code.replace('/', ':')}:add】`, 403);
      } else {
        refused(await s.api.get(`/${code}/list`, guest), `没有权限访问【${title}】，请联系管理员授权`, NO_AUTH);
      }
      refused(await s.api.get(`/${code}/list`, lina), `没有权限访问【${title}】，请联系管理员授权`, NO_AUTH);
    }
  });
});

describe('carousel', () => {
  it('a link type other than 无 needs its target', async () => {
    refused(
      await s.api.post('/web/carousel/add', { title: '春蕾助学', image: 'carousel/a.png', linkType: '3', position: '1', status: '1' }, zhangwei),
      '请填写跳转目标',
    );
    expect(await count(s, 'web_carousel')).toBe(0);
    const id = await addRecord(s, zhangwei, 'web/carousel', {
      title: '春蕾助学',
      image: 'carousel/a.png',
      linkType: '3',
      linkTarget: 'https://example.org',
      position: '1',
      status: '1',
    });
    refused(await s.api.put('/web/carousel/edit', { id, sortNo: -1 }, zhangwei), '排序不能小于0');
  });
});
