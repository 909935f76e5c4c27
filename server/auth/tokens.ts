import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  /** user id */
  sub: string;
  username: string;
  jti: string;
  exp: number;
  /** Issued at (seconds): a password change ends sessions issued before it. */
  iat: number;
}

/** Clock skew allowed between the processes that sign and verify. */
const SKEW_S = 60;

/**
 * The sys_user columns that end a user's sessions begun before now (a password change or reset), but for
 * the session `keep` (the one that changed its own password). A token issued in this same second still
 * passes: iat has a one-second grain.
 */
export const sessionsEnd = (keep: string | null = null) => ({ session_floor: Math.floor(Date.now() / 1000), session_keep: keep });

/** How many verified tokens a process remembers (the oldest is forgotten first). */
const VERIFIED_KEPT = 10_000;

/** HS256 tokens signed with the per-install secret; the jti lets logout revoke one token. */
export class TokenService {
  /**
   * Tokens whose signature was checked, with their claims: the same string under the same secret verifies the
   * same way until it expires, and checking it again on every request (WebCrypto's HMAC, asynchronous) was the
   * largest single cost of a list request in this process's own code. Revocation is not decided here.
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly lifetimeMs: number,
  ) {}

  async sign(user: { id: string; username: string }): Promise<{ token: string; jti: string; expiresAt: Date }> {
    const jti = randomUUID();
    const expiresAt = new Date(Date.now() + this.lifetimeMs);
    const token = await new SignJWT({ username: user.username })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.secret);
    return { token, jti, expiresAt };
  }

  /**
   * The claims of a well-formed, correctly signed, unexpired token; null for anything else — a token
   * without an expiry or issue time, or one living longer than this server issues them, included.
   */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return known;
      this.verified.delete(token);
      return null;
    }
    const claims = await this.check(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async check(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.username !== 'string') return null;
      const { exp, iat } = payload;
      if (typeof exp !== 'number' || typeof iat !== 'number') return null;
      if (exp - iat > this.lifetimeMs / 1000 + SKEW_S || iat > Date.now() / 1000 + SKEW_S) return null;
      return { sub: payload.sub, username: payload.username, jti: payload.jti, exp, iat };
    } catch {
      return null;
    }
  }
}
