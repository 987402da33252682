/**
 * Zweitmarkt rules: the seller's proceeds (cases × bottles × price − 3.5 % sales
 * commission), the German price input of the sell dialog, the API's strict decimal price and the
 * division of storage ids when a position is split.
 */
import { describe, expect, it } from 'vitest';
import { marketValueBasis } from '../../src/domain/market-value';
import {
  askPriceProblem,
  divideStorageIds,
  parseDecimalPrice,
  parsePriceInput,
  priceDeviation,
  priceDeviationText,
  SALES_COMMISSION_RATE,
  sellCasesProblem,
  sellProceeds,
  sellTexts,
} from '../../src/domain/secondary-market';

describe('sellProceeds', () => {
  it('takes the spec’s 3.5 % sales commission off cases × bottles × price', () => {
    expect(SALES_COMMISSION_RATE).toBe(0.035);
    // 3 cases × 6 bottles × 120,00 € = 2.160,00 €; 3.5 % = 75,60 €.
    expect(sellProceeds(3, 6, 12_000)).toEqual({ gross: 216_000, commission: 7_560, net: 208_440 });
    // A magnum case of 3 at 511,65 €: 1.534,95 €, commission 53,72 € (53,72325 rounded).
    expect(sellProceeds(1, 3, 51_165)).toEqual({ gross: 153_495, commission: 5_372, net: 148_123 });
    // Commission below half a cent rounds to 0: 1 × 1 × 0,10 € → 0,0035 €.
    expect(sellProceeds(1, 1, 10)).toEqual({ gross: 10, commission: 0, net: 10 });
  });
});

describe('priceDeviation (the band of 70 % … 150 % of the market value)', () => {
  it.each([
    // 560,00 € against 905,00 €: 38,1 % below → "38 %".
    [56_000, 90_500, { direction: 'below', percent: 38, marketValueBtl: 90_500 }],
    // 1 € against 905 €: 99,9 % below, never rounded up to "100 %".
    [100, 90_500, { direction: 'below', percent: 99, marketValueBtl: 90_500 }],
    // Exactly 70 % and exactly 150 % lie inside the band.
    [63_350, 90_500, null],
    [135_750, 90_500, null],
    // One cent outside either edge.
    [63_349, 90_500, { direction: 'below', percent: 30, marketValueBtl: 90_500 }],
    [135_751, 90_500, { direction: 'above', percent: 50, marketValueBtl: 90_500 }],
    [152_000, 90_500, { direction: 'above', percent: 67, marketValueBtl: 90_500 }],
    // Without a market value there is no band.
    [100, null, null],
  ])('%i cents against %s → %j', (price, market, expected) => {
    expect(priceDeviation(price, market)).toEqual(expected);
  });

  it('names the distance, the market value and its basis', () => {
    const deviation = priceDeviation(56_000, 90_500);
    if (!deviation) throw new Error('expected a deviation');
    expect(priceDeviationText(deviation, 'Wine-Searcher Europa-Ø, Stand 01.11.2026')).toBe(
      '38 % unter dem aktuellen Marktwert von 905,00 € je Flasche (Wine-Searcher Europa-Ø, Stand 01.11.2026)',
    );
  });
});

describe('parsePriceInput (the dialog, German)', () => {
  it.each([
    ['95', 9_500],
    ['95,5', 9_550],
    ['1.234,50', 123_450],
    ['1234,50', 123_450],
    ['1.234', 123_400],
    [' 739,00 € ', 73_900],
    ['1234.50', 123_450],
  ])('%s → %i cents', (input, cents) => {
    expect(parsePriceInput(input)).toBe(cents);
  });

  it.each(['', 'abc', '0', '0,00', '-5', '1,234', '12,3,4', '1e30', '1.23.4,5'])('refuses %j', (input) => {
    expect(parsePriceInput(input)).toBeNull();
  });
});

describe('parseDecimalPrice (the API)', () => {
  it.each([
    ['120.00', 12_000],
    ['95', 9_500],
    ['95.5', 9_550],
    ['1000000.00', 100_000_000],
  ])('%s → %i cents', (input, cents) => {
    expect(parseDecimalPrice(input)).toBe(cents);
  });

  it.each(['12.345', '1.234,50', '-5.00', '0', '0.00', 'abc', '1e30', '', '1234567890123'])(
    'refuses %j',
    (input) => {
      expect(parseDecimalPrice(input)).toBeNull();
    },
  );
});

describe('divideStorageIds', () => {
  it('gives the first ids to the cases taken and keeps the rest', () => {
    expect(divideStorageIds('GE-1-01-01, GE-1-01-02, GE-1-01-03', 3, 2)).toEqual({
      taken: 'GE-1-01-01, GE-1-01-02',
      kept: 'GE-1-01-03',
    });
  });

  it('keeps the whole list on both parts when it does not name one id per case', () => {
    expect(divideStorageIds('GE-7', 3, 1)).toEqual({ taken: 'GE-7', kept: 'GE-7' });
    expect(divideStorageIds(null, 2, 1)).toEqual({ taken: null, kept: null });
  });
});

describe('rules of the sell dialog and the server', () => {
  it.each([
    ['249,00', null],
    ['abc', sellTexts.priceInvalid],
    ['', sellTexts.priceInvalid],
    ['0', sellTexts.priceInvalid],
    ['1.000.000,00', null],
    ['1.000.000,01', sellTexts.priceTooHigh],
  ])('asking price %j: %s', (input, problem) => {
    expect(askPriceProblem(parsePriceInput(input))).toBe(problem);
  });

  it.each([
    [1, 3, null],
    [3, 3, null],
    [0, 3, sellTexts.casesInvalid(3)],
    [4, 3, sellTexts.casesInvalid(3)],
    [1.5, 3, sellTexts.casesInvalid(3)],
  ])('%d cases of %d: %s', (cases, available, problem) => {
    expect(sellCasesProblem(cases, available)).toBe(problem);
  });
});

describe('sellTexts', () => {
  it('counts cases with the right plural', () => {
    expect(sellTexts.casesInvalid(1)).toBe('Sie können genau 1 Kiste dieser Position verkaufen.');
    expect(sellTexts.casesInvalid(4)).toBe('Bitte wählen Sie zwischen 1 und 4 Kisten.');
  });
});

describe('Basis des Marktwerts neben einem Zweitmarktpreis', () => {
  it('names source and day, and an old valuation as such', () => {
    expect(marketValueBasis('Wine-Searcher Europa-Ø', '2026-11-01', '2026-12-01')).toBe(
      'Wine-Searcher Europa-Ø, Stand 01.11.2026',
    );
    expect(marketValueBasis('Wine-Searcher Europa-Ø', '2026-07-14', '2026-12-01')).toBe(
      'Wine-Searcher Europa-Ø, Stand der Bewertung: 14.07.2026 (älter als 45 Tage)',
    );
  });
});
