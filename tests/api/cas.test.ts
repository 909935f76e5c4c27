import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServiceResponse } from '../../server/auth/cas.ts';
import { startFakeCas, type FakeCas } from './helpers/fake-cas.ts';
import { addUser } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * CAS single sign-on (server/auth/cas.ts) against a CAS server started here (helpers/fake-cas.ts, the real
 * serviceValidate XML): a ticket CAS issued to this site signs its user in once; tickets for other
 * applications, used tickets, unknown and frozen users, a missing ticket and an unreachable CAS server are
 * refused with their messages and sign nobody in.
 */

let s: TestServer;
let cas: FakeCas;
let service: string;

beforeAll(async () => {
  cas = await startFakeCas();
  s = await startServer({ CAS_SERVER_URL: `${cas.url}/` });
  service = `${s.origin}/`;
  await addUser(s.db, 'cas_frozen', ADMIN_PASSWORD, { status: 2 });
});
afterAll(async () => {
  await s?.close();
  await cas?.close();
});

const validate = (ticket: string | undefined, svc: string | undefined, path = '/sys/cas/client/validateLogin') =>
  s.api.get(`${path}?${new URLSearchParams({ ...(ticket === undefined ? {} : { ticket }), ...(svc === undefined ? {} : { service: svc }) })}`);

describe('CAS sign-in', () => {
  it('tells the client where the CAS server is', async () => {
    const config = await s.raw('/runtime-config.js');
    expect(config.body).toContain(`"casServerUrl":"${cas.url}"`);
  });

  it('a ticket CAS issued to this site signs its user in, once', async () => {
    const ticket = cas.issue('zhangwei', service);
    const signed = await validate(ticket, service);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ success: true, message: '登录成功', result: { userInfo: { username: 'zhangwei' }, multi_depart: expect.any(Number) } });
    const me = await s.api.get('/sys/user/getUserInfo', signed.body.result.token);
    expect(me.body.result.userInfo.username).toBe('zhangwei');
    const log = await s.db.selectFrom('sys_log').select('log_content').where('username', '=', 'zhangwei').orderBy('create_time', 'desc').executeTakeFirst();
    expect(log?.log_content).toContain('登录成功');

    const again = await validate(ticket, service);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ success: false, message: `统一身份认证失败（INVALID_TICKET）：Ticket ${ticket} not recognized` });
  });

  it('answers on the shorter path too', async () => {
    const signed = await validate(cas.issue('lina', service), service, '/cas/client/validateLogin');
    expect(signed.body).toMatchObject({ success: true, result: { userInfo: { username: 'lina' } } });
  });

  it('refuses a ticket issued to another application, without asking CAS when the service is not this site', async () => {
    const elsewhere = 'http://other-app.example/';
    const asked = cas.validations();
    const foreign = await validate(cas.issue('admin', elsewhere), elsewhere);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('服务地址不属于本系统');
    expect(cas.validations()).toBe(asked);
    // Claimed for this site, CAS itself refuses it: it was issued for the other one.
    const claimed = await validate(cas.issue('admin', elsewhere), service);
    expect(claimed.status).toBe(401);
    expect(claimed.body.message).toMatch(/^统一身份认证失败（INVALID_SERVICE）/);
  });

  it('refuses users CAS knows but this system does not, and frozen ones', async () => {
    const unknown = await validate(cas.issue('stranger', service), service);
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('统一身份认证的账号 stranger 在本系统中不存在，请联系管理员开通');
    expect(unknown.body.result).toBeNull();
    const frozen = await validate(cas.issue('cas_frozen', service), service);
    expect(frozen.status).toBe(403);
    expect(frozen.body.result).toBeNull();
  });

  it('refuses a missing ticket, a missing service and a ticket that is not one', async () => {
    expect((await validate(undefined, service)).body).toMatchObject({ success: false, message: '缺少参数 ticket' });
    expect((await validate('ST-1', undefined)).body).toMatchObject({ success: false, message: '服务地址不属于本系统' });
    expect((await validate('ST-1', 'javascript:alert(1)')).body).toMatchObject({ success: false, message: '服务地址不属于本系统' });
    const spaced = await validate('ST 1', service);
    expect(spaced.status).toBe(401);
  });

  it('says so when the CAS server cannot be reached', async () => {
    const ticket = cas.issue('zhangwei', service);
    await cas.close();
    const down = await validate(ticket, service);
    expect(down.status).toBe(502);
    expect(down.body.message).toBe('统一身份认证服务器无法访问');
  });
});

describe('the CAS 2.0 answer', () => {
  it('reads the user of a success and the code and text of a failure; anything else is unreadable', () => {
    expect(
      readServiceResponse(
        '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user> wangfang </cas:user><cas:attributes><cas:mail>w@x</cas:mail></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>',
      ),
    ).toEqual({ user: 'wangfang' });
    expect(
      readServiceResponse(
        '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">not recognized</cas:authenticationFailure></cas:serviceResponse>',
      ),
    ).toEqual({ code: 'INVALID_TICKET', text: 'not recognized' });
    expect(() => readServiceResponse('<html>Bad gateway</html>')).toThrow('统一身份认证服务器的回答无法识别');
    expect(() =>
      readServiceResponse('<cas:serviceResponse><cas:authenticationSuccess><cas:user></cas:user></cas:authenticationSuccess></cas:serviceResponse>'),
    ).toThrow('无法识别');
  });
});
