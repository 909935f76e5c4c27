import { defineConfig } from 'vitest/config';
import { antdStaticStyles } from './build/antd-static-styles.ts';
import { loginKitTokens } from './build/login-kit-tokens.ts';

/*
 * Three projects: `unit` (pure functions, fast), `component` (React components rendered in jsdom with
 * Testing Library; each test beside its code, a *.test.tsx under src) and `api` (each file starts the real
 * server on a fresh database). The machine has 2 cores and every API file runs its own PostgreSQL (PGlite
 * or a database on TEST_DATABASE_URL), so the API project runs at most two files at a time.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Each file imports its own modules afresh; a worker thread starts quicker than a process (46 → 38 s here).
          pool: 'threads',
        },
      },
      {
        // Modules of no file the client imports: the login area's stylesheet of theme tokens, the build's antd sheets (none here).
        plugins: [loginKitTokens(), antdStaticStyles()],
        test: {
          name: 'component',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          // jest-dom's matchers, cleanup after each test, what jsdom lacks that antd needs, the widget kit.
          setupFiles: ['src/test-setup.ts'],
          // A test's fetch stub (src/test-kit/server.ts) is gone before the next test.
          unstubGlobals: true,
          // A worker imports antd, Formily and the widget kit once for all its files: 13–30 s for the project
          // on 2 busy cores, against 100 s with a fresh import for every file. Each test renders into an emptied
          // document and stubs its own fetch; what stays loaded (the kit, dictionaries) is the same for all.
          isolate: false,
          // Rendering is slow beside the API project on two cores: room for the slowest, not a hang.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // A worker imports the server once and runs its files one after another, instead of importing the
          // whole server again for every file (4–5 s a file on a 2-core machine, a third of the pass). Each
          // file starts and closes its own servers on its own database; what a module registers at load (hooks,
          // operations) is the same for every file, and what a server start sets, the next start sets again.
          isolate: false,
          // One migrated, seeded database that every test server starts from (tests/api/helpers/seeded-database.ts).
          globalSetup: ['tests/api/helpers/seeded-database.ts'],
          maxWorkers: 2,
          // Starting a server means creating a database, migrating it and seeding it (with scrypt hashes).
          hookTimeout: 120_000,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
