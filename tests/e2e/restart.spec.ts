import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { ADMIN_PASSWORD, expectDashboard, storedToken } from './helpers.ts';
import { ownServer } from './own-server.ts';

/*
 * A server of its own on its own data directory (started without the demo records: DEMO_DATA=false),
 * stopped and started again: the signed-in browser keeps its session (same install secret, same
 * database) and the data is still there.
 */
const PORT = Number(process.env.E2E_RESTART_PORT || 3101);
const BASE = `http://127.0.0.1:${PORT}`;

test('the server restarts with its data and sessions intact', async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'hope-restart-'));
  const server = ownServer(PORT, dataDir);
  try {
    await server.start();
    await page.goto(`${BASE}/#/user/login`);
    await page.getByPlaceholder('请输入用户名').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expectDashboard(page);
    const token = await storedToken(page);

    await server.stop();
    await server.start();

    await page.reload();
    await expectDashboard(page);
    await expect(page.getByText('欢迎您，管理员')).toBeVisible();
    expect(await storedToken(page)).toBe(token);
    const res = await fetch(`${BASE}/hope-boot/sys/user/getCurrentUserDeparts`, { headers: { 'X-Access-Token': token! } });
    expect(res.status).toBe(200);
    expect((await res.json()).result.list.length).toBe(2);
    // DEMO_DATA=false: the accounts and menus are there, the demo records are not.
    const donations = await fetch(`${BASE}/hope-boot/donation/record/list`, { headers: { 'X-Access-Token': token! } });
    expect((await donations.json()).result.total).toBe(0);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
