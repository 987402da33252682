import { describe, expect, it } from 'vitest';
import {
  appellationRankingLabel,
  maturityCountdown,
  priceHistoryPoints,
  scoreColor,
  scoreScaleShare,
  subindexLabel,
} from '../../src/domain/vintage-detail';

describe('appellation ranking (shown only at a top percentage of 25 or lower)', () => {
  it.each([
    [1, 'Top 5 Prozent'],
    [5, 'Top 5 Prozent'],
    [5.1, 'Top 10 Prozent'],
    [10, 'Top 10 Prozent'],
    [10.5, 'Top 25 Prozent'],
    [25, 'Top 25 Prozent'],
    [25.01, null],
    [60, null],
    [null, null],
    [undefined, null],
  ])('top %s %% → %s', (top, label) => {
    expect(appellationRankingLabel(top)).toBe(label);
  });
});

describe('critic score colour scale: grey at 95 and below, green at 100', () => {
  it.each([
    [88, 0],
    [95, 0],
    [97.5, 0.5],
    [100, 1],
    [101, 1],
  ])('%s points → share %s', (score, share) => {
    expect(scoreScaleShare(score)).toBe(share);
  });
  it.each([
    [90, 'rgb(173, 181, 189)'],
    [95, 'rgb(173, 181, 189)'],
    [100, 'rgb(47, 158, 68)'],
  ])('%s points → %s', (score, color) => {
    expect(scoreColor(score)).toBe(color);
  });
  it('gets greener with every point between 95 and 100', () => {
    const greenness = [96, 97, 98, 99].map((score) => Number(scoreColor(score).split(', ')[0]?.slice(4)));
    expect(greenness).toEqual([...greenness].sort((a, b) => b - a));
  });
});

describe('drinking-maturity countdown (hidden when the maturity year is past)', () => {
  const now = new Date(2026, 10, 21, 12, 0, 0);
  it.each([
    [2025, null],
    [null, null],
    [undefined, null],
    [2026, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [2027, { days: 40, hours: 12, minutes: 0, seconds: 0 }],
  ])('maturity %s → %o', (year, countdown) => {
    expect(maturityCountdown(year, now)).toEqual(countdown);
  });
});

describe('price-history chart points', () => {
  const history = [
    { year: 2022, annualAvgEurAdj: '900.00' },
    { year: 2020, annualAvgEurAdj: '800.50' },
  ];
  it('sorts the years and appends the current price labelled with the current year', () => {
    expect(priceHistoryPoints(history, '1000.00', 2026)).toEqual([
      { year: '2020', price: 800.5 },
      { year: '2022', price: 900 },
      { year: '2026', price: 1000 },
    ]);
  });
  it.each([
    ['no history and no price', [], null],
    ['no history, only the current price', [], '950.00'],
    ['one year without current price', [{ year: 2020, annualAvgEurAdj: '800' }], null],
  ])('is not shown with %s (one point or none)', (_case, entries, price) => {
    expect(priceHistoryPoints(entries, price, 2026)).toBeNull();
  });
  it.each([
    ['zero', '0'],
    ['an empty text', ''],
    ['a blank text', '  '],
    ['a negative price', '-5'],
    ['no number', 'abc'],
    ['null', null],
  ])('keeps the history entry of the current year when the current price is %s', (_case, price) => {
    expect(
      priceHistoryPoints(
        [
          { year: 2025, annualAvgEurAdj: '700' },
          { year: 2026, annualAvgEurAdj: '720' },
        ],
        price,
        2026,
      ),
    ).toEqual([
      { year: '2025', price: 700 },
      { year: '2026', price: 720 },
    ]);
  });
  it('replaces a history entry of the current year by the current price', () => {
    expect(
      priceHistoryPoints(
        [
          { year: 2025, annualAvgEurAdj: '700' },
          { year: 2026, annualAvgEurAdj: '720' },
        ],
        '750',
        2026,
      ),
    ).toEqual([
      { year: '2025', price: 700 },
      { year: '2026', price: 750 },
    ]);
  });
});

describe('index sub-index label', () => {
  it.each([
    ['Bordeaux 500', 'Bordeaux 500'],
    [null, 'Keine Unterindexierung'],
    ['', 'Keine Unterindexierung'],
  ])('%s → %s', (subindex, label) => {
    expect(subindexLabel(subindex)).toBe(label);
  });
});
