import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn } from './helpers.ts';

/*
 * Uploads through a form (issue 5): a form with a file and an image widget, imported into the designer
 * and filled in its preview (the runtime form); both files are stored by the server, their paths become
 * the values, and they download back byte for byte (the file with a ticket asked for at the click).
 */

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
  'hex',
);
const TEXT = Buffer.from('希望工程 捐赠协议');

const FORM = {
  list: [
    {
      type: 'uploadFile',
      key: 'f1',
      model: 'attachment',
      label: '附件',
      options: { limit: 3, multiple: true, data: '{}', fileName: 'file' },
      rules: [{ required: false, message: '必填项' }],
    },
    {
      type: 'uploadImg',
      key: 'i1',
      model: 'photo',
      label: '照片',
      options: { limit: 1, listType: 'picture-card', fileName: 'file' },
      rules: [{ required: false, message: '必填项' }],
    },
  ],
  config: { layout: 'horizontal', labelCol: { span: 4 }, wrapperCol: { span: 18 } },
};

const field = (page: Page, label: string) =>
  page
    .getByTestId('designer-preview')
    .locator('.ant-formily-item')
    .filter({ has: page.locator('.ant-formily-item-label-content label', { hasText: new RegExp(`^${label}$`) }) });

/** The form above, imported into the designer and opened in its preview (the runtime form). */
async function openPreview(page: Page) {
  await signIn(page, 'admin', { open: false });
  await page.goto('/#/online/desform/designer');
  await page.getByRole('button', { name: '导入JSON' }).click();
  const importDialog = page.getByRole('dialog', { name: '导入JSON' });
  await importDialog.getByLabel('JSON').fill(JSON.stringify(FORM));
  await importDialog.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page.getByText('导入成功')).toBeVisible();
  await page.getByRole('button', { name: '预览' }).click();
  await expect(page.getByTestId('designer-preview')).toBeVisible();
}

test('a file and an image uploaded through a form are stored and download back', async ({ page }) => {
  test.setTimeout(90_000);
  await openPreview(page);
  await field(page, '附件').locator('input[type=file]').setInputFiles({ name: '协议.txt', mimeType: 'text/plain', buffer: TEXT });
  await expect(field(page, '附件').locator('.ant-upload-list-item-done, .ant-upload-list-item').first()).toContainText('协议.txt');
  await field(page, '照片').locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await expect(field(page, '照片').locator('.ant-upload-list-item-done')).toHaveCount(1);
  // The limit of one is reached: the picture card's add button is gone.
  await expect(field(page, '照片').locator('.ant-upload-select')).toBeHidden();
  await expect(field(page, '照片').locator('img.ant-upload-list-item-image')).toBeVisible();
  await shot(page, 'widgets-upload-form');

  await page.getByRole('button', { name: '获取数据' }).click();
  const data = JSON.parse((await page.getByTestId('preview-data').textContent())!);
  expect(data.attachment).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.txt$/);
  expect(data.photo).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.png$/);

  // The file is not served by its path alone; its name in the list opens it with a ticket asked for at the click.
  expect((await page.request.get(`/hope-boot/sys/common/static/${data.attachment}`)).status()).toBe(403);
  await page
    .getByRole('dialog', { name: '表单数据' })
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  // The popup downloads at once: its listener goes on as the page is created, or the event can come before it.
  const downloaded = new Promise<Download>((resolve) => page.context().once('page', (popup) => popup.once('download', resolve)));
  await field(page, '附件').getByText('协议.txt').click();
  const download = await downloaded;
  expect(download.url()).toContain(`/hope-boot/sys/common/static/${data.attachment}?ticket=`);
  expect(readFileSync((await download.path())!).equals(TEXT)).toBe(true);
  const image = await page.request.get(`/hope-boot/sys/common/static/${data.photo}`);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await image.body()).equals(PNG)).toBe(true);
});

test("a refused upload says the server's reason; files beyond the limit are refused before they are sent", async ({ page }) => {
  test.setTimeout(90_000);
  await openPreview(page);
  // Text bytes named and typed as a PNG: the browser lets it through, the server sniffs it and says why not.
  await field(page, '照片').locator('input[type=file]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: TEXT });
  await expect(page.getByText('请上传图片（仅支持 gif、jpeg、png）')).toBeVisible();

  const uploads: string[] = [];
  page.on('request', (r) => r.url().includes('/sys/common/upload') && uploads.push(r.url()));
  const files = ['一', '二', '三', '四'].map((n) => ({ name: `${n}.txt`, mimeType: 'text/plain', buffer: TEXT }));
  await field(page, '附件').locator('input[type=file]').setInputFiles(files);
  await expect(page.getByText('最大上传数量为3')).toHaveCount(1);
  await expect(field(page, '附件').locator('.ant-upload-list-item-done')).toHaveCount(3);
  await expect(field(page, '附件')).not.toContainText('四.txt');
  expect(uploads).toHaveLength(3);
  await shot(page, 'widgets-upload-refusals');
});
