import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from '../../src/domain/push';

describe('VAPID-Schlüssel', () => {
  it('decodes URL-safe base64 without padding', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect(base64UrlToBytes(Buffer.alloc(65, 4).toString('base64url'))).toHaveLength(65);
  });
});
