import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';

/*
 * The login route is what every user loads first: the JavaScript it loads (gzipped, as served over the
 * wire) must not grow past its budget (issue 21; `npm run bench` prints the same figure with the load time).
 * A size, not a timing: it does not depend on the machine. A cold browser context, so nothing is cached.
 */
// 90.6 KB in 11 files on 2026-12-02, issue 21's goal being 120 KB: antd's ConfigProvider and theme code load with the
// first screen drawn with antd (src/runtime/layout/antd-lazy.tsx; 115.8 KB in 19 files before). The login form is
// the login kit's plain elements (src/pages/user/login-kit/), not antd's Input, Password, Button, Checkbox and Alert
// (142.7 KB in 25 files before that; 183.4 KB in 35 before antd's form library, message, TextArea/Search/OTP and dayjs
// left the route). Lower it as the route gets lighter.
const BUDGET_KB = 93;

test(`the login route loads at most ${BUDGET_KB} KB of gzipped JavaScript`, async ({ browser, server }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts: Promise<{ path: string; gzip: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => ({ path: new URL(res.url()).pathname, gzip: gzipSync(b).length })));
    });
    await page.goto(`${server.origin}/#/user/login`);
    await page.getByPlaceholder('请输入用户名').waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    const kb = loaded.reduce((sum, s) => sum + s.gzip, 0) / 1024;
    const list = loaded.map((s) => `${(s.gzip / 1024).toFixed(1)} KB ${s.path}`).join(', ');
    console.log(`login route JavaScript: ${kb.toFixed(1)} KB gzip in ${loaded.length} files (${list})`);
    expect(loaded.length).toBeGreaterThan(0);
    expect(kb, list).toBeLessThanOrEqual(BUDGET_KB);
    // Nor does it apply antd's 850 KB stylesheet (it held the scripts back in the head): only a prefetch for later.
    const sheets = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[href*="/antd-"]')].map((l) => l.rel));
    expect(sheets).toEqual(['prefetch']);
    // The kit is still drawn in antd's colours, from the build's token sheet: the primary button in 拂晓蓝.
    await expect(page.getByRole('button', { name: /登\s*录/ })).toHaveCSS('background-color', 'rgb(24, 144, 255)');
  } finally {
    await context.close();
  }
});
