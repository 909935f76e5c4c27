import { mkdirSync } from 'node:fs';
import { expect, type Page, type Response, test } from './fixtures.ts';
import type { MenuNode } from '../../src/core/api-types.ts';
import { widgets } from '../../src/core/schema/walk.ts';
import type { SchemaDocument, WidgetItem } from '../../src/core/schema/types.generated.ts';
import { shot, SHOOTING, SHOTS, signIn, storedToken } from './helpers.ts';
import { API, rows } from './schema-helpers.ts';

/*
 * Guards readable details: opens the detail of one record of every schema screen in the admin's menu
 * and, for every field the document declares as a dictionary, region, user, department, role,
 * permission or reference field, fails when the detail shows the value exactly as stored (compared
 * with the record the detail itself fetched from the API). Pictures go to .tmp/screenshots/details/.
 */

type Kind = 'dictionary' | 'region' | 'user' | 'department' | 'role' | 'permission' | 'reference';

const DISTAL_KINDS: Record<string, Kind> = { sys_user: 'user', sys_depart: 'department', sys_role: 'role', sys_depart_role: 'role' };

/** The fields a document declares as stored codes a person reads by name, with what kind of name. */
function codedFields(doc: SchemaDocument): Map<string, Kind> {
  const byModel = new Map<string, WidgetItem>([...widgets(doc.form?.list)].filter((w) => w.model).map((w) => [w.model!, w]));
  const kinds = new Map<string, Kind>();
  for (const f of doc.entity.fields) {
    const w = byModel.get(f.name);
    const column = doc.list?.columns.find((c) => c.dataIndex === f.name);
    const labelTable = f.labelFrom?.split(',')[0];
    const distal = w?.options?.dynamic === 'distal' ? w.options.distal?.tableName : undefined;
    const kind: Kind | undefined =
      f.labelFrom === 'region' || w?.type === 'pca'
        ? 'region'
        : w?.type === 'user' || labelTable === 'sys_user'
          ? 'user'
          : w?.type === 'dept'
            ? 'department'
            : w?.type === 'permissionTree'
              ? 'permission'
              : (distal && DISTAL_KINDS[distal]) || (labelTable && DISTAL_KINDS[labelTable])
                ? (DISTAL_KINDS[distal ?? ''] ?? DISTAL_KINDS[labelTable ?? ''])
                : f.ref?.label || f.labelFrom === 'table'
                  ? 'reference'
                  : f.dict ||
                      column?.dict ||
                      w?.options?.dynamic === 'dict' ||
                      distal ||
                      (w && ['select', 'radio', 'checkbox'].includes(w.type) && w.options?.options?.length)
                    ? 'dictionary'
                    : undefined;
    if (kind) kinds.set(f.name, kind);
  }
  return kinds;
}

const stored = (v: unknown): string => (Array.isArray(v) ? v.join(',') : v === null || v === undefined ? '' : String(v));

async function schemaScreens(page: Page): Promise<{ path: string; code: string }[]> {
  const token = await storedToken(page);
  const body = await (await page.request.get(`${API}/sys/permission/getUserPermissionByToken`, { headers: { 'X-Access-Token': token! } })).json();
  const walk = (menu: MenuNode[]): { path: string; code: string }[] =>
    menu.flatMap((m) => [
      ...(m.component?.startsWith('schema/') ? [{ path: m.path, code: m.component.slice('schema/'.length) }] : []),
      ...walk(m.children ?? []),
    ]);
  return walk(body.result.menu);
}

const isList = (code: string) => (r: Response) => r.url().includes(`${API}/${code}/list`) && r.request().method() === 'GET';

test('every schema detail shows names and labels, never the stored codes', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin', { open: false });
  const token = (await storedToken(page))!;
  const screens = await schemaScreens(page);
  expect(screens.length).toBeGreaterThan(25);
  if (SHOOTING) mkdirSync(`${SHOTS}/details`, { recursive: true });
  const failures: string[] = [];
  const checked: string[] = [];
  // A screen or detail whose requests fail shows a message, not names: no answer of the walk may be a 5xx.
  let screen = '';
  page.on('response', (r) => {
    if (r.status() >= 500) failures.push(`${screen}: ${r.request().method()} ${r.url()} answered ${r.status()}`);
  });
  for (const { path, code } of screens) {
    screen = code;
    const doc = (await (await page.request.get(`${API}/sys/schema/get?code=${encodeURIComponent(code)}`, { headers: { 'X-Access-Token': token } })).json())
      .result as SchemaDocument;
    // A form screen (menu.screen form) has no list and no detail to open.
    if (doc.menu?.screen === 'form') continue;
    const coded = codedFields(doc);
    const listed = page.waitForResponse(isList(code));
    await page.goto(`/#${path}`);
    const records = ((await (await listed).json()).result?.records ?? []) as Record<string, unknown>[];
    await expect(page.getByTestId(`list-${code}`)).toBeVisible();
    if (!records.length || !(await rows(page).first().getByText('详情', { exact: true }).count())) continue;
    // The rows as the table shows them (a tree list shows its roots first), and of those the one with most coded values.
    const parent = doc.list?.tree?.parentField;
    const ids = new Set(records.map((r) => r.id));
    const shown = parent ? records.filter((r) => !ids.has(r[parent])) : records;
    const filled = (r: Record<string, unknown>) => [...coded.keys()].filter((name) => stored(r[name]) !== '').length;
    const best = shown.reduce((b, r, i) => (filled(r) > filled(shown[b]) ? i : b), 0);
    const fetched = page.waitForResponse((r) => r.url().includes(`${API}/${code}/queryById`));
    await rows(page).nth(best).getByText('详情', { exact: true }).click();
    const record = (await (await fetched).json()).result as Record<string, unknown>;
    // In its drawer, or on its record page (detail.page).
    const detail = page.locator('.ant-drawer-content-wrapper:visible, .record-page').getByTestId('detail-view');
    await expect(detail).toBeVisible();
    await expect(detail.locator('.detail-loading')).toHaveCount(0);
    await shot(page, `details/${code.replace('/', '_')}`, { settle: 300 });
    for (const [name, kind] of coded) {
      const raw = stored(record[name]);
      const cell = detail.locator(`[data-field="${name}"]`);
      if (!raw || !(await cell.count())) continue;
      const text = (await cell.innerText()).trim();
      checked.push(`${code}.${name}`);
      if (text === raw || text.replace(/、/g, ',') === raw) failures.push(`${code} ${name} (${kind}): shows the stored value "${raw}"`);
    }
    if (!doc.detail?.page) await page.locator('.ant-drawer-content-wrapper:visible .ant-drawer-close').click();
  }
  console.log(`checked ${checked.length} coded fields`);
  expect(checked.length).toBeGreaterThan(40);
  expect(failures).toEqual([]);
});
