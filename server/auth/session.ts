import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, SysUser } from '../db/schema.ts';
import { ApiError, forbidden, unauthorized } from '../http/envelope.ts';
import { formatTimestamp } from '../lib/time.ts';
import type { GrantCache } from './grant-cache.ts';
import type { TokenService } from './tokens.ts';

export interface Session {
  user: SysUser;
  jti: string;
  /** Seconds since the epoch. */
  exp: number;
  /** When the token was issued (seconds); absent for sessions the server makes itself (demo data, timers). */
  iat?: number;
  /** The tenant named by the tenant_id header, once checked against the user's tenants (0 = none). */
  tenantId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: Session;
  }
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
  }
}

export const TOKEN_HEADER = 'x-access-token';
export const TENANT_HEADER = 'tenant_id';
export const TENANT_HEADER_VUE3 = 'x-tenant-id';
export const FROZEN_MESSAGE = '该用户已冻结';

/** The user, when their account is not frozen; every way of signing in asks this before it answers a token. */
export function demandActive(user: SysUser): SysUser {
  if (user.status !== 1) throw forbidden(FROZEN_MESSAGE);
  return user;
}
export const GUEST_USERNAME = 'guest';
export const GUEST_DISABLED_MESSAGE = '访客登录已关闭，请使用账号登录';

export const TOKEN_ENDED_MESSAGE = 'Token失效，请重新登录';

/**
 * A token that was sent but no longer stands (expired, revoked, signed wrongly, its user gone, its sessions
 * ended by a password change): HTTP 500 with the token-expired message, as JeecgBoot answers it, which is
 * what makes the clients show 登录已过期 (spec section 8). No token at all is a plain 401.
 */
export const sessionEnded = () => new ApiError(500, TOKEN_ENDED_MESSAGE);

/** Reads and checks the token of a request; every non-public API route goes through this. */
export class SessionResolver {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tokens: TokenService,
    /** Revocations, user rows and tenant memberships, kept until they change (grant-cache.ts). */
    private readonly grants: GrantCache,
    /** ALLOW_GUEST: when off, guest tokens issued before the switch stop working too (they live 7 days). */
    private readonly allowGuest = true,
  ) {}

  /**
   * The token, from the X-Access-Token header only: a token in a URL ends up in logs, histories and
   * Referer headers. (The WebSocket handshake carries it as its protocol; socket.ts moves it here.)
   */
  tokenOf(request: FastifyRequest): string | undefined {
    const header = request.headers[TOKEN_HEADER];
    const value = Array.isArray(header) ? header[0] : header;
    return value || undefined;
  }

  async resolve(request: FastifyRequest): Promise<Session> {
    const token = this.tokenOf(request);
    if (!token) throw unauthorized('Token失效，请重新登录');
    const claims = await this.tokens.verify(token);
    if (!claims) throw sessionEnded();
    const revoked = await this.grants.memo(
      `revoked:${claims.jti}`,
      async () => !!(await this.db.selectFrom('sys_token_revoked').select('jti').where('jti', '=', claims.jti).executeTakeFirst()),
    );
    if (revoked) throw sessionEnded();
    const row = await this.grants.memo(`user:${claims.sub}`, () =>
      this.db.selectFrom('sys_user').selectAll().where('id', '=', claims.sub).where('del_flag', '=', 0).executeTakeFirst(),
    );
    if (!row) throw sessionEnded();
    // A password change or reset ends the user's sessions begun before it (the one that changed it excepted).
    if (claims.iat < Number(row.session_floor ?? 0) && claims.jti !== row.session_keep) throw sessionEnded();
    // A copy: the cached row is shared by every request of the user.
    const user = { ...row };
    if (user.status !== 1) throw unauthorized(FROZEN_MESSAGE);
    if (!this.allowGuest && user.username === GUEST_USERNAME) throw unauthorized(GUEST_DISABLED_MESSAGE);
    const tenantId = await this.checkTenant(request, user.id, user.tenant_id);
    return { user, jti: claims.jti, exp: claims.exp, iat: claims.iat, tenantId };
  }

  /**
   * The tenant a request works in: the checked header, or without one the user's own tenant (when they
   * still belong to it). Never 0 for a member of a tenant: rows written under 0 belong to no tenant and
   * every tenant would see them.
   */
  private async checkTenant(request: FastifyRequest, userId: string, home: number): Promise<number> {
    // tenant_id as the spec names it, X-Tenant-Id as JeecgBoot's vue3 client sends it.
    const raw = request.headers[TENANT_HEADER] ?? request.headers[TENANT_HEADER_VUE3];
    const text = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    const tenants = () =>
      this.grants.memo(`member:${userId}`, async () =>
        (await this.db.selectFrom('sys_user_tenant').select('tenant_id').where('user_id', '=', userId).execute()).map((t) => t.tenant_id),
      );
    if (!text || text === '0' || text === 'null' || text === 'undefined') {
      const mine = await tenants();
      return mine.includes(home) ? home : (mine[0] ?? 0);
    }
    if (!/^\d{1,9}$/.test(text)) throw new ApiError(400, '租户ID格式不正确');
    const tenantId = Number(text);
    if (!(await tenants()).includes(tenantId)) throw forbidden('无权访问该租户');
    return tenantId;
  }

  async revoke(session: Session): Promise<void> {
    await this.db
      .insertInto('sys_token_revoked')
      .values({ jti: session.jti, expires_at: formatTimestamp(new Date(session.exp * 1000)) })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
  }

  /** Revocations outlive their tokens only until the token would have expired anyway. */
  async pruneRevocations(): Promise<void> {
    await this.db.deleteFrom('sys_token_revoked').where('expires_at', '<', formatTimestamp()).execute();
  }
}

/** The session of an authenticated route (the onRequest hook has set it). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}
