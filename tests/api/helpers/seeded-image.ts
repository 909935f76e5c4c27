import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import { prepareApp } from '../../../server/app.ts';
import { openDatabase } from '../../../server/db/connect.ts';
import { SEEDED_IMAGE_FILE, tempDataDir, testConfig } from './server.ts';

/*
 * Vitest global setup of the API project: one first start with the test settings, on an embedded
 * database in memory, and its image written where startServer looks for it. Each API file then starts
 * from that image in about a second instead of initdb + migrations + seed (several seconds, per server).
 * Built on every run from the code under test; the PostgreSQL pass makes no image.
 */
export default async function setup(): Promise<() => void> {
  rmSync(SEEDED_IMAGE_FILE, { force: true });
  if (process.env.TEST_DATABASE_URL) return () => {};
  const dataDir = tempDataDir();
  const database = await openDatabase({ inMemory: true });
  try {
    const { app } = await prepareApp(testConfig(dataDir), database, { demoData: false });
    await app.close();
    // The planner's statistics travel in the image (the collector's counts do not), as after autovacuum.
    await sql`analyze`.execute(database.db);
    const image = await database.image!();
    mkdirSync(dirname(SEEDED_IMAGE_FILE), { recursive: true });
    writeFileSync(SEEDED_IMAGE_FILE, Buffer.from(await image.arrayBuffer()));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return () => rmSync(SEEDED_IMAGE_FILE, { force: true });
}
