import { expect, type Locator, type Page } from '@playwright/test';

/* Working a schema screen (SchemaPage: query bar, data table, Formily form modal) from a test. */

export const API = '/hope-boot';
export const modal = (page: Page) => page.locator('.ant-modal:visible').last();
export const rows = (page: Page) => page.getByTestId('data-table').locator('tbody tr');

/** A Formily form item in the open modal (or in `within`: a form page), by its label (Formily labels are not <label for>). */
export const item = (page: Page, label: string, within: Locator = modal(page)) =>
  within.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label-content label', { hasText: new RegExp(`^${label}$`) }) });
export const input = (page: Page, label: string, within?: Locator) => item(page, label, within).locator('input, textarea').first();

/**
 * Chooses an option of a select in the form and checks it took (dictionary options load asynchronously).
 * The options are looked for in this select's own dropdown (found by its listbox id): another select's
 * dropdown may still be fading out and would take the click.
 */
export async function pickOption(page: Page, label: string, option: string | RegExp) {
  const select = item(page, label);
  await expect(async () => {
    const combobox = select.locator('input[role=combobox]').first();
    const dropdown = page.locator(`.ant-select-dropdown:has([id="${await combobox.getAttribute('id')}_list"])`);
    // aria-expanded, not the dropdown's visibility: a closing dropdown stays "visible" while it fades.
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await select.locator('.ant-select-selector').click();
    const choice = dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first();
    await choice.waitFor({ timeout: 3000 });
    await choice.click();
    await expect(select.locator('.ant-select-selection-item')).toHaveText(option, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/** Presses the open modal's 确定 and waits for the server's message. */
export async function save(page: Page, expected: string | RegExp) {
  await modal(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText(expected).last()).toBeVisible();
}

/** Opens a schema screen by its code and waits for its first page. */
export async function openList(page: Page, code: string) {
  await page.goto(`/#/${code}`);
  await expect(page.getByTestId(`list-${code}`)).toBeVisible();
  await expect(page.locator('.list-pagination')).toContainText('共');
}

/** Types into the query bar's text item with this placeholder and searches. */
export async function search(page: Page, placeholder: string, text: string) {
  const bar = page.getByTestId('query-bar');
  await bar.getByPlaceholder(placeholder).fill(text);
  await bar.getByRole('button', { name: /查\s*询/ }).click();
}

/** Runs a row operation (测试, 发布…) by its label, confirming when it asks, and waits for the server's message. */
export async function operate(page: Page, row: Locator, label: string, expected: string | RegExp, { confirm = false } = {}) {
  await row.getByText(label, { exact: true }).click();
  if (confirm)
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
  await expect(page.getByText(expected).last()).toBeVisible();
}
