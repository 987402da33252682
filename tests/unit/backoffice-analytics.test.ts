import { describe, expect, it } from 'vitest';
import {
  centsToEuros,
  fillMonths,
  formatBasisPoints,
  formatEuroAxis,
  formatEuroValue,
  formatMonth,
  formatShare,
  largestWithRest,
  lastGermanMonths,
  lastMonths,
  monthBounds,
  monthKey,
  monthlyServiceFee,
  seriesSummary,
  serviceFeeSummary,
} from '../../src/domain/backoffice-analytics';
import { DEFAULT_FEE_SCHEDULE } from '../../src/domain/order-costs';

describe('Monate der Auswertungen', () => {
  it('lists the months up to the current one, oldest first, across the turn of the year', () => {
    expect(lastMonths(new Date('2026-02-15T10:00:00Z'), 4)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(lastMonths(new Date('2026-02-15T10:00:00Z'), 24)).toHaveLength(24);
    expect(lastMonths(new Date('2026-02-15T10:00:00Z'), 24)[0]).toBe('2024-03');
  });

  it('reads months in UTC', () => {
    expect(monthKey(new Date('2026-03-31T23:30:00Z'))).toBe('2026-03');
    expect(monthKey(new Date('2026-04-01T00:00:00Z'))).toBe('2026-04');
    expect(monthBounds('2026-12')).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });

  it('ends the sales months with the German calendar month (winter and summer time)', () => {
    // 00:30 on 1 December in Germany (CET, UTC+1), 23:30 on 30 November in UTC.
    expect(lastGermanMonths(new Date('2026-11-30T23:30:00Z'), 2)).toEqual(['2026-11', '2026-12']);
    // 00:30 on 1 July in Germany (CEST, UTC+2), 22:30 on 30 June in UTC.
    expect(lastGermanMonths(new Date('2026-06-30T22:30:00Z'), 1)).toEqual(['2026-07']);
    expect(lastGermanMonths(new Date('2026-06-30T21:59:00Z'), 1)).toEqual(['2026-06']);
    // New Year's night: the year changes in Germany first.
    expect(lastGermanMonths(new Date('2026-12-31T23:15:00Z'), 1)).toEqual(['2027-01']);
  });

  it('names months in German', () => {
    expect(formatMonth('2026-03')).toBe('März 2026');
    expect(formatMonth('2026-01')).toBe('Jan. 2026');
  });

  it('fills months without data and keeps the order of the period', () => {
    const empty = (month: string) => ({ month, cases: 0 });
    expect(
      fillMonths(
        [
          { month: '2026-02', cases: 3 },
          { month: '2025-01', cases: 9 },
        ],
        ['2026-01', '2026-02'],
        empty,
      ),
    ).toEqual([
      { month: '2026-01', cases: 0 },
      { month: '2026-02', cases: 3 },
    ]);
  });
});

describe('Servicegebühr (2,25 % p. a. des Depotwerts, monatlich)', () => {
  it.each([
    // depot value, net per month (2.25 % ÷ 12), gross per month (+ 19 % VAT)
    [100_000_00, 187_50, 223_13],
    [1_234_56, 2_32, 2_76],
    [0, 0, 0],
  ])('charges %i cents a month: %i net, %i gross', (depotValue, net, gross) => {
    expect(monthlyServiceFee(depotValue, DEFAULT_FEE_SCHEDULE)).toEqual({ net, gross });
  });

  it('rounds the yearly fee once and then the twelfth half up, as the order list does', () => {
    // 10.000,00 € → 225,00 € a year → 18,75 € a month.
    expect(monthlyServiceFee(10_000_00).net).toBe(18_75);
    // 10,66 € → 0,23985 € a year → 0,24 € → 0,02 € a month.
    expect(monthlyServiceFee(10_66).net).toBe(2);
  });

  it('sums each client’s own fee per month and ranks the clients by the newest month', () => {
    const months = ['2026-01', '2026-02'];
    const summary = serviceFeeSummary(
      [
        { month: '2026-01', clientId: 1, depotValue: 100_000_00 },
        { month: '2026-02', clientId: 1, depotValue: 50_000_00 },
        { month: '2026-02', clientId: 2, depotValue: 80_000_00 },
        { month: '2026-02', clientId: 3, depotValue: 0 },
        { month: '2025-12', clientId: 4, depotValue: 999_999_00 },
      ],
      months,
    );
    expect(summary.months).toEqual([
      { month: '2026-01', depotValue: 100_000_00, feeNet: 187_50, feeGross: 223_13, clients: 1 },
      {
        month: '2026-02',
        depotValue: 130_000_00,
        feeNet: 93_75 + 150_00,
        feeGross: 111_56 + 178_50,
        clients: 2,
      },
    ]);
    expect(summary.clients).toEqual([
      {
        clientId: 2,
        depotValue: 80_000_00,
        monthlyFeeNet: 150_00,
        monthlyFeeGross: 178_50,
        feeNetTotal: 150_00,
      },
      {
        clientId: 1,
        depotValue: 50_000_00,
        monthlyFeeNet: 93_75,
        monthlyFeeGross: 111_56,
        feeNetTotal: 187_50 + 93_75,
      },
    ]);
  });

  it('uses the configured rate', () => {
    expect(
      monthlyServiceFee(120_000_00, {
        ...DEFAULT_FEE_SCHEDULE,
        managementFeeBasisPoints: 100,
        vatBasisPoints: 0,
      }),
    ).toEqual({
      net: 100_00,
      gross: 100_00,
    });
  });
});

describe('Darstellung der Auswertungen', () => {
  it('formats euros for tooltips, axes and shares in German', () => {
    expect(centsToEuros(123_456)).toBe(1234.56);
    expect(formatEuroValue(1234.56)).toBe('1.234,56 €');
    expect(formatEuroAxis(950)).toBe('950 €');
    expect(formatEuroAxis(12_000.4)).toBe('12.000 €');
    expect(formatEuroAxis(1_250_000)).toBe('1,3\u00a0Mio. €');
    expect(formatShare(1, 8)).toBe('12,5 %');
    expect(formatShare(1, 0)).toBe('–');
    expect(formatBasisPoints(225)).toBe('2,25 %');
    expect(formatBasisPoints(1900)).toBe('19 %');
  });

  it('keeps the largest slices and sums the rest', () => {
    const slices = [
      { label: 'Bordeaux', value: 50 },
      { label: 'Burgund', value: 30 },
      { label: 'Rhône', value: 5 },
      { label: 'Toskana', value: 10 },
      { label: 'Leer', value: 0 },
    ];
    expect(largestWithRest(slices, 2, 'Weitere Regionen')).toEqual([
      { label: 'Bordeaux', value: 50 },
      { label: 'Burgund', value: 30 },
      { label: 'Weitere Regionen', value: 15 },
    ]);
    expect(largestWithRest(slices, 5, 'Weitere Regionen').map((slice) => slice.label)).toEqual([
      'Bordeaux',
      'Burgund',
      'Toskana',
      'Rhône',
    ]);
  });

  it('sums a series in one sentence for the chart caption', () => {
    expect(
      seriesSummary(
        [
          { label: 'Jan. 2026', value: 100_00 },
          { label: 'Feb. 2026', value: 250_50 },
        ],
        'Umsatz',
      ),
    ).toBe('Umsatz: insgesamt 350,50 €; höchster Wert 250,50 € (Feb. 2026).');
    expect(seriesSummary([], 'Umsatz')).toBe('Keine Daten für Umsatz.');
  });
});
