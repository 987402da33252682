import { describe, expect, it } from 'vitest';
import { dataTimeOnScreen, offlineBannerText } from '../../src/components/offline/offline-texts';

describe('Offline-Hinweis', () => {
  it('says since when the data shown is', () => {
    expect(offlineBannerText(Date.UTC(2026, 10, 21, 8, 15))).toBe('Offline – Stand: 21.11.2026, 09:15');
  });

  it('says when nothing was stored yet', () => {
    expect(offlineBannerText(null)).toBe('Offline – keine gespeicherten Daten');
    expect(offlineBannerText(0)).toBe('Offline – keine gespeicherten Daten');
  });

  it.each([
    {
      case: 'the oldest fetch among the queries on screen',
      queries: [
        { dataUpdatedAt: 500, observed: true },
        { dataUpdatedAt: 300, observed: true },
        { dataUpdatedAt: 900, observed: false },
        { dataUpdatedAt: 100, observed: false },
      ],
      expected: 300,
    },
    {
      case: 'a query on screen without data does not count',
      queries: [
        { dataUpdatedAt: 0, observed: true },
        { dataUpdatedAt: 700, observed: true },
      ],
      expected: 700,
    },
    {
      case: 'no query on screen has data: the newest fetch of the cache',
      queries: [
        { dataUpdatedAt: 0, observed: true },
        { dataUpdatedAt: 400, observed: false },
        { dataUpdatedAt: 800, observed: false },
      ],
      expected: 800,
    },
    { case: 'nothing fetched yet', queries: [{ dataUpdatedAt: 0, observed: true }], expected: 0 },
    { case: 'an empty cache', queries: [], expected: 0 },
  ])('takes $case', ({ queries, expected }) => {
    expect(dataTimeOnScreen(queries)).toBe(expected);
  });
});
