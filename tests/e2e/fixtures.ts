import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type BrowserContext, type Page, test as base } from '@playwright/test';
import { stopProcess, untilServing } from './own-server.ts';

export * from '@playwright/test';

/*
 * Each Playwright worker runs its own server on its own data directory and port (a fresh embedded
 * database with the demo data, as a first `npm start` makes it), so spec files run in parallel without
 * seeing each other's records. Specs import `test` and `expect` from here.
 */
export const E2E_ADMIN_PASSWORD = 'Admin@1234';
const root = resolve(import.meta.dirname, '..', '..');
const BASE_PORT = Number(process.env.E2E_PORT || 3110);
const DATA_ROOT = process.env.E2E_DATA_DIR || '.tmp/e2e-data';

export interface WorkerServer {
  origin: string;
  /** The server's DATA_DIR (the SMS outbox lives there). */
  dataDir: string;
}

/** The last code texted to a phone, read from the console SMS provider's outbox in the server's DATA_DIR. */
export function lastCode(server: WorkerServer, phone: string): string {
  const outbox = join(server.dataDir, 'sms-outbox.log');
  const lines = existsSync(outbox) ? readFileSync(outbox, 'utf8').trim().split('\n') : [];
  return (
    lines
      .reverse()
      .find((l) => l.includes(` ${phone} `))
      ?.match(/验证码是(\d{6})/)?.[1] ?? ''
  );
}

/** The page each worker keeps from test to test. */
const KEPT = new WeakSet<Page>();

export const test = base.extend<object, { server: WorkerServer; workerContext: BrowserContext }>({
  server: [
    async ({}, use, workerInfo) => {
      const dataDir = join(root, `${DATA_ROOT}-${workerInfo.parallelIndex}`);
      const port = BASE_PORT + workerInfo.parallelIndex;
      rmSync(dataDir, { recursive: true, force: true });
      const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
          LOGIN_RATE_LIMIT: '1000',
          ALLOW_GUEST: 'true',
          SKIP_CLIENT_BUILD: '1',
          DATABASE_URL: '',
        },
      });
      let stderr = '';
      server.stderr?.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
      const origin = `http://127.0.0.1:${port}`;
      try {
        await untilServing(origin, server, () => stderr, 720);
        await use({ origin, dataDir });
      } finally {
        await stopProcess(server);
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => use(server.origin),
  /*
   * One browser context per worker, emptied between tests (pages, cookies, local storage), rather than a
   * new one per test: the client's scripts then come from the browser's cache, already compiled, instead
   * of being fetched and compiled again for every test on a 2-core machine.
   */
  workerContext: [
    async ({ browser, server }, use, workerInfo) => {
      const { locale, timezoneId, viewport, reducedMotion } = workerInfo.project.use;
      const context = await browser.newContext({ locale, timezoneId, viewport, reducedMotion, baseURL: server.origin });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ workerContext }, use) => {
    await use(workerContext);
    for (const page of workerContext.pages()) if (!KEPT.has(page)) await page.close();
    await workerContext.clearCookies();
    await workerContext.clearPermissions();
    // The origin's storage, whichever pages the test used: through the kept page, or a blank one if none is kept.
    const kept = workerContext.pages().find((p) => KEPT.has(p));
    const blank = kept ?? (await workerContext.newPage());
    await blank.goto('/runtime-config.js');
    await blank.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    if (!kept) await blank.close();
  },
  /*
   * And one page, handed to test after test: a new page is a new tab, whose renderer process and window
   * Chromium creates and tears down again — a third of the stage's CPU time, measured. Between tests it
   * loses what a test may have added (listeners, routes, viewport, media); the context's teardown empties
   * the storage.
   */
  page: async ({ context }, use, testInfo) => {
    let page = context.pages().find((p) => KEPT.has(p) && !p.isClosed());
    if (!page) {
      page = await context.newPage();
      KEPT.add(page);
    }
    await use(page);
    if (page.isClosed()) return;
    page.removeAllListeners();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.setViewportSize(testInfo.project.use.viewport!);
    await page.emulateMedia({ media: null });
  },
});
