import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';
import { API, rows } from './schema-helpers.ts';

/*
 * 文件管理 (schemas/system/file.json): an admin finds an upload with its uploader and its use count, reads
 * which record uses it in the detail, is refused deleting it while a carousel slide shows it, and deletes a
 * file nobody uses — whose address then answers 404. A PDF opens in a window of its own, with a ticket.
 */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
  'hex',
);

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

async function upload(page: Page, token: string, name: string, file = { mimeType: 'image/png', buffer: PNG }): Promise<string> {
  const res = await page.request.post(`${API}/sys/common/upload`, {
    headers: { 'X-Access-Token': token },
    multipart: { biz: 'carousel', file: { name, ...file } },
  });
  return (await res.json()).message as string;
}

async function search(page: Page, name: string) {
  const bar = page.getByTestId('query-bar');
  await bar.getByPlaceholder('请输入文件名').fill(name);
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows(page)).toHaveCount(1);
}

test('admin finds an upload in 文件管理 with the record using it; a used file is not deleted, a free one is', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  const token = (await storedToken(page))!;
  const used = await upload(page, token, 'e2e-轮播图片.png');
  const free = await upload(page, token, 'e2e-无人使用.png');
  const slide = await page.request.post(`${API}/web/carousel/add`, {
    headers: { 'X-Access-Token': token },
    data: { title: 'E2E文件引用', image: used, linkType: '0', position: '1', status: '1' },
  });
  expect((await slide.json()).success).toBe(true);

  await page.goto('/#/system/file');
  await expect(page.getByTestId('list-system/file')).toBeVisible();
  await search(page, 'e2e-轮播图片.png');
  const row = rows(page).first();
  await expect(row).toContainText('管理员');
  await expect(row.locator('td').nth(5)).toHaveText('1');
  await expect(row.locator('img.cell-image')).toBeVisible();
  await shot(page, 'system-files-list', { fullPage: true });

  await row.getByText('详情').click();
  const detail = page.locator('.ant-drawer-content-wrapper:visible');
  await expect(detail).toContainText('引用记录（共1条）');
  await expect(detail).toContainText('轮播图');
  await expect(detail).toContainText('image');
  await shot(page, 'system-files-detail', { settle: 300 });
  await page.locator('.ant-drawer-content-wrapper:visible .ant-drawer-close').click();

  await row.getByText('删除').click();
  await page
    .locator('.ant-popconfirm, .ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('该文件正被1条记录引用，不能删除')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);

  await search(page, 'e2e-无人使用.png');
  await rows(page).first().getByText('删除').click();
  await page
    .locator('.ant-popconfirm, .ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(page.locator('.list-pagination')).toContainText('共0条');
  expect((await page.request.get(`${API}/sys/common/static/${free}`)).status()).toBe(404);
  expect((await page.request.get(`${API}/sys/common/static/${used}`)).status()).toBe(200);
});

test('a PDF in 文件管理 previews in a window of its own, with a ticket asked for at the click; its bare address is refused', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  const token = (await storedToken(page))!;
  const path = await upload(page, token, 'e2e-捐赠协议.pdf', { mimeType: 'application/pdf', buffer: PDF });
  expect((await page.request.get(`${API}/sys/common/static/${path}`)).status()).toBe(403);

  await page.goto('/#/system/file');
  await search(page, 'e2e-捐赠协议.pdf');
  const popup = page.waitForEvent('popup');
  await rows(page).first().getByRole('button', { name: '预览' }).click();
  const preview = await popup;
  await preview.waitForURL(new RegExp(`/sys/common/static/${path}\\?ticket=`));
  const served = await page.request.get(preview.url());
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect(served.headers()['content-disposition']).toBe('inline');
  await preview.close();
  await shot(page, 'system-files-pdf');

  // The file goes again, so later specs find 文件管理 as they left it.
  const id = await page.request.get(`${API}/system/file/list?fileName=e2e-捐赠协议.pdf`, { headers: { 'X-Access-Token': token } });
  const [row] = (await id.json()).result.records;
  await page.request.post(`${API}/system/file/operation/remove?id=${row.id}`, { headers: { 'X-Access-Token': token }, data: {} });
});
