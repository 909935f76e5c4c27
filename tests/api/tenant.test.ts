import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowText } from '../../server/lib/time.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer();
  token = await s.loginAs('admin', ADMIN_PASSWORD);
  await s.db.insertInto('sys_tenant').values({ id: 2, name: '另一个租户', status: 1, create_time: nowText() }).execute();
});
afterAll(() => s?.close());

const PERMISSIONS = '/sys/permission/getUserPermissionByToken';
const withTenant = (tenant: string) => s.api.get(PERMISSIONS, token, { tenant_id: tenant });

describe('tenant_id header', () => {
  it('accepts no header and 0 (no tenant chosen)', async () => {
    expect((await s.api.get(PERMISSIONS, token)).status).toBe(200);
    expect((await withTenant('0')).status).toBe(200);
  });

  it('accepts a tenant the user belongs to', async () => {
    const r = await withTenant('1');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
  });

  it('refuses a tenant the user does not belong to with 403 无权访问该租户', async () => {
    const r = await withTenant('2');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, code: 403, message: '无权访问该租户', result: null });
  });

  it('refuses a tenant that does not exist with the same 403', async () => {
    const r = await withTenant('999');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('无权访问该租户');
  });

  it.each(['abc', '1 or 1=1', '-1', '1.5', '1;drop table sys_user', '99999999999999'])('refuses the non-numeric tenant %j with 400', async (tenant) => {
    const r = await withTenant(tenant);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, message: '租户ID格式不正确' });
  });

  it('changes nothing when refusing: logout under a foreign tenant leaves the token valid', async () => {
    const other = await s.loginAs('admin', ADMIN_PASSWORD);
    const r = await s.api.post('/sys/logout', undefined, other, { tenant_id: '2' });
    expect(r.status).toBe(403);
    expect((await s.api.get(PERMISSIONS, other)).status).toBe(200);
    expect(await s.db.selectFrom('sys_token_revoked').selectAll().execute()).toHaveLength(0);
  });

  it('accepts a tenant once the user is made a member of it', async () => {
    const admin = await s.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await s.db.insertInto('sys_user_tenant').values({ user_id: admin.id, tenant_id: 2 }).execute();
    expect((await withTenant('2')).status).toBe(200);
  });
});
