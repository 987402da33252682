import { describe, expect, it } from 'vitest';
import { isPublished, newestFirst, premiereLabel, videoSuggestions } from '../../src/domain/academy';

describe('premiere rule: published once the publish time is not after now', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  it.each([
    ['2026-11-21T09:59:59Z', true],
    ['2026-11-21T10:00:00Z', true],
    ['2026-11-21T10:00:01Z', false],
    ['2027-01-01T00:00:00Z', false],
  ])('%s → published %s', (time, published) => {
    expect(isPublished(time, now)).toBe(published);
  });
});

describe('academy lists', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  const videos = [
    { slug: 'alt', datetimePublished: '2026-01-01T10:00:00Z' },
    { slug: 'premiere', datetimePublished: '2026-12-24T18:00:00Z' },
    { slug: 'neu', datetimePublished: '2026-11-01T10:00:00Z' },
    { slug: 'aktuell', datetimePublished: '2026-10-01T10:00:00Z' },
  ];
  it('sorts newest first', () => {
    expect(newestFirst(videos).map((video) => video.slug)).toEqual(['premiere', 'neu', 'aktuell', 'alt']);
  });
  it('suggests other published videos only', () => {
    expect(videoSuggestions(videos, 'aktuell', now).map((video) => video.slug)).toEqual(['neu', 'alt']);
  });
  it('labels a premiere with German date and time (German time, whatever the device says)', () => {
    expect(premiereLabel(new Date('2026-12-24T17:00:00Z'))).toBe('24.12.2026, 18:00 Uhr');
  });
});
