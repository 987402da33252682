import { describe, expect, it } from 'vitest';
import {
  depotTotals,
  formatGainPercent,
  gainPercent,
  marketValuePerBottle,
  newestMarketValuation,
  valueDepotPosition,
} from '../../src/domain/depot-valuation';
import { formatEuro } from '../../src/domain/money';

const ws = (value: string, at: string) => ({
  sourceOfValuation: 'WINE_SEARCHER_EUROPE_AVERAGE_EURO',
  value,
  datetimeCreated: at,
});

describe('Depot-Bewertung (Marktwert = neueste Wine-Searcher-Europa-Bewertung ÷ 0,75 × Literfaktor)', () => {
  it.each([
    ['750.00', '0.7500', '750,00 €'],
    ['750.00', '1.5000', '1.500,00 €'],
    ['750.00', '0.3750', '375,00 €'],
    ['100.00', '3.0000', '400,00 €'],
    ['99.99', '0.7500', '99,99 €'],
  ])('a valuation of %s for 0.75 l with liter factor %s is %s per bottle', (value, factor, expected) => {
    expect(formatEuro(marketValuePerBottle(value, factor))).toBe(expected);
  });

  it('takes the newest valuation of the Wine-Searcher Europe source only', () => {
    const newest = newestMarketValuation([
      ws('100.00', '2025-01-01T00:00:00Z'),
      ws('120.00', '2026-01-01T00:00:00Z'),
      { sourceOfValuation: 'LIVEX_MID_PRICE', value: '999.00', datetimeCreated: '2026-06-01T00:00:00Z' },
      ws('110.00', '2025-06-01T00:00:00Z'),
    ]);
    expect(newest?.value).toBe('120.00');
    expect(
      newestMarketValuation([{ sourceOfValuation: 'MANUAL', value: '1.00', datetimeCreated: '2026-01-01' }]),
    ).toBeNull();
  });

  it('values a position: case value × caskOf, gain against the buy price, advice Hold', () => {
    const valuation = valueDepotPosition({
      buyPriceBtl: '200.00',
      caskOf: 6,
      amount: 2,
      factorForLiterPrices: '0.7500',
      valuations: [ws('250.00', '2026-01-01T00:00:00Z')],
    });
    expect(valuation).toEqual({
      buyPriceBtl: 20_000,
      buyPriceCase: 120_000,
      bottles: 12,
      invested: 240_000,
      marketValueBtl: 25_000,
      marketValueCase: 150_000,
      marketValueTotal: 300_000,
      gainPercent: 25,
      advice: 'Hold',
    });
  });

  it('has no market value, case value or gain without a Wine-Searcher valuation', () => {
    const valuation = valueDepotPosition({
      buyPriceBtl: '80.00',
      caskOf: 3,
      amount: 1,
      factorForLiterPrices: '1.5000',
      valuations: [],
    });
    expect(valuation.marketValueBtl).toBeNull();
    expect(valuation.marketValueCase).toBeNull();
    expect(valuation.gainPercent).toBeNull();
    expect(valuation.advice).toBe('Hold');
  });

  it.each([
    [10_000, 12_500, 25],
    [10_000, 7_500, -25],
    [10_000, 10_000, 0],
    [0, 5_000, null],
  ])('gain from %i to %i cents is %s percent', (cost, value, expected) => {
    expect(gainPercent(cost, value)).toBe(expected);
  });

  it('sums the depot; positions without valuation count at their buy price', () => {
    const valued = valueDepotPosition({
      buyPriceBtl: '100.00',
      caskOf: 6,
      amount: 1,
      factorForLiterPrices: '0.75',
      valuations: [ws('150.00', '2026-01-01')],
    });
    const unvalued = valueDepotPosition({
      buyPriceBtl: '50.00',
      caskOf: 12,
      amount: 1,
      factorForLiterPrices: '0.75',
      valuations: [],
    });
    expect(depotTotals([valued, unvalued])).toEqual({
      invested: 120_000,
      marketValue: 150_000,
      gainPercent: 25,
    });
  });

  it.each([
    [12.345, '+12,3 %'],
    [-3, '−3,0 %'],
    [0, '±0,0 %'],
  ])('formats a gain of %s as %s', (percent, text) => {
    expect(formatGainPercent(percent)).toBe(text);
  });
});
