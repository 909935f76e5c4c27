import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';

/*
 * 流程中心 end to end (named to run before the session tests, which lock 李娜's account for 15 minutes): the admin draws a two-step approval in 流程设计 (财务审核 → a gateway on 申请金额 →
 * 主任复核), sets assignees, field rights, a copy and the branch condition in the properties panel, and
 * deploys it as the next version of 项目立项审批. 李娜 submits a large project; 王芳 approves it in 我的任务
 * with an amount; the admin rejects it back to 财务审核; 李娜 follows it in 我的申请 (timeline, diagram)
 * and urges 王芳, whose bell rings live; 张伟, copied, reads it in 抄送我的; 流程监控 lists it. The drawing is
 * exported and imported as BPMN XML, and a timer (its wait set in the panel) and a sub-process are drawn.
 */

const API = '/hope-boot';
const PROJECT = 'E2E流程审批希望小学';

async function newPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1366, height: 800 } })).newPage();
  await signIn(page, username);
  return page;
}

/** A call as the page's own client makes it: its token and the tenant it works in. */
async function post(page: Page, path: string, body: unknown) {
  const token = (await storedToken(page))!;
  const tenant = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__TENANT_ID') ?? '{"value":0}').value as number);
  const res = await page.request.post(`${API}${path}`, { headers: { 'X-Access-Token': token, tenant_id: String(tenant) }, data: body });
  const json = await res.json();
  expect(json.success, JSON.stringify(json)).toBe(true);
  return json.result;
}

/** Clicks an element of the diagram, then an entry of its context pad. */
async function append(page: Page, elementId: string, action: string) {
  const entry = page.locator(`.djs-context-pad .entry[data-action="${action}"]`);
  // A click that only closes an open dropdown of the panel does not select: click until the pad shows.
  await expect(async () => {
    await page.locator(`.djs-element.djs-shape[data-element-id="${elementId}"]`).click();
    await expect(entry).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await entry.click();
  // The new element is selected with its label editor open: leave the label to the panel.
  await page.keyboard.press('Escape');
}

const selectedId = (page: Page) => page.locator('.djs-element.selected').first().getAttribute('data-element-id');

async function nameIt(page: Page, name: string) {
  const input = page.getByTestId('wf-prop-name');
  await input.fill(name);
  await input.blur();
}

/** Picks an option of a panel select, typing it first: lists such as the roles grow as other tests add to them. */
async function pickInPanel(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).last().click();
}

async function editAmount(page: Page) {
  await page.getByTestId('wf-field-access').locator('.ant-form-item', { hasText: '批准金额' }).getByText('可编辑').click();
}

test.describe.configure({ mode: 'serial' });

test('the admin draws, configures and deploys a two-step approval with a condition on the amount', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await page.goto('/#/workflow/design');
  await expect(page.getByTestId('wf-modeler').locator('.djs-element[data-element-id="start"]')).toBeVisible();

  // The process: the key 项目申请 uses, its name, the document it approves.
  const key = page.getByTestId('wf-process-key');
  await key.fill('project_application');
  await key.blur();
  await nameIt(page, '项目立项审批（两级）');
  await pickInPanel(page, 'wf-process-entity', '项目申请');

  await append(page, 'start', 'append.append-task');
  const finance = (await selectedId(page))!;
  await nameIt(page, '财务审核');
  await pickInPanel(page, 'wf-assignee-kind', '指定角色');
  await pickInPanel(page, 'wf-assignee-role', '财务专员');
  await editAmount(page);
  await page.getByTestId('wf-properties').locator('.ant-form-item', { hasText: '抄送角色' }).locator('.ant-select').click();
  await page.keyboard.type('募捐专员');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '募捐专员' }).last().click();

  await append(page, finance, 'append.gateway');
  const gateway = (await selectedId(page))!;
  await nameIt(page, '申请金额');
  await append(page, gateway, 'append.append-task');
  const director = (await selectedId(page))!;
  await nameIt(page, '主任复核');
  await pickInPanel(page, 'wf-assignee-kind', '指定角色');
  await pickInPanel(page, 'wf-assignee-role', '管理员');
  await editAmount(page);
  await append(page, director, 'append.end-event');
  await nameIt(page, '立项');
  await append(page, gateway, 'append.end-event');
  await nameIt(page, '直接立项');

  // The gateway's branches: over 100,000 to 主任复核, otherwise straight to the end.
  await page.locator(`.djs-element.djs-shape[data-element-id="${gateway}"]`).click();
  await page.getByTestId('wf-branch-直接立项').getByTestId('wf-branch-default').click();
  const toDirector = page.getByTestId('wf-branch-主任复核');
  await toDirector.getByTestId('wf-condition-field').click();
  await page.keyboard.type('申请金额');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '申请金额' }).last().click();
  await expect(toDirector.getByTestId('wf-condition-op')).toContainText('大于');
  await toDirector.getByRole('spinbutton').fill('100000');
  await toDirector.getByRole('spinbutton').blur();
  await shot(page, 'workflow-design');

  await page.getByTestId('wf-deploy').click();
  await expect(page.getByText('流程【项目立项审批（两级）】已部署为第 2 版')).toBeVisible();
  await expect(page.getByTestId('wf-process-select')).toContainText('project_application v2');

  // Exported as BPMN XML with its rules, and imported back into a new canvas.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出BPMN' }).click();
  const file = await (await download).path();
  const xml = readFileSync(file, 'utf8');
  expect(xml).toContain('hope:assignee="role:finance"');
  expect(xml).toContain('{"applyAmount":{"$gt":100000}}');
  await page.getByTestId('wf-new').click();
  await expect(page.locator(`.djs-element[data-element-id="${director}"]`)).toHaveCount(0);
  await page.locator('input[type="file"][accept=".bpmn,.xml"]').setInputFiles(file);
  await expect(page.locator(`.djs-element[data-element-id="${director}"]`)).toBeVisible();
});

test('a project is approved, rejected back, followed, urged and copied through the drawn process', async ({ page, browser }) => {
  // 李娜 submits a large project (the list's own add and 提交审核 are covered by the project tests).
  await signIn(page, 'lina');
  const { id } = await post(page, '/project/application/add', {
    projectName: PROJECT,
    projectType: '1',
    school: '兰坪县希望小学',
    contact: '和建国',
    applyAmount: 200000,
  });
  await post(page, '/project/application/transition', { id, to: '2' });

  // 王芳 approves in 我的任务 with an amount.
  const wangfang = await newPage(browser, 'wangfang');
  await wangfang.goto('/#/workflow/tasks');
  await wangfang.getByTestId('wf-todo').locator('tr', { hasText: PROJECT }).getByText('办理').click();
  await expect(wangfang.getByTestId('wf-task')).toContainText('财务审核');
  await expect(wangfang.getByTestId('wf-task-record')).toContainText('200,000.00');
  await expect(wangfang.getByTestId('wf-diagram').locator('.wf-active')).toHaveCount(1);
  await wangfang.getByTestId('wf-task-form').locator('input').first().fill('180000');
  await wangfang.getByTestId('wf-task-form').locator('textarea').fill('预算合理');
  await shot(wangfang, 'workflow-task');
  await wangfang.getByTestId('wf-approve').click();
  await expect(wangfang.getByText('已同意').last()).toBeVisible();

  // The admin rejects it back to 财务审核.
  const admin = await newPage(browser, 'admin');
  await admin.goto('/#/workflow/tasks');
  await admin.getByTestId('wf-todo').locator('tr', { hasText: PROJECT }).getByText('办理').click();
  await expect(admin.getByTestId('wf-task')).toContainText('主任复核');
  await admin.getByTestId('wf-reject').click();
  const dialog = admin.getByTestId('wf-dialog');
  await dialog.locator('.ant-select').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '财务审核' }).click();
  await admin
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(dialog).toContainText('请填写驳回意见');
  await dialog.locator('textarea').fill('请核减设备费');
  await admin
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(admin.getByText('已驳回').last()).toBeVisible();

  // 李娜 sees where it stands and who did what, and urges 王芳, whose bell rings without a reload.
  await wangfang.goto('/#/dashboard/analysis');
  const bell = wangfang.getByTestId('notice-bell');
  await expect(bell).toBeVisible();
  const before = Number(await bell.getAttribute('data-count'));
  await page.goto('/#/workflow/applications');
  const mine = page.getByTestId('wf-applications').locator('tr', { hasText: PROJECT });
  await expect(mine).toContainText('审批中');
  await expect(mine).toContainText('财务审核');
  await mine.getByText('查看').click();
  const timeline = page.getByTestId('wf-timeline');
  await expect(timeline).toContainText('王芳 同意【财务审核】');
  await expect(timeline).toContainText('管理员 驳回【主任复核】 → 财务审核');
  await expect(timeline).toContainText('意见：请核减设备费');
  await shot(page, 'workflow-application', { settle: 500 });
  await page.locator('.ant-drawer-content-wrapper:visible .ant-drawer-close').click();
  await mine.getByText('催办').click();
  await expect(page.getByText('已催办 1 位办理人')).toBeVisible();
  await expect(async () => {
    expect(Number(await bell.getAttribute('data-count'))).toBeGreaterThan(before);
  }).toPass({ timeout: 15_000 });

  // 张伟 was copied at 财务审核.
  const zhangwei = await newPage(browser, 'zhangwei');
  await zhangwei.goto('/#/workflow/cc');
  const copy = zhangwei.getByTestId('wf-cc').locator('tr', { hasText: PROJECT });
  await expect(copy).toContainText('财务审核');
  await copy.getByText('查看').click();
  await expect(zhangwei.getByTestId('wf-instance')).toContainText(PROJECT);
  await shot(zhangwei, 'workflow-cc');

  // 流程监控 lists it with its current step.
  await admin.goto('/#/workflow/monitor');
  await expect(admin.getByTestId('wf-monitor').locator('tr', { hasText: PROJECT })).toContainText('王芳');
  await shot(admin, 'workflow-monitor');
  for (const other of [wangfang, admin, zhangwei]) await other.context().close();
});

test('a timer and a sub-process are drawn in the modeller and the wait is set in the properties panel', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await page.goto('/#/workflow/design');
  await expect(page.getByTestId('wf-modeler').locator('.djs-element[data-element-id="start"]')).toBeVisible();

  // An intermediate event from the context pad becomes a timer through the panel, with its wait.
  await append(page, 'start', 'append.intermediate-event');
  await page.getByTestId('wf-make-timer').click();
  // The timer that replaced it stays selected.
  await expect(page.getByTestId('wf-properties')).toContainText('等待时长');
  await page.getByTestId('wf-timer-duration').fill('PT2H');
  await page.getByTestId('wf-timer-duration').blur();

  // An expanded sub-process from the palette, placed by a click on the canvas; the panel names it.
  await page.locator('.djs-palette .entry[data-action="create.subprocess-expanded"]').click();
  const canvas = (await page.getByTestId('wf-modeler').boundingBox())!;
  await page.mouse.move(canvas.x + canvas.width - 260, canvas.y + canvas.height - 160, { steps: 5 });
  await page.mouse.click(canvas.x + canvas.width - 260, canvas.y + canvas.height - 160);
  await expect(page.getByTestId('wf-properties')).toContainText('子流程');
  await nameIt(page, '材料补充');
  await shot(page, 'workflow-design-timer-subprocess');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出BPMN' }).click();
  const xml = readFileSync(await (await download).path(), 'utf8');
  expect(xml).toMatch(/<bpmn:intermediateCatchEvent id="[^"]+">[\s\S]*<bpmn:timerEventDefinition[^>]*>\s*<bpmn:timeDuration[^>]*>PT2H<\/bpmn:timeDuration>/);
  expect(xml).toMatch(/<bpmn:subProcess id="[^"]+" name="材料补充">/);
});
