import { defineConfig } from '@playwright/test';

/*
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real server,
 * started on a fresh embedded database for each run.
 */
const PORT = Number(process.env.E2E_PORT || 3100);
/* A separate data dir (and CLIENT_DIR for the build) lets two runs on one machine coexist. */
const DATA_DIR = process.env.E2E_DATA_DIR || '.tmp/e2e-data';
export const E2E_ADMIN_PASSWORD = 'Admin@1234';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '.tmp/e2e-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${PORT}/runtime-config.js`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOGIN_RATE_LIMIT: '1000',
      ALLOW_GUEST: 'true',
    },
  },
});
