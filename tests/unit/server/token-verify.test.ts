import { afterEach, expect, it, vi } from 'vitest';
import { TokenService } from '../../../server/auth/tokens.ts';

/* A verified token is remembered (server/auth/tokens.ts) — but never past its expiry, and never for another secret. */

const secret = new TextEncoder().encode('a-test-secret-of-enough-length-0123456789');
afterEach(() => vi.useRealTimers());

it('accepts a remembered token only until it expires', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-02T08:00:00Z'));
  const service = new TokenService(secret, 60_000);
  const { token } = await service.sign({ id: 'u1', username: 'admin' });
  expect(await service.verify(token)).toMatchObject({ sub: 'u1', username: 'admin' });
  vi.setSystemTime(new Date('2026-12-02T08:00:59Z'));
  expect(await service.verify(token)).toMatchObject({ sub: 'u1' });
  vi.setSystemTime(new Date('2026-12-02T08:01:01Z'));
  expect(await service.verify(token)).toBeNull();
  expect(await service.verify(token)).toBeNull();
});

it('does not let one secret’s remembered tokens pass under another', async () => {
  const signer = new TokenService(secret, 60_000);
  const { token } = await signer.sign({ id: 'u1', username: 'admin' });
  expect(await signer.verify(token)).not.toBeNull();
  const other = new TokenService(new TextEncoder().encode('another-secret-of-enough-length-987654321'), 60_000);
  expect(await other.verify(token)).toBeNull();
  // Nor a token changed after signing, even one a character away from a remembered one.
  const [header, payload, signature] = token.split('.');
  expect(await signer.verify(`${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`)).toBeNull();
});
