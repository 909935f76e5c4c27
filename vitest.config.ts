import { defineConfig } from 'vitest/config';

/*
 * Two projects: `unit` (pure functions, fast) and `api` (each file starts the real server on a fresh
 * database). The machine has 2 cores and every API file runs its own PostgreSQL (PGlite or a database
 * on TEST_DATABASE_URL), so the API project runs at most two files at a time.
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
