import { chromium } from '@playwright/test';
const [,, user, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
const errors = [];
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto('http://127.0.0.1:3100/#/user/login');
await page.getByPlaceholder(/账户|用户名/).first().fill(user);
await page.locator('input[type=password]').fill('Admin@1234');
await page.keyboard.press('Enter');
await page.waitForURL(/dashboard/, { timeout: 20000 });
for (const p of paths) {
  await page.goto(`http://127.0.0.1:3100/#${p}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/${user}${p.replace(/\//g, '_')}.png` });
}
console.log('errors:', errors.slice(0, 10));
await browser.close();
