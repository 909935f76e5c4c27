/*
 * The forms half of `npm run bench` (issue 21): on a fresh embedded database, an online form of 1,000
 * fields (ten cards, each a two-column grid of 100 fields of every common kind, some required, some with
 * a pattern, a few linked) is saved and published through the designer's API, and 1,000 departments are
 * added through the department screen's API. Then, in headless Chromium (median of 5, signed in):
 *   (a) the runtime form: the published screen's 新增 pressed → the form usable (its first field takes
 *       typing and 确定 is enabled);
 *   (b) the designer: /online/desform/designer?desform=… opened → the canvas shows the form's cards;
 *   (c) a 1,000-node tree: 部门管理's 新增 form, 上级部门 picker pressed → the department tree shows.
 * Run alone with `node scripts/bench-forms.mjs` (it uses the built client in dist/, or CLIENT_DIR).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FORM_CODE = 'bench_thousand';
const FORM_NAME = '千项表单';
const CARDS = 10;
const PER_COLUMN = 50;

/** One data widget of the generated form; the kinds cycle so the form holds every common one. */
function widget(n) {
  const model = `f${String(n).padStart(4, '0')}`;
  const label = `字段${n}`;
  const base = { key: `w_${model}`, model, label, rules: [{ required: false, message: '必填项' }] };
  switch (n % 8) {
    case 0:
      return { ...base, type: 'input', options: { width: '100%' }, rules: [{ required: true, message: `请输入${label}` }] };
    case 1:
      return { ...base, type: 'number', options: { width: '100%', min: 0, max: 1000 } };
    case 2:
      return {
        ...base,
        type: 'select',
        options: {
          width: '100%',
          options: [
            { value: '1', label: '甲' },
            { value: '2', label: '乙' },
          ],
        },
      };
    case 3:
      return {
        ...base,
        type: 'radio',
        options: {
          options: [
            { value: '1', label: '是' },
            { value: '2', label: '否' },
          ],
        },
      };
    case 4:
      return { ...base, type: 'date', options: { width: '100%', format: 'YYYY-MM-DD' } };
    case 5:
      return { ...base, type: 'textarea', options: { width: '100%' } };
    case 6:
      return { ...base, type: 'switch', options: {} };
    default:
      return { ...base, type: 'input', options: { width: '100%' }, rules: [{ required: false, pattern: '^[0-9]*$', message: '只能是数字' }] };
  }
}

/** The designer's FormDef of 1,000 fields: ten cards of a two-column grid, a linkage rule per card. */
export function thousandFieldForm() {
  let n = 0;
  const list = [];
  const linkage = [];
  for (let c = 0; c < CARDS; c++) {
    const columns = [0, 1].map(() => ({ span: 12, list: Array.from({ length: PER_COLUMN }, () => widget(++n)) }));
    list.push({
      type: 'card',
      key: `card_${c}`,
      label: `第${c + 1}组`,
      options: { width: '100%', hidden: false },
      list: [{ type: 'grid', key: `grid_${c}`, label: '栅格布局', options: { gutter: 0 }, columns }],
    });
    // The card's first select requires its first date when 乙 is chosen.
    const first = c * PER_COLUMN * 2;
    linkage.push({ target: `f${String(first + 4).padStart(4, '0')}`, when: { [`f${String(first + 2).padStart(4, '0')}`]: { $eq: '2' } }, effect: 'require' });
  }
  return { list, config: { layout: 'horizontal', labelCol: { span: 6 }, wrapperCol: { span: 16 }, hideRequiredMark: false, customStyle: '', linkage } };
}

export async function benchForms({ root, port, password, percentile, waitFor }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hope-bench-forms-'));
  const env = { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: password, LOGIN_RATE_LIMIT: '100000', DATABASE_URL: '', PORT: String(port) };
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const api = `${base}/hope-boot`;
  try {
    await waitFor(`${base}/runtime-config.js`);
    const call = async (path, body, token) => {
      const res = await fetch(`${api}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json', ...(token ? { 'X-Access-Token': token } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = await res.json();
      if (!answer.success) throw new Error(`${path}: ${answer.message}`);
      return answer.result;
    };
    const login = await call('/sys/login', { username: 'admin', password });
    const token = login.token;

    console.log('\nforms and trees (issue 21): a 1,000-field online form, 1,000 departments');
    let t = performance.now();
    await call('/form/formConfiguration/save', { desformCode: FORM_CODE, desformName: FORM_NAME, desformDesignJson: thousandFieldForm() }, token);
    await call('/form/formConfiguration/publish', { desformCode: FORM_CODE, roles: [] }, token);
    console.log(`  saved and published the 1,000-field form in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // 1,000 departments: 10 roots, 10 children each, 9 grandchildren each (10 + 100 + 900).
    t = performance.now();
    const pad = (i) => String(i).padStart(2, '0');
    const add = async (name, orgCode, parentId, category) => {
      const made = await call('/system/depart/add', { departName: name, orgCode, parentId, orgCategory: category, status: '1' }, token);
      return made.id;
    };
    let made = 0;
    for (let r = 0; r < 10; r++) {
      const root = await add(`压测机构${r}`, `Y${pad(r)}`, '', '1');
      made++;
      for (let c = 0; c < 10; c++) {
        const child = await add(`压测部门${r}-${c}`, `Y${pad(r)}A${pad(c)}`, root, '2');
        made++;
        await Promise.all(Array.from({ length: 9 }, (_, g) => add(`压测小组${r}-${c}-${g}`, `Y${pad(r)}A${pad(c)}A${pad(g)}`, child, '3')));
        made += 9;
      }
    }
    console.log(`  added ${made.toLocaleString()} departments in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${base}/#/user/login`);
    await page.getByPlaceholder('请输入用户名').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/dashboard\/analysis/);
    const median = (runs) =>
      percentile(
        [...runs].sort((a, b) => a - b),
        50,
      );
    const goal = (ms) => (ms <= 1000 ? 'goal ≤ 1 s: met' : 'goal ≤ 1 s: not met');

    // (a) The runtime form.
    const runtime = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${base}/#/online/${FORM_CODE}`);
      await page.getByTestId(`list-online/${FORM_CODE}`).waitFor({ timeout: 120_000 });
      await page.waitForLoadState('networkidle');
      const start = Date.now();
      await page.getByRole('button', { name: /新\s*增/ }).click();
      const modal = page.locator('.ant-modal');
      await modal
        .getByRole('button', { name: /确\s*定/ })
        .and(page.locator(':enabled'))
        .waitFor({ timeout: 120_000 });
      await modal.locator('input').first().fill('1', { timeout: 120_000 });
      runtime.push(Date.now() - start);
      await modal.getByRole('button', { name: /关\s*闭/ }).click();
      await modal.waitFor({ state: 'detached', timeout: 120_000 });
    }
    const a = median(runtime);
    console.log(`  (a) 1,000-field form, 新增 → form usable: median ${a} ms (of 5; runs ${runtime.join(', ')})  ${goal(a)}`);

    // (b) The designer.
    const designer = [];
    for (let i = 0; i < 5; i++) {
      // From a freshly loaded dashboard, so no earlier designer is left in the page.
      await page.goto(`${base}/#/dashboard/analysis`);
      await page.reload();
      await page.waitForLoadState('networkidle');
      const start = Date.now();
      await page.goto(`${base}/#/online/desform/designer?desform=${FORM_CODE}`);
      await page.locator('.fd-item[data-type="card"]').first().waitFor({ timeout: 120_000 });
      await page.locator('.fd-item[data-type="input"]').first().waitFor({ timeout: 120_000 });
      designer.push(Date.now() - start);
    }
    const b = median(designer);
    console.log(`  (b) 1,000-field form in the designer, navigation → canvas shown: median ${b} ms (of 5; runs ${designer.join(', ')})  ${goal(b)}`);

    // (c) The department tree of 1,010 nodes, in the 上级部门 picker of 部门管理's form.
    const tree = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${base}/#/system/depart`);
      await page.getByTestId('list-system/depart').waitFor({ timeout: 120_000 });
      await page.getByRole('button', { name: /新\s*增/ }).click();
      const modal = page.locator('.ant-modal').first();
      await modal.getByTestId('dept-picker-input').waitFor({ timeout: 120_000 });
      await page.waitForLoadState('networkidle');
      const start = Date.now();
      await modal.getByTestId('dept-picker-input').click();
      await page.locator('.ant-modal .ant-tree-treenode').filter({ hasText: '压测部门0-0' }).first().waitFor({ timeout: 120_000 });
      tree.push(Date.now() - start);
      await page.goto(`${base}/#/dashboard/analysis`);
      await page.locator('.ant-modal').first().waitFor({ state: 'detached', timeout: 120_000 });
    }
    const c = median(tree);
    console.log(`  (c) 1,010-node department tree, 上级部门 pressed → tree shown: median ${c} ms (of 5; runs ${tree.join(', ')})  ${goal(c)}`);
    await browser.close();
    return { runtime: a, designer: b, tree: c };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run alone: node scripts/bench-forms.mjs
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const waitFor = async (url) => {
    for (let i = 0; i < 480; i++) {
      if (
        await fetch(url).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server did not answer at ${url}`);
  };
  await benchForms({
    root: fileURLToPath(new URL('..', import.meta.url)),
    port: Number(process.env.BENCH_PORT || 3200) + 2,
    password: 'Bench@12345',
    percentile,
    waitFor,
  });
}
