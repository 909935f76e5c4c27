import { expect, test } from './fixtures.ts';
import { E2E_ADMIN_PASSWORD } from './fixtures.ts';
import { shot } from './helpers.ts';
import { API } from './schema-helpers.ts';

/*
 * When the site asks for a captcha (CAPTCHA=true; here the site info is written with it on, since the
 * test server runs without), the login page shows the server's image, asks for the code, draws a new
 * image on a click, and sends the code with the key its image was drawn for.
 */

test('the login page asks for the captcha when the site does, and sends it with its key', async ({ page }) => {
  // The site info the login page reads is written into runtime-config.js.
  await page.route('**/runtime-config.js', async (route) => {
    const real = await (await route.fetch()).text();
    await route.fulfill({ contentType: 'application/javascript', body: `${real}window._CONFIG.siteInfo.captcha = true;\n` });
  });
  let sent: Record<string, string> | undefined;
  await page.route(`**${API}/sys/login`, async (route) => {
    sent = route.request().postDataJSON();
    await route.fulfill({ status: 400, json: { success: false, code: 400, message: '验证码错误', result: null } });
  });

  await page.goto('/#/user/login');
  const image = page.getByTestId('captcha-image');
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  const first = await image.getAttribute('src');

  await page.getByPlaceholder('请输入用户名').fill('admin');
  await page.getByPlaceholder('请输入密码').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.locator('.login-field-error').filter({ hasText: '请输入验证码' })).toBeVisible();

  await image.click();
  await expect.poll(() => image.getAttribute('src')).not.toBe(first);
  await page.getByPlaceholder('请输入验证码').fill('ab3d');
  await shot(page, 'login-captcha');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByTestId('login-error')).toContainText('验证码错误');
  expect(sent).toMatchObject({ username: 'admin', captcha: 'ab3d' });
  expect(sent!.checkKey).toMatch(/^[A-Za-z0-9]+$/);
  // The code was used up: a new image, an empty field.
  await expect(page.getByPlaceholder('请输入验证码')).toHaveValue('');
});
