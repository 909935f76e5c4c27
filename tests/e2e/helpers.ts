import { expect, type Page, type PageScreenshotOptions } from '@playwright/test';
import type { LoginResult } from '../../src/core/api-types.ts';
import { rememberSignIn } from '../../src/runtime/session/remember.ts';
import { createStorage } from '../../src/runtime/storage.ts';
import { API } from './schema-helpers.ts';

export const ADMIN_PASSWORD = 'Admin@1234';
export const SHOTS = '.tmp/screenshots';

export async function loginAs(page: Page, username: string, password = ADMIN_PASSWORD) {
  await page.goto('/#/user/login');
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

export const HOME = '/#/dashboard/analysis';

/**
 * Signs in through the API and leaves in local storage what the login page leaves (the same
 * rememberSignIn), then opens `open` (the dashboard unless told otherwise; false opens nothing, for a
 * test that goes to its own page next). For tests about something else than signing in: drawing the
 * login page and typing costs seconds a test. The login page itself is tested in session.spec.ts and login-*.spec.ts.
 */
export async function signIn(page: Page, username = 'admin', { password = ADMIN_PASSWORD, open = HOME as string | false } = {}) {
  const body = await (await page.request.post(`${API}/sys/login`, { data: { username, password } })).json();
  expect(body.success, `${username} signs in: ${body.message}`).toBe(true);
  const entries = new Map<string, string>();
  rememberSignIn(
    createStorage({ getItem: () => null, setItem: (key, value) => void entries.set(key, value), removeItem: () => {} }),
    body.result as LoginResult,
  );
  // Any page of the origin gives its local storage; this one is the smallest.
  await page.goto('/runtime-config.js');
  await page.evaluate((pairs) => pairs.forEach(([key, value]) => localStorage.setItem(key, value)), [...entries]);
  if (open === false) return;
  await page.goto(open);
  if (open === HOME) await expectDashboard(page);
}

/** Whether this run takes the screenshots (see shot). */
export const SHOOTING = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/**
 * A screenshot into .tmp/screenshots for a person to look at. Skipped in CI (nobody sees them there and
 * a full-page one costs half a second) unless E2E_SCREENSHOTS=1; `settle` waits out an animation first.
 */
export async function shot(page: Page, name: string, { settle = 0, ...options }: Omit<PageScreenshotOptions, 'path'> & { settle?: number } = {}) {
  if (!SHOOTING) return;
  if (settle) await page.waitForTimeout(settle);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, ...options });
}

export async function expectDashboard(page: Page) {
  await expect(page).toHaveURL(/#\/dashboard\/analysis/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

/** The token the page keeps in local storage (the 'pro__' entry with its expiry). */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('pro__Access-Token');
    return raw ? (JSON.parse(raw).value as string) : null;
  });
}
