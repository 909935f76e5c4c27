import { userId } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, type Reply, startServer, type TestServer } from './helpers/server.ts';

/* What the announcement, socket and account tests start from: a server and three signed-in users. */

export interface StaffServer {
  s: TestServer;
  tokens: { admin: string; zhangwei: string; lina: string };
  ids: { zhangwei: string; lina: string };
}

export async function staffServer(): Promise<StaffServer> {
  const s = await startServer();
  const [admin, zhangwei, lina] = await Promise.all(['admin', 'zhangwei', 'lina'].map((u) => s.loginAs(u, ADMIN_PASSWORD)));
  const [zhangweiId, linaId] = await Promise.all([userId(s.db, 'zhangwei'), userId(s.db, 'lina')]);
  return { s, tokens: { admin, zhangwei, lina }, ids: { zhangwei: zhangweiId, lina: linaId } };
}

/** PUT or DELETE with a JSON body (the harness's api has GET and POST only). */
export async function send(s: TestServer, method: 'PUT' | 'DELETE', path: string, body: unknown, token?: string): Promise<Reply> {
  const headers: Record<string, string> = token ? { 'X-Access-Token': token } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${s.origin}${s.config.apiBase}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, body: await r.json(), headers: r.headers };
}
