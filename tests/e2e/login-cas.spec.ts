import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeCas, type FakeCas } from '../api/helpers/fake-cas.ts';
import { expect, test } from './fixtures.ts';
import { expectDashboard, shot, storedToken } from './helpers.ts';
import { ownServer, type OwnServer } from './own-server.ts';

/*
 * 统一身份认证 (CAS single sign-on) as a user meets it: a server of its own started with CAS_SERVER_URL
 * (the worker's server has no CAS), a CAS server started by the test (the real protocol: login form,
 * redirect with a service ticket, serviceValidate XML, logout). The login page offers 统一身份认证登录,
 * CAS sends the browser back with a ticket that becomes a session, signing out leaves CAS too, and a CAS
 * account this system does not know gets the server's message on the login page.
 */
const PORT = Number(process.env.E2E_CAS_PORT || Number(process.env.E2E_PORT || 3110) + 40);

let cas: FakeCas;
let server: OwnServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cas = await startFakeCas();
  dataDir = mkdtempSync(join(tmpdir(), 'hope-cas-'));
  server = ownServer(PORT, dataDir, { CAS_SERVER_URL: cas.url });
  await server.start();
});
test.afterAll(async () => {
  await server?.stop();
  await cas?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function throughCas(page: import('@playwright/test').Page, username: string) {
  await page.goto(`${server.origin}/#/user/login`);
  await page.getByRole('button', { name: '统一身份认证登录' }).click();
  await expect(page).toHaveURL(new RegExp(`^${cas.url}/login\\?service=`));
  await page.getByLabel('CAS 用户名').fill(username);
  await page.getByRole('button', { name: 'CAS 登录' }).click();
}

test('统一身份认证: CAS signs a user in, the ticket leaves the address, and signing out leaves CAS too', async ({ page }) => {
  await page.goto(`${server.origin}/#/user/login`);
  await expect(page.getByRole('button', { name: '统一身份认证登录' })).toBeVisible();
  await shot(page, 'login-cas');

  await throughCas(page, 'zhangwei');
  await expectDashboard(page);
  await expect(page.getByText('欢迎您，张伟')).toBeVisible();
  expect(page.url()).not.toContain('ticket=');
  expect(await storedToken(page)).toBeTruthy();

  await page.getByText('欢迎您，张伟').click();
  await page.getByText('退出登录').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  // Through CAS's /logout and back to the login page, signed out.
  await expect(page).toHaveURL(new RegExp(`^${server.origin}/#/user/login`));
  await expect(page.getByRole('button', { name: '统一身份认证登录' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test('统一身份认证: a CAS account this system does not have is told so on the login page', async ({ page }) => {
  await throughCas(page, 'stranger');
  await expect(page).toHaveURL(new RegExp(`#/user/login`));
  await expect(page.getByTestId('login-error')).toHaveText('统一身份认证的账号 stranger 在本系统中不存在，请联系管理员开通');
  expect(await storedToken(page)).toBeNull();
  await shot(page, 'login-cas-unknown');
});
