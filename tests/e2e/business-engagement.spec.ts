import { readFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';
import { API, input, item, modal, pickOption, rows } from './schema-helpers.ts';

/*
 * The engagement areas end to end (schemas/donation/invoice, info/article, love/message, web/carousel,
 * wx/user, wx/user_collect, wx/user_like): each screen's list, query, add, edit, detail, delete and export
 * through the real server on the demo data; an invoice above its donation refused with the rule's message;
 * the 开具 row action; a WeChat user's detail with donations, messages, collections and likes; a donation
 * marked paid raising its activity's and team's totals on screen.
 */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
  'hex',
);

async function pickNow(page: Page, label: string) {
  await input(page, label).click();
  await page.locator('.ant-picker-dropdown:visible').getByText('此刻').click();
}

async function save(page: Page, expected: string) {
  await modal(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText(expected).last()).toBeVisible();
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
}

async function open(page: Page, code: string) {
  await page.goto(`/#/${code}`);
  await expect(page.getByTestId(`list-${code}`)).toBeVisible();
  await expect(page.locator('.list-pagination')).toContainText('共');
}

async function search(page: Page, label: string, text: string) {
  const bar = page.getByTestId('query-bar');
  await bar.getByPlaceholder(`请输入${label}`).fill(text);
  await bar.getByRole('button', { name: /查\s*询/ }).click();
}

async function api<T = any>(page: Page, path: string): Promise<T> {
  const token = (await storedToken(page))!;
  const res = await page.request.get(`${API}${path}`, { headers: { 'X-Access-Token': token } });
  return (await res.json()).result as T;
}

interface Area {
  code: string;
  shot: string;
  /** The query item searched by (a text item) and the unique value the new record carries in it. */
  queryLabel: string;
  name: string;
  fill: (page: Page) => Promise<void>;
  /** An edit made in the form, and the text the row shows afterwards. */
  edit: (page: Page) => Promise<void>;
  edited: string;
}

/** List (with a screenshot), add, query, edit, detail, export and delete on one screen. */
async function roundTrip(page: Page, a: Area) {
  await open(page, a.code);
  await expect(rows(page).first()).toBeVisible();
  await shot(page, `${a.shot}-list`, { fullPage: true });

  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(modal(page)).toBeVisible();
  await a.fill(page);
  await shot(page, `${a.shot}-form`);
  await save(page, '添加成功！');

  await search(page, a.queryLabel, a.name);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(a.name);

  await rows(page).first().getByText('编辑').click();
  await expect(modal(page)).toBeVisible();
  await a.edit(page);
  await save(page, '编辑成功!');
  await expect(rows(page).first()).toContainText(a.edited);

  await rows(page).first().getByText('详情').click();
  await expect(page.getByTestId('detail-view')).toContainText(a.name);
  await shot(page, `${a.shot}-detail`, { settle: 500 });
  await page.locator('.ant-drawer-content-wrapper:visible .ant-drawer-close').click();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const file = await (await downloading).path();
  expect(readFileSync(file!).subarray(0, 2).toString()).toBe('PK');

  await rows(page).first().getByText('删除').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功!')).toBeVisible();
  await expect(page.locator('.data-table-empty')).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('donation invoices: over the limit refused on screen, then add, issue, query, edit, detail, export, delete', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  test.setTimeout(120_000);
  const paid = (
    await api<{ records: { id: string; recordNo: string; amount: number }[] }>(page, '/donation/record/list?payStatus=2&invoiceStatus=0&pageSize=1')
  ).records[0];
  await open(page, 'donation/invoice');
  await shot(page, 'engagement-invoice-list', { fullPage: true });

  await page.getByRole('button', { name: /新\s*增/ }).click();
  const record = item(page, '捐赠记录');
  await record.locator('input').fill(paid.recordNo);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: paid.recordNo }).click();
  await input(page, '抬头').fill('E2E发票单位');
  // A 单位 title makes 税号 required in the form too.
  await item(page, '抬头类型').getByText('单位').click();
  await input(page, '金额').fill(String(paid.amount + 1));
  await modal(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(item(page, '税号')).toContainText('必填项');
  await input(page, '税号').fill('91110108MA01ABCD2X');
  await modal(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('发票金额合计不能超过该笔捐赠的金额')).toBeVisible();
  await shot(page, 'engagement-invoice-over-limit');
  await input(page, '金额').fill(String(paid.amount));
  await save(page, '添加成功！');

  await search(page, '抬头', 'E2E发票单位');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('待开具');
  await expect(rows(page).first()).toContainText(paid.recordNo);
  // The record now reads 已申请; issuing the invoice turns it to 已开票.
  expect((await api(page, `/donation/record/queryById?id=${paid.id}`)).invoiceStatus_dictText).toBe('已申请');
  await rows(page).first().getByTestId('transition-2').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('开具成功!')).toBeVisible();
  await expect(rows(page).first()).toContainText('已开具');
  expect((await api(page, `/donation/record/queryById?id=${paid.id}`)).invoiceStatus_dictText).toBe('已开票');

  await rows(page).first().getByText('编辑').click();
  await input(page, '邮箱').fill('e2e@example.com');
  await save(page, '编辑成功!');
  await rows(page).first().getByText('详情').click();
  await expect(page.getByTestId('detail-view')).toContainText('e2e@example.com');
  await shot(page, 'engagement-invoice-detail', { settle: 500 });
  await page.locator('.ant-drawer-content-wrapper:visible .ant-drawer-close').click();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  expect(
    readFileSync((await (await downloading).path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  await rows(page).first().getByText('删除').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功!')).toBeVisible();
  expect((await api(page, `/donation/record/queryById?id=${paid.id}`)).invoiceStatus_dictText).toBe('未开票');
});

test('articles: list, query, add, edit, detail, export, delete', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await roundTrip(page, {
    code: 'info/article',
    shot: 'engagement-article',
    queryLabel: '标题',
    name: 'E2E资讯：新校舍落成',
    fill: async (p) => {
      await input(p, '标题').fill('E2E资讯：新校舍落成');
      await pickOption(p, '栏目', '项目进展');
    },
    edit: async (p) => input(p, '作者').fill('E2E作者'),
    edited: 'E2E作者',
  });
  // A demo article's detail: its cover as a picture and its body as formatted text.
  await page.getByRole('button', { name: /重\s*置/ }).click();
  await rows(page).first().getByText('详情').click();
  const detail = page.locator('.ant-drawer-content-wrapper:visible').getByTestId('detail-view');
  await expect(detail.locator('img.cell-image')).toBeVisible();
  await expect(detail.locator('.detail-rich-text p').first()).toBeVisible();
  await shot(page, 'engagement-article-demo-detail', { settle: 500 });
});

test('love messages: list, query, add, reply, detail, export, delete', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await roundTrip(page, {
    code: 'love/message',
    shot: 'engagement-message',
    queryLabel: '昵称',
    name: 'E2E暖阳',
    fill: async (p) => {
      await input(p, '昵称').fill('E2E暖阳');
      await input(p, '内容').fill('愿孩子们都能读上书');
    },
    edit: async (p) => {
      await input(p, '回复内容').fill('感谢您的爱心！');
      await modal(p)
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await expect(item(p, '回复时间')).toContainText('必填项');
      await pickNow(p, '回复时间');
    },
    edited: '感谢您的爱心！',
  });
});

test('carousel: list, query, add with an image, edit, detail, export, delete', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await roundTrip(page, {
    code: 'web/carousel',
    shot: 'engagement-carousel',
    queryLabel: '标题',
    name: 'E2E轮播图',
    fill: async (p) => {
      await input(p, '标题').fill('E2E轮播图');
      await item(p, '图片').locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
      await expect(item(p, '图片').locator('.ant-upload-list-item-done')).toHaveCount(1);
    },
    edit: async (p) => {
      await pickOption(p, '跳转类型', '外部链接');
      await input(p, '跳转目标').fill('https://example.org/e2e');
    },
    edited: 'https://example.org/e2e',
  });
});

test('WeChat users: list, query, add, a duplicate openid refused, edit, detail, export, delete', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  const existing = (await api<{ records: { openid: string }[] }>(page, '/wx/user/list?pageSize=1')).records[0];
  await roundTrip(page, {
    code: 'wx/user',
    shot: 'engagement-wx-user',
    queryLabel: '昵称',
    name: 'E2E小程序用户',
    fill: async (p) => {
      await input(p, 'openid').fill(existing.openid);
      await input(p, '昵称').fill('E2E小程序用户');
      await modal(p)
        .getByRole('button', { name: /确\s*定/ })
        .click();
      // openid is declared unique: the form checks it as you type, with the spec's message.
      await expect(modal(p).getByText('该值不可用，系统中已存在！')).toBeVisible();
      await input(p, 'openid').fill('oE2E_user_0001');
    },
    edit: async (p) => input(p, '地区').fill('云南省 昆明市'),
    edited: '云南省 昆明市',
  });
});

test("a WeChat user's detail shows their donations, messages, collections and likes", async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await open(page, 'wx/user');
  const header = page.getByTestId('data-table').locator('th', { hasText: '累计捐赠金额' });
  await header.click();
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await rows(page).first().getByText('详情').click();
  const drawer = page.locator('.ant-drawer-content-wrapper:visible');
  await expect(drawer.getByTestId('detail-view')).toContainText('累计捐赠金额');
  // The avatar is a picture, not its stored path.
  await expect(drawer.getByTestId('detail-view').locator('img.cell-image')).toBeVisible();
  for (const title of ['捐赠记录', '爱心留言', '收藏', '点赞'])
    await expect(drawer.locator('.child-list h4', { hasText: new RegExp(`^${title}（共`) })).toBeVisible();
  // The user with the largest total has donations listed under it.
  await expect(drawer.locator('.child-list h4').first()).not.toContainText('共0条');
  await expect(drawer.locator('.child-list').first().locator('tbody tr').first()).toContainText('JZ');
  await shot(page, 'engagement-wx-user-master-detail', { fullPage: true, settle: 800 });
});

for (const kind of [
  { code: 'wx/user_collect', shot: 'engagement-wx-collect', type: '资讯', time: '收藏时间' },
  { code: 'wx/user_like', shot: 'engagement-wx-like', type: '留言', time: '点赞时间' },
]) {
  test(`${kind.code}: list, query, add, edit, detail, export, delete`, async ({ page }) => {
    await signIn(page, 'admin', { open: false });
    const name = `E2E${kind.type}对象`;
    await roundTrip(page, {
      code: kind.code,
      shot: kind.shot,
      queryLabel: '对象名称',
      name,
      fill: async (p) => {
        await pickOption(p, '用户', /./);
        await pickOption(p, '对象类型', kind.type);
        // The object is picked among the records of its type (资讯 → articles, 留言 → messages), not typed as an id.
        await pickOption(p, '对象', /./);
        await input(p, '对象名称').fill(name);
        await pickNow(p, kind.time);
      },
      edit: async (p) => input(p, '对象名称').fill(`${name}改`),
      edited: `${name}改`,
    });
  });
}

test('the finance user sees WeChat users’ phone numbers masked', async ({ page }) => {
  await signIn(page, 'wangfang', { open: false });
  await open(page, 'wx/user');
  await search(page, 'openid', 'oHope');
  const phones = await rows(page)
    .locator('td')
    .filter({ hasText: /^1\d{2}\*{4}\d{4}$/ })
    .count();
  expect(phones).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
});

test("a donation marked paid raises its activity's and its team's totals on screen", async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  test.setTimeout(90_000);
  const token = (await storedToken(page))!;
  const team = (
    await api<{ records: { id: string; teamName: string; activityId: string; activityId_dictText: string }[] }>(page, '/donation/team/list?pageSize=1')
  ).records[0];
  const added = await page.request.post(`${API}/donation/record/add`, {
    headers: { 'X-Access-Token': token },
    data: {
      donorType: '1',
      donorName: 'E2E待支付捐赠人',
      activityId: team.activityId,
      teamId: team.id,
      amount: 1234.56,
      payMethod: '1',
      payStatus: '1',
    },
  });
  expect((await added.json()).success).toBe(true);

  const money = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
  const raisedOn = async (code: 'donation/activity' | 'donation/team', label: string, name: string) => {
    await open(page, code);
    await search(page, label, name);
    await expect(rows(page)).toHaveCount(1);
    const column = await page.getByTestId('data-table').locator('thead th').allTextContents();
    return money(
      await rows(page)
        .first()
        .locator('td')
        .nth(column.findIndex((t) => t.includes('已筹金额')))
        .textContent(),
    );
  };
  const activityBefore = await raisedOn('donation/activity', '活动名称', team.activityId_dictText);
  const teamBefore = await raisedOn('donation/team', '团队名称', team.teamName);

  await open(page, 'donation/record');
  await search(page, '捐赠人', 'E2E待支付捐赠人');
  await rows(page).first().getByText('编辑').click();
  await pickOption(page, '支付状态', '已支付');
  await pickNow(page, '支付时间');
  await save(page, '编辑成功!');

  expect(await raisedOn('donation/activity', '活动名称', team.activityId_dictText)).toBeCloseTo(activityBefore + 1234.56, 2);
  await shot(page, 'engagement-activity-raised');
  expect(await raisedOn('donation/team', '团队名称', team.teamName)).toBeCloseTo(teamBefore + 1234.56, 2);
  await shot(page, 'engagement-team-raised');
});
