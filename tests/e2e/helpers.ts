import { expect, type Page } from '@playwright/test';

export const ADMIN_PASSWORD = 'Admin@1234';
export const SHOTS = '.tmp/screenshots';

export async function loginAs(page: Page, username: string, password = ADMIN_PASSWORD) {
  await page.goto('/#/user/login');
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
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
