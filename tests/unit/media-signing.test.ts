import { describe, expect, it } from 'vitest';
import { signedUrlExpiry, signMediaUrl, verifyMediaSignature } from '../../server/services/media-signing';

const SECRET = 'geheimnis-der-videoadressen';
const FILE = '/media/videos/bordeaux.webm';

const parts = (url: string) => {
  const query = new URLSearchParams(url.split('?')[1]);
  return { exp: query.get('exp') ?? '', sig: query.get('sig') ?? '' };
};

describe('signierte Videoadressen', () => {
  it('rounds the expiry up to a whole hour, 1 to 2 hours ahead, stable within the hour', () => {
    const start = new Date('2026-03-01T10:00:00Z');
    const late = new Date('2026-03-01T10:59:59Z');
    expect(signedUrlExpiry(start)).toBe(Date.parse('2026-03-01T12:00:00Z') / 1000);
    expect(signedUrlExpiry(late)).toBe(signedUrlExpiry(start));
    expect(signMediaUrl(FILE, SECRET, late)).toBe(signMediaUrl(FILE, SECRET, start));
    expect(signedUrlExpiry(new Date('2026-03-01T11:00:00Z'))).toBe(Date.parse('2026-03-01T13:00:00Z') / 1000);
  });

  it('accepts its own signature until the expiry and refuses it from then on', () => {
    const signedAt = new Date('2026-03-01T10:30:00Z');
    const { exp, sig } = parts(signMediaUrl(FILE, SECRET, signedAt));
    expect(verifyMediaSignature(FILE, exp, sig, SECRET, signedAt)).toEqual({
      ok: true,
      expires: Number(exp),
    });
    const justBefore = new Date(Number(exp) * 1000 - 1);
    expect(verifyMediaSignature(FILE, exp, sig, SECRET, justBefore).ok).toBe(true);
    expect(verifyMediaSignature(FILE, exp, sig, SECRET, new Date(Number(exp) * 1000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses missing, malformed, tampered and foreign signatures', () => {
    const now = new Date('2026-03-01T10:30:00Z');
    const { exp, sig } = parts(signMediaUrl(FILE, SECRET, now));
    const refused = (path: string, e: unknown, s: unknown, secret = SECRET) =>
      verifyMediaSignature(path, e, s, secret, now);
    expect(refused(FILE, undefined, undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(refused(FILE, [exp, exp], sig)).toEqual({ ok: false, reason: 'missing' });
    expect(refused(FILE, '1e12', sig)).toEqual({ ok: false, reason: 'invalid' });
    expect(refused(FILE, exp, `${sig}=`)).toEqual({ ok: false, reason: 'invalid' });
    expect(refused(FILE, String(Number(exp) + 3600), sig)).toEqual({ ok: false, reason: 'invalid' });
    expect(refused('/media/videos/margaux.webm', exp, sig)).toEqual({ ok: false, reason: 'invalid' });
    expect(refused(FILE, exp, sig, 'anderes-geheimnis')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('signs only video files and leaves other addresses as they are', () => {
    const now = new Date('2026-03-01T10:30:00Z');
    expect(signMediaUrl('/media/wineries/lafite.jpg', SECRET, now)).toBe('/media/wineries/lafite.jpg');
    expect(signMediaUrl('https://videos.example/a.mp4', SECRET, now)).toBe('https://videos.example/a.mp4');
    expect(signMediaUrl(FILE, SECRET, now)).toMatch(
      /^\/media\/videos\/bordeaux\.webm\?exp=\d+&sig=[\w-]{43}$/,
    );
  });
});
