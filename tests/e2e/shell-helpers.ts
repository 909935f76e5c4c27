import { expect, type Locator, type Page } from '@playwright/test';

/* Steps the shell's end-to-end tests share. */

/** Chooses an entry of the user dropdown in the header. */
export async function userMenu(page: Page, label: string) {
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: label }).click();
}

export async function openSettings(page: Page): Promise<Locator> {
  await page.getByTestId('open-settings').click();
  const drawer = page.locator('.setting-drawer');
  await expect(drawer).toBeVisible();
  return drawer;
}

export async function closeSettings(page: Page) {
  await page.locator('.setting-drawer .ant-drawer-close').click();
  await expect(page.locator('.setting-drawer')).toBeHidden();
}

/** The sum the bell's badge shows. */
export async function bellCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('notice-bell').getAttribute('data-count'));
}

export const box = async (locator: Locator) => (await locator.boundingBox())!;

/** A warning or error message (antd message) with this text. */
export const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

/** Waits for a message to be shown and its entrance animation to finish, so a screenshot shows it. */
export async function expectToast(page: Page, text: string) {
  const notice = toast(page, text);
  await expect(notice).toBeVisible();
  // The wrapper slides in (antd's move-up motion classes) before the notice is fully shown.
  await expect.poll(() => notice.evaluate((el) => el.closest('.ant-message-notice-wrapper')?.className ?? '')).not.toMatch(/move-up/);
  await page
    .locator('.ant-dropdown:visible')
    .waitFor({ state: 'hidden' })
    .catch(() => {});
}
