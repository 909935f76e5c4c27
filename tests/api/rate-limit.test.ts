import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ LOGIN_RATE_LIMIT: '3' });
});
afterAll(() => s?.close());

describe('login rate limit per address', () => {
  let token = '';

  it('answers the 4th login within a minute with 429, even with the right password', async () => {
    const first = await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(first.status).toBe(200);
    token = first.body.result.token;
    // Refused and bad requests count too: the limit is on attempts, not on successes.
    expect((await s.api.post('/sys/login', { username: 'admin', password: 'Wrong@1234' })).status).toBe(401);
    expect((await s.api.post('/sys/login', {})).status).toBe(400);

    const fourth = await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ success: false, code: 429, message: '请求过于频繁，请稍后再试', result: null });
    // The limited attempt never reached the password check: only the one wrong password is recorded.
    expect(await s.db.selectFrom('sys_login_failure').selectAll().execute()).toHaveLength(1);
  });

  it('does not limit the rest of the API', async () => {
    expect(token).toBeTruthy();
    for (let i = 0; i < 5; i++) {
      expect((await s.api.get('/sys/permission/getUserPermissionByToken', token)).status).toBe(200);
    }
    expect((await s.api.get('/site/siteinfo')).status).toBe(200);
  });
});
