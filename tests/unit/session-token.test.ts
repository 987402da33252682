import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signSessionToken } from '../../server/services/tokens';

describe('signSessionToken', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lives exactly its lifetime when the clock passes a second’s boundary while signing', async () => {
    // The expiry is counted from 1,000,000 s; the clock then reads the next second.
    const now = 1_000_000;
    vi.spyOn(Date, 'now').mockReturnValue((now + 1) * 1000);
    const token = await signSessionToken(
      { userId: 7, sessionId: '0b7c3d52-4a8e-4f41-9a51-2f6e1c9d8a10', tokenVersion: 1, sessionStart: now },
      'secret-of-at-least-thirty-two-characters!',
      now + 604_800,
      now,
    );
    const claims = decodeJwt(token);
    expect(claims.iat).toBe(now);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(604_800);
  });
});
