import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  /** user id */
  sub: string;
  username: string;
  jti: string;
  exp: number;
}

/** HS256 tokens signed with the per-install secret; the jti lets logout revoke one token. */
export class TokenService {
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

  /** The claims of a well-formed, correctly signed, unexpired token; null for anything else. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.username !== 'string') return null;
      return { sub: payload.sub, username: payload.username, jti: payload.jti, exp: payload.exp ?? 0 };
    } catch {
      return null;
    }
  }
}
