import { describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/domain/money';
import {
  type CostLine,
  costSummary,
  costSummaryStrings,
  DEFAULT_FEE_SCHEDULE,
  divideRoundHalfUp,
  formatInvoiceNumber,
  managementFeeYearlyCents,
  nextInvoiceNumber,
  orderAmountMessage,
  orderAmountProblem,
  parseInvoiceNumber,
} from '../../src/domain/order-costs';
import { vintageLabel } from '../../src/domain/order-list-texts';

const line = (amount: number, caskOf: number, priceBtl: string, conditionReport = false): CostLine => ({
  amount,
  caskOf,
  priceBtl,
  conditionReport,
});

describe('Kostenübersicht der Orderliste', () => {
  it.each([
    {
      name: 'one case of six bottles at 785 €',
      lines: [line(1, 6, '785.00')],
      expected: {
        vintagesSumStr: '4.710,00 €',
        logisticsSumStr: '39,00 €',
        conditionReportSumStr: '0,00 €',
        upfrontStorageSumStr: '24,00 €',
        // 4710 × 2.25 % × 1.19 = 126.11 per year, 10.51 per month
        managementFeeYearlyStr: '126,11 €',
        managementFeeMonthlyStr: '10,51 €',
        overallSumStr: '4.783,51 €',
      },
    },
    {
      name: 'two positions, one with condition reports for its three cases',
      lines: [line(3, 6, '129.90', true), line(2, 12, '45.50')],
      expected: {
        vintagesSumStr: '3.430,20 €',
        logisticsSumStr: '195,00 €',
        conditionReportSumStr: '147,00 €',
        upfrontStorageSumStr: '120,00 €',
        managementFeeYearlyStr: '91,84 €',
        managementFeeMonthlyStr: '7,65 €',
        overallSumStr: '3.899,85 €',
      },
    },
    {
      name: 'an empty order list',
      lines: [],
      expected: {
        vintagesSumStr: '0,00 €',
        logisticsSumStr: '0,00 €',
        conditionReportSumStr: '0,00 €',
        upfrontStorageSumStr: '0,00 €',
        managementFeeYearlyStr: '0,00 €',
        managementFeeMonthlyStr: '0,00 €',
        overallSumStr: '0,00 €',
      },
    },
  ])('$name', ({ lines, expected }) => {
    expect(costSummaryStrings(costSummary(lines))).toEqual(expected);
  });

  it('uses the configured per-case amounts', () => {
    const fees = { ...DEFAULT_FEE_SCHEDULE, logisticsPerCaseCents: 5000, conditionReportPerCaseCents: 1000 };
    const summary = costSummary([line(2, 6, '10.00', true)], fees);
    expect(summary.logisticsSum).toBe(10_000);
    expect(summary.conditionReportSum).toBe(2000);
  });

  it('sums many positions exactly in cents (no float drift)', () => {
    const lines = Array.from({ length: 10_000 }, () => line(1, 1, '0.10'));
    const summary = costSummary(lines);
    expect(summary.vintagesSum).toBe(100_000);
    expect(summary.cases).toBe(10_000);
    expect(summary.logisticsSum).toBe(39_000_000);
    expect(summary.overallSum).toBe(
      summary.vintagesSum +
        summary.logisticsSum +
        summary.conditionReportSum +
        summary.upfrontStorageSum +
        summary.managementFeeMonthly,
    );
    expect(formatEuro(summary.vintagesSum)).toBe('1.000,00 €');
  });

  it('rounds the fee half up exactly once', () => {
    expect(divideRoundHalfUp(5, 10)).toBe(1);
    expect(divideRoundHalfUp(4, 10)).toBe(0);
    expect(divideRoundHalfUp(15, 10)).toBe(2);
    // 100 € → 2.6775 € per year → 2.68 €; monthly 0.2233… → 0.22 €
    expect(managementFeeYearlyCents(10_000)).toBe(268);
    expect(costSummary([line(1, 1, '100.00')]).managementFeeMonthly).toBe(22);
    // 2,000,000 € portfolio: 53,550.00 € per year, 4,462.50 € per month
    expect(managementFeeYearlyCents(200_000_000)).toBe(5_355_000);
    expect(costSummary([line(1, 1, '2000000.00')]).managementFeeMonthly).toBe(446_250);
  });

  it('stays exact for portfolios beyond the float-safe range of the fee product', () => {
    // 4,306,641,400.00 €: value × 225 × 11,900 is far above 2^53 and the yearly fee is exactly
    // 115,310,323.485 € – half a cent, which must round up (a float product rounds it down).
    expect(managementFeeYearlyCents(430_664_140_000)).toBe(11_531_032_349);
    // 100 positions of 100 cases × 12 bottles × 4,999.99 €: 599,998,800.00 €
    const lines = Array.from({ length: 100 }, () => line(100, 12, '4999.99'));
    const summary = costSummary(lines);
    expect(summary.vintagesSum).toBe(59_999_880_000);
    // 59,999,880,000 ct × 0.026775 = 1,606,496,787 ct exactly; ÷ 12 = 133,874,732.25 ct
    expect(summary.managementFeeYearly).toBe(1_606_496_787);
    expect(summary.managementFeeMonthly).toBe(133_874_732);
    expect(costSummaryStrings(summary).managementFeeYearlyStr).toBe('16.064.967,87 €');
  });
});

describe('Kistenanzahl', () => {
  it.each([
    [1, undefined, null],
    [100, undefined, null],
    [0, undefined, 'too-small'],
    [101, undefined, 'too-large'],
    [2.5, undefined, 'not-whole'],
    [Number.NaN, undefined, 'not-whole'],
    [5, 4, 'not-available'],
    [4, 4, null],
  ] as const)('%s cases with %s available → %s', (amount, available, problem) => {
    expect(orderAmountProblem(amount, available)).toBe(problem);
  });

  it('explains each problem in German', () => {
    expect(orderAmountMessage('too-large')).toBe(
      'Es können höchstens 100 Kisten je Position bestellt werden.',
    );
    expect(orderAmountMessage('not-available', 3)).toBe('Es sind nur noch 3 Kisten verfügbar.');
    expect(orderAmountMessage('not-available', 0)).toBe('Dieses Angebot ist leider ausverkauft.');
  });
});

describe('Rechnungsnummern', () => {
  it('have the form year, dash, four digits', () => {
    expect(formatInvoiceNumber(2026, 13)).toBe('2026-0013');
    expect(formatInvoiceNumber(2026, 12345)).toBe('2026-12345');
    expect(parseInvoiceNumber('2026-0012')).toEqual({ year: 2026, sequence: 12 });
    expect(parseInvoiceNumber('26-12')).toBeNull();
    expect(parseInvoiceNumber('2026/0012')).toBeNull();
  });

  it('continue after the highest number of the same year', () => {
    expect(nextInvoiceNumber(2026, ['2025-0007', '2026-0012', '2026-0003'])).toBe('2026-0013');
    expect(nextInvoiceNumber(2027, ['2025-0007', '2026-0012'])).toBe('2027-0001');
    expect(nextInvoiceNumber(2026, ['kaputt'])).toBe('2026-0001');
  });
});

describe('Jahrgangsbezeichnung', () => {
  it.each([
    ['Ornellaia', 2021, 'Ornellaia 2021'],
    ['Dom Pérignon 2013', 2013, 'Dom Pérignon 2013'],
  ])('%s (%s) → %s', (title, year, label) => {
    expect(vintageLabel(title, year)).toBe(label);
  });
});
