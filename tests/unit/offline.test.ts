import { describe, expect, it } from 'vitest';
import { newestDataTime, offlineBannerText } from '../../src/domain/offline';

describe('Offline-Hinweis', () => {
  it('says since when the data shown is', () => {
    expect(offlineBannerText(Date.UTC(2026, 10, 21, 8, 15))).toBe('Offline – Stand: 21.11.2026, 09:15');
  });

  it('says when nothing was stored yet', () => {
    expect(offlineBannerText(null)).toBe('Offline – keine gespeicherten Daten');
    expect(offlineBannerText(0)).toBe('Offline – keine gespeicherten Daten');
  });

  it('takes the newest fetch of all queries', () => {
    expect(newestDataTime([{ state: { dataUpdatedAt: 5 } }, { state: { dataUpdatedAt: 9 } }])).toBe(9);
    expect(newestDataTime([])).toBe(0);
  });
});
