import { expect, type Locator, type Page } from '@playwright/test';

/* Driving the form designer in Chromium: shared by the designer and online-form publishing tests. */

export const canvas = (page: Page) => page.getByTestId('designer-canvas');
export const props = (page: Page) => page.getByTestId('item-properties');
export const palette = (page: Page, type: string) => page.locator(`.fd-palette-item[data-widget="${type}"]`);
export const canvasItems = (page: Page, type: string) => canvas(page).locator(`.fd-item[data-type="${type}"]`);

/**
 * The box of an element that stays put and really under the pointer at its centre for a quarter of a
 * second: palette panels and menus animate, and an opening panel can show its content for a frame
 * before its height animation clips it.
 */
export async function settledBox(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  let box = await locator.boundingBox();
  let steady = 0;
  for (let i = 0; i < 60 && steady < 5; i++) {
    await page.waitForTimeout(50);
    const next = (await locator.boundingBox())!;
    const hit = await locator.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x, y)), [next.x + next.width / 2, next.y + next.height / 2]);
    steady = hit && box && box.x === next.x && box.y === next.y && box.height === next.height ? steady + 1 : 0;
    box = next;
  }
  return box!;
}

/** A real pointer drag (dnd-kit needs the moves), ending near the top, middle or bottom of the target. */
export async function drag(page: Page, from: Locator, to: Locator, where: 'top' | 'middle' | 'bottom' = 'middle') {
  const a = await settledBox(page, from);
  const b = await settledBox(page, to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  const y = where === 'top' ? b.y + 4 : where === 'bottom' ? b.y + b.height - 4 : b.y + b.height / 2;
  await page.mouse.move(b.x + b.width / 2, y, { steps: 12 });
  await page.mouse.up();
  // dnd-kit swallows clicks for 50 ms after a drag (so the drop is not also a click); a person never clicks that fast.
  await page.waitForTimeout(100);
}

/** Modals zoom in; screenshots wait until they stand still. */
export const modalsSettled = (page: Page) => expect(page.locator('.ant-modal[class*="zoom-appear"], .ant-modal[class*="zoom-enter"]')).toHaveCount(0);

/** A drop from the palette selects the new widget; its properties show before anything is typed into them. */
export async function dropped(page: Page, type: string) {
  await expect(canvas(page).locator('.fd-item-selected')).toHaveAttribute('data-type', type);
  await expect(props(page).locator('.fd-props-type')).toHaveText(`类型：${type}`);
}

/** An open dialog that has finished zooming in, so a click lands where Playwright aims it. */
export async function dialog(page: Page, name: string) {
  const found = page.getByRole('dialog', { name });
  await expect(found).toBeVisible();
  await modalsSettled(page);
  return found;
}

export async function closeDialog(page: Page, name: string) {
  await (await dialog(page, name)).getByRole('button', { name: /^关\s*闭$/ }).click();
  await expect(page.getByRole('dialog', { name })).toHaveCount(0);
}

export async function setText(page: Page, label: string, value: string) {
  const input = props(page).getByLabel(label, { exact: true });
  await input.fill(value);
  await expect(input).toHaveValue(value);
}

/** A field in the preview's runtime form, by its label. */
export const previewItem = (page: Page, label: string) =>
  page
    .getByTestId('designer-preview')
    .locator('.ant-formily-item')
    .filter({ has: page.locator('.ant-formily-item-label-content label', { hasText: new RegExp(`^${label}$`) }) });

/**
 * Answers 确定 in a confirm dialog until it is gone: a click that lands while the dialog is still
 * animating in (a busy machine) is not taken, so the click is repeated rather than assumed.
 */
export async function confirmDialog(page: Page) {
  const dialog = page.locator('.ant-modal-confirm');
  await expect(async () => {
    if (await dialog.count()) await dialog.getByRole('button', { name: /确\s*定/ }).click({ timeout: 2000 });
    await expect(dialog).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}
