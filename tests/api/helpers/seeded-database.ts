import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import { prepareApp } from '../../../server/app.ts';
import { type Database, openDatabase } from '../../../server/db/connect.ts';
import { adminQuery, BLANK_IMAGE_FILE, SEEDED_IMAGE_FILE, SEEDED_TEMPLATE_FILE, tempDataDir, testConfig } from './server.ts';

/*
 * Vitest global setup of the API project: one first start with the test settings, and the database it
 * leaves kept where startServer looks for it — the embedded database's image, or on the PostgreSQL server
 * (TEST_DATABASE_URL) a template database. Each server of the run then starts from it instead of initdb +
 * migrations + seed (several seconds per server). Made on every run from the code under test.
 */
async function firstStart(database: Database): Promise<void> {
  const dataDir = tempDataDir();
  try {
    const { app } = await prepareApp(testConfig(dataDir), database, { demoData: false });
    await app.close();
    // The planner's statistics travel with the copy (the collector's counts do not), as after autovacuum.
    await sql`analyze`.execute(database.db);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  rmSync(dirname(SEEDED_IMAGE_FILE), { recursive: true, force: true });
  mkdirSync(dirname(SEEDED_IMAGE_FILE), { recursive: true });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `hope_seed_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${template}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: dbUrl.toString() });
    try {
      await firstStart(database);
    } finally {
      // A template copies only while nobody is connected to it.
      await database.close();
    }
    writeFileSync(SEEDED_TEMPLATE_FILE, template);
    return async () => {
      rmSync(SEEDED_TEMPLATE_FILE, { force: true });
      await adminQuery(url, `drop database if exists ${template} with (force)`);
    };
  }
  const database = await openDatabase({ inMemory: true });
  try {
    writeFileSync(BLANK_IMAGE_FILE, Buffer.from(await (await database.image!()).arrayBuffer()));
    await firstStart(database);
    const image = await database.image!();
    writeFileSync(SEEDED_IMAGE_FILE, Buffer.from(await image.arrayBuffer()));
  } finally {
    await database.close();
  }
  return async () => {
    rmSync(SEEDED_IMAGE_FILE, { force: true });
    rmSync(BLANK_IMAGE_FILE, { force: true });
  };
}
