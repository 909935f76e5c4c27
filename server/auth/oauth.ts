import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OAuthProvider } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { ApiError, badRequest } from '../http/envelope.ts';
import { formatTimestamp } from '../lib/time.ts';

/*
 * Third-party sign-in over OAuth 2.0 (the authorization-code grant), as JeecgBoot's ThirdLoginController
 * does it (/sys/thirdLogin/render/{source}, /sys/thirdLogin/{source}/callback, getLoginUser): the browser is
 * sent to the provider with a `state` that is signed, short-lived and tied to this browser by a cookie
 * (someone else's callback address opens nothing here); the callback trades the code for an access token at
 * the token address, reads the user at the user-info address and looks the account up in sys_third_account.
 * What the browser gets back is a one-time code (sys_third_login_ticket): 'login' for a bound account — traded
 * for a session once, within two minutes — or 'bind' for one not bound yet, used once by the binding (ten
 * minutes). Off until OAUTH_PROVIDERS names a provider.
 */

export const OAUTH_CLOSED = '未启用第三方登录';
export const OAUTH_MESSAGES = {
  unknownSource: '不支持的第三方登录方式',
  codeExpired: '第三方登录已失效，请重新登录',
  ticketExpired: '绑定请求已失效，请重新进行第三方登录',
  alreadyBound: '该第三方账号已绑定其他用户',
  userBound: '该用户已绑定其他同类第三方账号',
} as const;

const TIMEOUT_MS = 5000;
const STATE_TTL_MS = 10 * 60_000;
export const LOGIN_CODE_TTL_MS = 2 * 60_000;
export const BIND_TICKET_TTL_MS = 10 * 60_000;
/** The cookie that ties a state to the browser it was issued to (HttpOnly, SameSite=Lax: sent on the provider's redirect back). */
export const STATE_COOKIE = 'hope_oauth_state';
/** One-time codes are 43 base64url characters; anything else is not looked up. */
const CODE = /^[A-Za-z0-9_-]{43}$/;

/** How the browser came: JeecgBoot's clients open a popup and wait for a message; ours goes there and back in the page. */
export type OAuthMode = 'popup' | 'page';

export function providerOf(providers: readonly OAuthProvider[], source: unknown): OAuthProvider {
  if (!providers.length) throw new ApiError(403, OAUTH_CLOSED);
  const provider = providers.find((p) => p.source === source);
  if (!provider) throw badRequest(OAUTH_MESSAGES.unknownSource);
  return provider;
}

/** Signed states: `payload.signature`, the payload naming the source, the mode, the browser's nonce and the expiry. */
export class OAuthStates {
  private readonly key: Buffer;
  constructor(secret: Uint8Array) {
    this.key = createHmac('sha256', secret).update('oauth-state').digest();
  }

  private sign(payload: string) {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  /** A new state for `source`, and the nonce the browser's cookie must carry back. */
  issue(source: string, mode: OAuthMode, now = Date.now()): { state: string; nonce: string } {
    const nonce = randomBytes(16).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ s: source, m: mode, n: nonce, e: now + STATE_TTL_MS })).toString('base64url');
    return { state: `${payload}.${this.sign(payload)}`, nonce };
  }

  /** The mode of a state issued here for `source`, unexpired, to the browser holding `nonce`; null for anything else. */
  check(state: unknown, source: string, nonce: string | undefined, now = Date.now()): OAuthMode | null {
    if (typeof state !== 'string' || state.length > 400 || !nonce) return null;
    const [payload, signature, extra] = state.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { s?: unknown; m?: unknown; n?: unknown; e?: unknown };
      if (claims.s !== source || claims.n !== nonce || typeof claims.e !== 'number' || claims.e < now) return null;
      return claims.m === 'page' ? 'page' : 'popup';
    } catch {
      return null;
    }
  }
}

/** Where the provider sends the browser to sign in. */
export function authorizeUrl(provider: OAuthProvider, redirectUri: string, state: string): string {
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (provider.scope) url.searchParams.set('scope', provider.scope);
  url.searchParams.set('state', state);
  return url.toString();
}

/** The account at the provider: its id there, and what it says of itself. */
export interface ThirdUser {
  uuid: string;
  realname: string | null;
  avatar: string | null;
}

/** Thrown when the provider cannot be reached or does not vouch for anyone: the key of the callback's error. */
export class ProviderFailure extends Error {
  constructor(
    readonly key: 'provider' | 'unreachable',
    detail: string,
  ) {
    super(detail);
  }
}

async function askJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let answer: Response;
  try {
    answer = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch (error) {
    throw new ProviderFailure('unreachable', `${url}: ${error instanceof Error ? error.message : error}`);
  }
  const text = await answer.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Some token endpoints answer form-encoded unless told otherwise.
    body = text.includes('=') ? Object.fromEntries(new URLSearchParams(text)) : null;
  }
  if (!answer.ok || !body || typeof body !== 'object' || Array.isArray(body)) {
    throw new ProviderFailure('provider', `${url}: HTTP ${answer.status} ${text.slice(0, 200)}`);
  }
  return body as Record<string, unknown>;
}

const firstText = (info: Record<string, unknown>, fields: string[]) => {
  for (const field of fields) {
    const value = info[field];
    if ((typeof value === 'string' && value.trim()) || (typeof value === 'number' && Number.isFinite(value))) return String(value).trim();
  }
  return null;
};

/** Trades the callback's code for an access token, and the token for the user it belongs to. */
export async function thirdUserOf(provider: OAuthProvider, code: string, redirectUri: string): Promise<ThirdUser> {
  const granted = await askJson(provider.tokenUrl, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }).toString(),
  });
  const accessToken = granted.access_token;
  if (typeof accessToken !== 'string' || !accessToken) {
    throw new ProviderFailure('provider', `${provider.tokenUrl}: no access_token (${String(granted.error ?? '')} ${String(granted.error_description ?? '')})`);
  }
  const info = await askJson(provider.userinfoUrl, { headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` } });
  const uuid = firstText(info, provider.idField ? [provider.idField] : ['sub', 'id', 'uuid', 'openid', 'unionid']);
  if (!uuid || uuid.length > 100) throw new ProviderFailure('provider', `${provider.userinfoUrl}: no account id in the user info`);
  const realname = firstText(info, ['name', 'nickname', 'realname', 'login', 'username', 'preferred_username']);
  const avatar = firstText(info, ['picture', 'avatar_url', 'avatar', 'headimgurl']);
  return { uuid, realname: realname?.slice(0, 100) ?? null, avatar: avatar && /^https?:\/\//.test(avatar) ? avatar.slice(0, 500) : null };
}

interface TicketRow {
  code_hash: string;
  kind: 'login' | 'bind';
  third_type: string;
  third_user_uuid: string;
  sys_user_id: string | null;
  realname: string | null;
  avatar: string | null;
  expires_at: string;
}

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** The one-time codes of sys_third_login_ticket. */
export class ThirdTickets {
  constructor(private readonly db: Kysely<DB>) {}

  /** A new code of `kind` for the third account (and, for 'login', the user it is bound to). */
  async issue(kind: TicketRow['kind'], third: ThirdUser & { type: string; userId?: string }, executor: Kysely<DB> = this.db): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    const now = new Date();
    const table = executor as unknown as Kysely<{ sys_third_login_ticket: TicketRow }>;
    await table.deleteFrom('sys_third_login_ticket').where('expires_at', '<', formatTimestamp(now)).execute();
    await table
      .insertInto('sys_third_login_ticket')
      .values({
        code_hash: hashOf(code),
        kind,
        third_type: third.type,
        third_user_uuid: third.uuid,
        sys_user_id: third.userId ?? null,
        realname: third.realname,
        avatar: third.avatar,
        expires_at: formatTimestamp(new Date(now.getTime() + (kind === 'login' ? LOGIN_CODE_TTL_MS : BIND_TICKET_TTL_MS))),
      })
      .execute();
    return code;
  }

  /** The unexpired code of `kind`, left in place (a binding looks before it checks the password); the message why not otherwise. */
  async peek(kind: TicketRow['kind'], code: unknown, executor: Kysely<DB> = this.db): Promise<TicketRow> {
    const expired = kind === 'login' ? OAUTH_MESSAGES.codeExpired : OAUTH_MESSAGES.ticketExpired;
    if (typeof code !== 'string' || !CODE.test(code)) throw badRequest(expired);
    const table = executor as unknown as Kysely<{ sys_third_login_ticket: TicketRow }>;
    const row = await table.selectFrom('sys_third_login_ticket').selectAll().where('code_hash', '=', hashOf(code)).where('kind', '=', kind).executeTakeFirst();
    if (!row || row.expires_at < formatTimestamp()) throw badRequest(expired);
    return row;
  }

  /** Uses the code up: only the request whose delete removed it goes on. */
  async take(kind: TicketRow['kind'], code: unknown, executor: Kysely<DB> = this.db): Promise<TicketRow> {
    const row = await this.peek(kind, code, executor);
    const table = executor as unknown as Kysely<{ sys_third_login_ticket: TicketRow }>;
    const used = await table.deleteFrom('sys_third_login_ticket').where('code_hash', '=', row.code_hash).executeTakeFirst();
    if (Number(used.numDeletedRows) !== 1) throw badRequest(kind === 'login' ? OAUTH_MESSAGES.codeExpired : OAUTH_MESSAGES.ticketExpired);
    return row;
  }
}
