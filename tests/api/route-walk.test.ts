import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteEntry, routeTableOf } from '../../server/http/route-table.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Walks every route the server registers (its own route table, filled by Fastify's onRoute hook — not a
 * hand-kept list):
 * 1. without a token, each answers 401 unless it is on the named public list below, with its reason;
 * 2. signed in as admin, no route answers 500 to malformed ids, page numbers, sort fields and keys.
 * A new route is walked the moment it is registered: one that forgets its sign-in check fails walk 1.
 */

/** Reachable without signing in, and why. Keys are 'METHOD url' as registered. */
const PUBLIC: Record<string, string> = {
  'POST /hope-boot/sys/login': 'signing in',
  'POST /hope-boot/sys/loginGetUserDeparts': "JeecgBoot vue3's login page: the departments to sign in to, after the password",
  'POST /hope-boot/sys/guestLogin': "the read-only guest's own sign-in",
  'GET /hope-boot/sys/randomImage/:key': 'the captcha is drawn before signing in',
  'POST /hope-boot/sys/checkCaptcha': 'the captcha is checked before signing in',
  'POST /hope-boot/sys/sms': 'the phone sign-in code is asked for before signing in',
  'POST /hope-boot/sys/phoneLogin': 'signing in with a phone code',
  'GET /hope-boot/sys/cas/client/validateLogin': 'signing in with a CAS service ticket (closed without CAS_SERVER_URL)',
  'GET /hope-boot/cas/client/validateLogin': 'signing in with a CAS service ticket (closed without CAS_SERVER_URL)',
  'GET /hope-boot/sys/thirdLogin/render/:source': 'third-party sign-in starts before signing in (closed without OAUTH_PROVIDERS)',
  'GET /hope-boot/thirdLogin/render/:source': 'third-party sign-in starts before signing in (closed without OAUTH_PROVIDERS)',
  'GET /hope-boot/sys/thirdLogin/:source/callback': 'the OAuth provider sends the browser back here (closed without OAUTH_PROVIDERS)',
  'GET /hope-boot/sys/thirdLogin/opener.js': "the script of the callback's popup page (no data)",
  'GET /hope-boot/sys/thirdLogin/getLoginUser/:token': 'signing in with a one-time third-party login code',
  'GET /hope-boot/sys/thirdLogin/getLoginUser/:token/:thirdType': 'signing in with a one-time third-party login code',
  'GET /hope-boot/sys/thirdLogin/getLoginUser/:token/:thirdType/:tenantId': 'signing in with a one-time third-party login code',
  'GET /hope-boot/thirdLogin/getLoginUser/:token': 'signing in with a one-time third-party login code',
  'GET /hope-boot/thirdLogin/getLoginUser/:token/:thirdType': 'signing in with a one-time third-party login code',
  'GET /hope-boot/thirdLogin/getLoginUser/:token/:thirdType/:tenantId': 'signing in with a one-time third-party login code',
  'POST /hope-boot/sys/thirdLogin/user/checkPassword': 'binding a third-party account by password, before signing in',
  'POST /hope-boot/sys/third/user/checkPassword': 'binding a third-party account by password, before signing in',
  'POST /hope-boot/sys/thirdLogin/bindingThirdPhone': 'binding a third-party account by phone code, before signing in',
  'POST /hope-boot/sys/thirdLogin/user/create': 'registering an account for a third-party one, before signing in (ALLOW_REGISTER)',
  'POST /hope-boot/sys/third/user/create': 'registering an account for a third-party one, before signing in (ALLOW_REGISTER)',
  'POST /hope-boot/sys/user/register': 'registering is done before signing in (ALLOW_REGISTER)',
  'POST /hope-boot/sys/user/phoneVerification': 'a forgotten password is recovered without signing in',
  'GET /hope-boot/sys/user/passwordChange': 'a forgotten password is recovered without signing in',
  'POST /hope-boot/sys/user/passwordChange': 'a forgotten password is recovered without signing in',
  'GET /hope-boot/site/siteinfo': 'the login page shows the site name and which sign-ins exist',
  'GET /hope-boot/monitor/metrics': 'a Prometheus scraper holding METRICS_TOKEN (closed without one)',
  'GET /hope-boot/sys/common/static/*': 'pictures are shown in pages (img src) by their random names, as in JeecgBoot; any other file needs a ticket',
  'GET /health': 'a proxy asks whether the process is alive',
  'GET /ready': 'a proxy asks whether the process serves',
  'GET /runtime-config.js': 'the client reads where the API is before anyone signs in',
  'GET /': 'the client itself',
};

let s: TestServer;
let routes: RouteEntry[];
beforeAll(async () => {
  s = await startServer();
  routes = routeTableOf(s.app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.websocket);
});
afterAll(() => s?.close());

/**
 * The document a generic route is walked on: one that has what the route serves (row operations, a
 * recycle bin), so that the route really runs instead of answering that there is nothing there.
 */
const sampleDocument = (url: string) =>
  url.includes('/operation/') ? 'system/job' : /deleteList|\/back|deletePhysic/.test(url) ? 'system/user' : 'donation/record';

/** A concrete path for a route: a real document for :area/:entity, `value` for every other parameter. */
const pathOf = (url: string, value: string) =>
  url
    .replace(':area/:entity', sampleDocument(url))
    .replace(':key', url.includes('/operation/') ? 'start' : ':key')
    .replace(/:[A-Za-z]+/g, encodeURIComponent(value))
    .replace('*', 'x.txt');

async function call(route: RouteEntry, token: string | undefined, value: string, query = '', body?: unknown) {
  const headers: Record<string, string> = token ? { 'X-Access-Token': token } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${s.origin}${pathOf(route.url, value)}${query}`, {
    method: route.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('the route walk', () => {
  it("finds the routes (the table is Fastify's own)", () => {
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.some((r) => r.url === '/hope-boot/:area/:entity/list')).toBe(true);
  });

  it('every route needs a sign-in unless it is on the public list, which names only routes that exist', async () => {
    const known = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(PUBLIC).filter((k) => !known.has(k))).toEqual([]);
    const open: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC[key]) continue;
      const status = await call(route, undefined, '1', '', ['POST', 'PUT'].includes(route.method) ? {} : undefined);
      if (status !== 401) open.push(`${key} → ${status}`);
    }
    expect(open).toEqual([]);
  });

  it('no route answers 500 to malformed ids, pages, sort fields and keys', async () => {
    let admin = await s.loginAs('admin', ADMIN_PASSWORD);
    const bad = 'abc\'"';
    const query = `?id=${encodeURIComponent(bad)}&ids=${encodeURIComponent(bad)}&pageNo=-1&pageSize=abc&column=${encodeURIComponent('drop table x')}&order=sideways&key=${encodeURIComponent(bad)}&code=${encodeURIComponent(bad)}`;
    const body = {
      id: bad,
      ids: bad,
      pageNo: -1,
      pageSize: 'abc',
      column: 'drop table x',
      order: 'sideways',
      code: bad,
      username: bad,
      roleId: bad,
      userId: bad,
    };
    const failures: string[] = [];
    for (const route of routes) {
      if (route.url === '/hope-boot/sys/logout') continue;
      const status = await call(route, admin, bad, query, ['POST', 'PUT', 'DELETE'].includes(route.method) ? body : undefined);
      if (status >= 500) failures.push(`${route.method} ${route.url} → ${status}`);
      // A route that ended the session (a password or user change) must not stop the walk.
      if (status === 401) admin = await s.loginAs('admin', ADMIN_PASSWORD);
    }
    expect(failures).toEqual([]);
  });
});
