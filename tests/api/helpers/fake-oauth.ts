import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * An OAuth 2.0 provider for the tests, speaking the authorization-code grant as real ones do: /authorize (a
 * form: 授权登录 sends the browser back to redirect_uri with a code and the state, 拒绝 with
 * error=access_denied), /token (client_secret_post; codes are single use, bound to the client and the
 * redirect_uri they were issued for) and /userinfo (the bearer token's user: id, login, name, avatar_url, as
 * GitHub and Gitee answer).
 */
export interface FakeOAuth {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The OAUTH_<SOURCE>_… settings of a server that uses this provider as `source`. */
  env(source: string, name?: string): Record<string, string>;
  /** A code for `user`, valid once for `redirectUri` (what /authorize hands out after a sign-in). */
  issue(user: string, redirectUri: string): string;
  /** How many /token calls it has answered. */
  exchanges(): number;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
const withParams = (address: string, params: Record<string, string>) => `${address}${address.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;

export async function startFakeOAuth(): Promise<FakeOAuth> {
  const clientId = 'hope-client';
  const clientSecret = randomBytes(8).toString('hex');
  const codes = new Map<string, { user: string; redirectUri: string }>();
  const accessTokens = new Map<string, string>();
  let exchanges = 0;
  const issue = (user: string, redirectUri: string) => {
    const code = randomBytes(12).toString('hex');
    codes.set(code, { user, redirectUri });
    return code;
  };

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://oauth');
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': `${type}; charset=utf-8`, ...headers });
      response.end(body);
    };
    const json = (status: number, body: unknown) => send(status, 'application/json', JSON.stringify(body));
    const q = url.searchParams;
    switch (url.pathname) {
      case '/authorize': {
        if (q.get('client_id') !== clientId || q.get('response_type') !== 'code') return send(400, 'text/plain', 'invalid_request');
        const hidden = ['redirect_uri', 'state'].map((k) => `<input type="hidden" name="${k}" value="${escape(q.get(k) ?? '')}">`).join('');
        return send(
          200,
          'text/html',
          `<!doctype html><meta charset="utf-8"><title>测试开放平台</title><h1>测试开放平台</h1>` +
            `<form action="/authorize/submit">${hidden}<label>OAuth 用户 <input name="user"></label><button type="submit" name="decision" value="allow">授权登录</button><button type="submit" name="decision" value="deny">拒绝</button></form>`,
        );
      }
      case '/authorize/submit': {
        const redirectUri = q.get('redirect_uri') ?? '';
        const state = q.get('state') ?? '';
        if (q.get('decision') === 'deny') return send(302, 'text/plain', '', { location: withParams(redirectUri, { error: 'access_denied', state }) });
        return send(302, 'text/plain', '', { location: withParams(redirectUri, { code: issue(q.get('user') ?? '', redirectUri), state }) });
      }
      case '/token': {
        exchanges++;
        let raw = '';
        for await (const chunk of request) raw += chunk;
        const form = new URLSearchParams(raw);
        if (request.method !== 'POST' || form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
          return json(401, { error: 'invalid_client' });
        }
        const code = form.get('code') ?? '';
        const issued = codes.get(code);
        codes.delete(code);
        if (form.get('grant_type') !== 'authorization_code' || !issued || issued.redirectUri !== form.get('redirect_uri')) {
          return json(400, { error: 'invalid_grant', error_description: 'The code is invalid or expired.' });
        }
        const accessToken = randomBytes(16).toString('hex');
        accessTokens.set(accessToken, issued.user);
        return json(200, { access_token: accessToken, token_type: 'bearer', scope: 'user' });
      }
      case '/userinfo': {
        const user = accessTokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!user) return json(401, { message: 'Bad credentials' });
        return json(200, {
          id: 9000 + [...user].reduce((n, c) => n + c.charCodeAt(0), 0),
          login: user,
          name: `开放平台用户 ${user}`,
          avatar_url: `https://avatars.example/${user}.png`,
        });
      }
      default:
        return send(404, 'text/plain', 'not found');
    }
  };

  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    clientId,
    clientSecret,
    env: (source, name) => {
      const prefix = `OAUTH_${source.toUpperCase()}_`;
      return {
        [`${prefix}CLIENT_ID`]: clientId,
        [`${prefix}CLIENT_SECRET`]: clientSecret,
        [`${prefix}AUTHORIZE_URL`]: `${url}/authorize`,
        [`${prefix}TOKEN_URL`]: `${url}/token`,
        [`${prefix}USERINFO_URL`]: `${url}/userinfo`,
        ...(name ? { [`${prefix}NAME`]: name } : {}),
      };
    },
    issue,
    exchanges: () => exchanges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
