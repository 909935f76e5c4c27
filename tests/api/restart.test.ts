import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isStrongPassword, verifyPassword } from '../../server/auth/password.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedOnFirstStart } from '../../server/db/seed.ts';
import { ADMIN_PASSWORD, persistentStore as newStore, startServer, type TestDatabase } from './helpers/server.ts';

/*
 * Restarts on the same data: PGlite files on disk by default, or the same PostgreSQL database when
 * TEST_DATABASE_URL is set.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function persistentStore(): Promise<{ dataDir: string; database: TestDatabase }> {
  const store = await newStore();
  cleanups.push(store.dispose);
  return store;
}

describe('restart keeps data', () => {
  it('seeds once: a reopened database is migrated already, not seeded again, and admin keeps its password', async () => {
    const { dataDir, database } = await persistentStore();
    const first = await database.open();
    expect(await migrateToLatest(first.db)).toEqual(expect.arrayContaining(['001_accounts', '002_announcements']));
    expect(await seedOnFirstStart(first.db, { dataDir, adminPassword: ADMIN_PASSWORD })).toEqual({ seeded: true, generatedAdminPassword: undefined });
    const adminId = (await first.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const seededUsers = await first.db.selectFrom('sys_user').select(['id', 'username']).orderBy('username').execute();
    expect(seededUsers.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'guest']));
    await first.close();

    const second = await database.open();
    try {
      expect(await migrateToLatest(second.db)).toEqual([]);
      // A different ADMIN_PASSWORD on a later start changes nothing: the seed has run.
      expect(await seedOnFirstStart(second.db, { dataDir, adminPassword: 'Other@9999' })).toEqual({ seeded: false });
      const admin = await second.db.selectFrom('sys_user').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
      expect(admin.id).toBe(adminId);
      expect(await verifyPassword(ADMIN_PASSWORD, admin.password)).toBe(true);
      expect(await second.db.selectFrom('sys_user').select(['id', 'username']).orderBy('username').execute()).toEqual(seededUsers);
      const dicts = await second.db.selectFrom('sys_dict').select('dict_code').where('dict_code', '=', 'sex').execute();
      expect(dicts).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('keeps users, sessions and revocations across a server restart (same DATA_DIR and secret)', async () => {
    const store = await persistentStore();
    const first = await startServer({}, store);
    let kept: string;
    let revoked: string;
    try {
      kept = await first.loginAs('admin', ADMIN_PASSWORD);
      revoked = await first.loginAs('admin', ADMIN_PASSWORD);
      expect((await first.api.post('/sys/logout', undefined, revoked)).status).toBe(200);
      expect((await first.api.post('/sys/selectDepart', { orgCode: 'A01A01' }, kept)).status).toBe(200);
    } finally {
      await first.close();
    }

    const second = await startServer({ ADMIN_PASSWORD: 'Ignored@123' }, store);
    try {
      expect(second.seed.seeded).toBe(false);
      expect((await second.api.get('/sys/permission/getUserPermissionByToken', kept)).status).toBe(200);
      expect((await second.api.get('/sys/permission/getUserPermissionByToken', revoked)).status).toBe(500);
      const departs = await second.api.get('/sys/user/getCurrentUserDeparts', kept);
      expect(departs.body.result.orgCode).toBe('A01A01');
      await second.loginAs('admin', ADMIN_PASSWORD);
      expect((await second.api.post('/sys/login', { username: 'admin', password: 'Ignored@123' })).status).toBe(401);
    } finally {
      await second.close();
    }
  });
});

describe('generated admin password', () => {
  it('is written to DATA_DIR/initial-admin-password.txt, satisfies the rule and logs in', async () => {
    const store = await persistentStore();
    const s = await startServer({ ADMIN_PASSWORD: undefined }, store);
    let password: string;
    try {
      password = s.seed.generatedAdminPassword!;
      expect(password).toBeTruthy();
      expect(isStrongPassword(password)).toBe(true);
      const file = join(store.dataDir, 'initial-admin-password.txt');
      expect(readFileSync(file, 'utf8').trim()).toBe(password);
      // Only the owner may read it.
      expect(statSync(file).mode & 0o077).toBe(0);
      await s.loginAs('admin', password);
    } finally {
      await s.close();
    }

    // A second start generates nothing new and leaves the file as it was.
    const again = await startServer({ ADMIN_PASSWORD: undefined }, store);
    try {
      expect(again.seed).toEqual({ seeded: false });
      expect(readFileSync(join(store.dataDir, 'initial-admin-password.txt'), 'utf8').trim()).toBe(password);
      await again.loginAs('admin', password);
    } finally {
      await again.close();
    }
  });

  it('writes no password file when ADMIN_PASSWORD is given', async () => {
    const s = await startServer();
    try {
      expect(s.seed.generatedAdminPassword).toBeUndefined();
      expect(existsSync(join(s.config.dataDir, 'initial-admin-password.txt'))).toBe(false);
    } finally {
      await s.close();
    }
  });
});
