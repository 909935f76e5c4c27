import { defineConfig } from '@playwright/test';

/*
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real server. Each
 * worker starts a server of its own on a fresh embedded database (tests/e2e/fixtures.ts), so spec files
 * can run in parallel: E2E_WORKERS sets how many. One by default: on the 2-core CI machine Chromium's
 * painting already takes both cores, and a second worker only made each test twice as slow.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 1),
  retries: 0,
  reporter: [['list']],
  outputDir: '.tmp/e2e-results',
  use: {
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The client then turns antd's animations off (src/runtime/layout/motion.ts): no waiting them out.
    reducedMotion: 'reduce',
    viewport: { width: 1366, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
