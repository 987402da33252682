import { describe, expect, it } from 'vitest';
import {
  berlinDay,
  type CashFlow,
  dayNumber,
  depotPerformance,
  netExitValue,
  type PerformancePosition,
  type PerformanceValuation,
  performanceRange,
  pointDays,
  saleProceedsNet,
  sharePercent,
  soldDay,
  taxFreeFrom,
  valuationAsOf,
  valuationSourceLabel,
  xirr,
} from '../../src/domain/depot-performance';
import { monthlyIndex } from '../../src/domain/price-index';
import { valuationAgeDays, valuationAsOfLabel } from '../../src/domain/valuation-as-of';

const WS = 'WINE_SEARCHER_EUROPE_AVERAGE_EURO';
const valuation = (vintageId: number, value: string, day: string, source = WS): PerformanceValuation => ({
  vintageId,
  sourceOfValuation: source,
  value,
  day,
  time: Date.parse(`${day}T10:00:00Z`),
});
const position = (
  fields: Partial<PerformancePosition> & Pick<PerformancePosition, 'id'>,
): PerformancePosition => ({
  vintageId: 1,
  buyPriceBtl: '100.00',
  caskOf: 6,
  amount: 1,
  factorForLiterPrices: '0.7500',
  purchaseDay: '2026-01-01',
  soldDay: null,
  ...fields,
});
const npv = (flows: CashFlow[], rate: number) => {
  const first = Math.min(...flows.map((flow) => dayNumber(flow.day)));
  return flows.reduce(
    (sum, flow) => sum + flow.amount / (1 + rate) ** ((dayNumber(flow.day) - first) / 365),
    0,
  );
};

describe('Steuerfrei ab (§ 23 EStG, Fristen nach § 188 BGB, Tage in Europe/Berlin)', () => {
  it.each([
    ['2024-03-15', '2025-03-16'],
    ['2025-12-31', '2027-01-01'],
    ['2024-02-29', '2025-03-01'],
    ['2028-02-29', '2029-03-01'],
    ['2023-02-28', '2024-02-29'],
    ['2025-02-28', '2026-03-01'],
  ])('a purchase on %s is tax-free from %s', (purchase, expected) => {
    expect(taxFreeFrom(purchase)).toBe(expected);
  });

  it('takes the purchase day in Berlin, not in UTC', () => {
    // 23:30 UTC on 28 Feb 2024 is 00:30 on 29 Feb in Berlin (CET): tax-free from 1 March 2025.
    expect(berlinDay('2024-02-28T23:30:00Z')).toBe('2024-02-29');
    expect(taxFreeFrom(berlinDay('2024-02-28T23:30:00Z'))).toBe('2025-03-01');
    // Summer time (CEST, +2 h): 22:30 UTC on 30 June is already 1 July.
    expect(berlinDay('2026-06-30T22:30:00Z')).toBe('2026-07-01');
    expect(berlinDay('2026-06-30T21:59:00Z')).toBe('2026-06-30');
  });
});

describe('Netto-Exit-Wert und Quellen', () => {
  it('deducts the 3.5 % sales commission', () => {
    expect(netExitValue(312_000)).toBe(301_080);
    expect(netExitValue(100)).toBe(97); // 96.5 cents round to 97
    expect(netExitValue(0)).toBe(0);
  });

  it('names the sources in German', () => {
    expect(valuationSourceLabel(WS)).toBe('Wine-Searcher Europa-Ø');
  });

  it('finds the newest market valuation dated on or before a Berlin day', () => {
    const rows = [
      { sourceOfValuation: WS, value: '90.00', datetimeCreated: '2026-10-05T08:00:00Z' },
      { sourceOfValuation: WS, value: '120.00', datetimeCreated: '2026-11-09T23:30:00Z' }, // 10 Nov in Berlin
      { sourceOfValuation: 'LIVEX_MID_PRICE', value: '999.00', datetimeCreated: '2026-11-01T08:00:00Z' },
    ];
    expect(valuationAsOf(rows, '2026-11-09')?.value).toBe('90.00');
    expect(valuationAsOf(rows, '2026-11-10')?.value).toBe('120.00');
    expect(valuationAsOf(rows, '2026-10-04')).toBeNull();
  });
});

describe('Annualisierte Rendite (XIRR, actual/365)', () => {
  it('is 10 % for 1,000 € grown to 1,100 € in 365 days', () => {
    expect(
      xirr([
        { day: '2025-01-01', amount: -1000 },
        { day: '2026-01-01', amount: 1100 },
      ]),
    ).toBeCloseTo(0.1, 9);
  });

  it('is 10 % for two yearly payments of 1,000 € worth 2,310 € after two years', () => {
    // 1,000 × 1.1² + 1,000 × 1.1 = 1,210 + 1,100 = 2,310
    expect(
      xirr([
        { day: '2023-01-01', amount: -1000 },
        { day: '2024-01-01', amount: -1000 }, // 2023 has 365 days
        { day: '2024-12-31', amount: 2310 }, // 2024 is a leap year: 365 days after 1 Jan 2024
      ]),
    ).toBeCloseTo(0.1, 9);
  });

  it('is −50 % for a halving in a year and null without a span or an inflow', () => {
    expect(
      xirr([
        { day: '2025-03-01', amount: -2000 },
        { day: '2026-03-01', amount: 1000 },
      ]),
    ).toBeCloseTo(-0.5, 9);
    expect(
      xirr([
        { day: '2026-03-01', amount: -2000 },
        { day: '2026-03-01', amount: 2100 },
      ]),
    ).toBeNull();
    expect(xirr([{ day: '2025-03-01', amount: -2000 }])).toBeNull();
  });
});

describe('Index der Plattform an den Punkten des Depots (monatlich aus den Bewertungen)', () => {
  const days = ['2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-10-15'];
  // Vintage 1: 100 → 110 (10 Jul) → 121 (1 Aug); vintage 2: 50 → 45 (Aug) → 54 (Sep);
  // vintage 3 is first valued on 20 Sep and joins without a jump.
  const index = [
    { vintageId: 1, day: '2026-06-10', time: 1, value: '100.00' },
    { vintageId: 2, day: '2026-06-12', time: 2, value: '50.00' },
    { vintageId: 1, day: '2026-07-10', time: 3, value: '110.00' },
    { vintageId: 1, day: '2026-08-01', time: 4, value: '121.00' },
    { vintageId: 2, day: '2026-08-05', time: 5, value: '45.00' },
    { vintageId: 2, day: '2026-09-05', time: 6, value: '54.00' },
    { vintageId: 3, day: '2026-09-20', time: 7, value: '500.00' },
    { vintageId: 3, day: '2026-10-10', time: 8, value: '550.00' },
  ];

  it('moves every month by the average price change of the vintages priced on both days', () => {
    expect(monthlyIndex(index, days)).toEqual([
      { day: '2026-07-01', value: 100, vintageCount: 2, newestPriceDay: '2026-06-12' },
      // Aug: (121/100 + 50/50) / 2 = 1.105 (a valuation dated the 1st counts that day)
      { day: '2026-08-01', value: 110.5, vintageCount: 2, newestPriceDay: '2026-08-01' },
      // Sep: (121/121 + 45/50) / 2 = 0.95 → 104.975
      { day: '2026-09-01', value: 104.98, vintageCount: 2, newestPriceDay: '2026-08-05' },
      // Oct: (121/121 + 54/45) / 2 = 1.1 → 115.4725; vintage 3 is new and does not count yet
      { day: '2026-10-01', value: 115.47, vintageCount: 2, newestPriceDay: '2026-09-20' },
      // 15 Oct: (1 + 1 + 550/500) / 3 = 1.0333… → 119.3216
      { day: '2026-10-15', value: 119.32, vintageCount: 3, newestPriceDay: '2026-10-10' },
    ]);
  });

  it('is not flat from month to month when the valuations move monthly', () => {
    const values = monthlyIndex(index, days).map((point) => point.value);
    for (let i = 1; i < values.length; i += 1) expect(values[i]).not.toBe(values[i - 1]);
  });

  it('stays at 100 without valuations, and reads the depot’s index through depotPerformance', () => {
    expect(monthlyIndex([], ['2026-07-01', '2026-08-01'])).toEqual([
      { day: '2026-07-01', value: 100, vintageCount: 0, newestPriceDay: null },
      { day: '2026-08-01', value: 100, vintageCount: 0, newestPriceDay: null },
    ]);
    const result = depotPerformance(
      [position({ id: 1, vintageId: 1, purchaseDay: '2026-06-20' })],
      [],
      // A valuation after today is not read.
      [...index, { vintageId: 1, day: '2026-10-20', time: 9, value: '999.00' }],
      '2026-10-15',
    );
    expect(result.index.map((point) => point.day)).toEqual(days);
    expect(result.index.map((point) => point.value)).toEqual([100, 110.5, 104.98, 115.47, 119.32]);
    expect(result.index.at(-1)?.newestPriceDay).toBe('2026-10-10');
  });
});

describe('Quelle und Stand einer Bewertung', () => {
  const today = '2026-11-28';
  it('names source and date, and calls a price older than 45 days old', () => {
    expect(valuationAsOfLabel('Wine-Searcher Europa-Ø', '2026-11-28', today)).toMatchObject({
      stale: false,
      text: 'Wine-Searcher Europa-Ø, Stand 28.11.2026',
    });
    // 45 days back is still current, 46 days is old.
    expect(valuationAgeDays('2026-10-14', today)).toBe(45);
    expect(valuationAsOfLabel('Wine-Searcher Europa-Ø', '2026-10-14', today)).toMatchObject({
      stale: false,
      text: 'Wine-Searcher Europa-Ø, Stand 14.10.2026',
    });
    expect(valuationAsOfLabel('Wine-Searcher Europa-Ø', '2026-10-13', today)).toMatchObject({
      stale: true,
      text: 'Wine-Searcher Europa-Ø, Stand der Bewertung: 13.10.2026 (älter als 45 Tage)',
    });
    expect(valuationAsOfLabel('Wine-Searcher Europa-Ø', '2026-07-14', today).text).toContain(
      'Stand der Bewertung: 14.07.2026',
    );
    expect(valuationAsOfLabel('Liv-ex Mid Price', null, today)).toMatchObject({
      stale: false,
      text: 'Liv-ex Mid Price: noch keine Bewertung',
    });
    // Across a change of summer time the days still count as calendar days.
    expect(valuationAgeDays('2026-03-01', '2026-04-15')).toBe(45);
  });

  it('says in parts what the text says', () => {
    const line = valuationAsOfLabel('Wine-Searcher Europa-Ø', '2026-07-14', today);
    expect(line.parts.join('')).toBe(line.text);
    expect(line.parts[1]).toBe('14.07.2026');
  });
});

describe('Punkte der Wertentwicklung', () => {
  it('are the first of each month after the first purchase and today', () => {
    expect(pointDays('2025-08-20', '2025-11-24')).toEqual([
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-11-24',
    ]);
    expect(pointDays('2025-09-01', '2025-11-01')).toEqual(['2025-09-01', '2025-10-01', '2025-11-01']);
    expect(pointDays('2025-11-24', '2025-11-24')).toEqual(['2025-11-24']);
    expect(pointDays('2025-12-05', '2026-02-03')).toEqual(['2026-01-01', '2026-02-01', '2026-02-03']);
  });
});

describe('Wertentwicklung eines Depots (von Hand nachgerechnet)', () => {
  const today = '2026-11-24';
  // A: 6 × 0,75 l at 100 €, valued 90 € (5 Oct) then 120 € (10 Nov).
  // B: 2 cases of 3 magnums at 200 €, valued 150 € per 0,75 l since July 2025 → 300 € per magnum.
  // C: 12 bottles at 50 € without any valuation (counts at its buy price).
  // D: 6 bottles of A's vintage at 80 €, sold on 10 Oct 2026.
  const positions = [
    position({ id: 1, vintageId: 1, purchaseDay: '2026-09-15' }),
    position({
      id: 2,
      vintageId: 2,
      buyPriceBtl: '200.00',
      caskOf: 3,
      amount: 2,
      factorForLiterPrices: '1.5000',
      purchaseDay: '2025-08-20',
    }),
    position({ id: 3, vintageId: 3, buyPriceBtl: '50.00', caskOf: 12, purchaseDay: '2026-10-20' }),
    position({ id: 4, vintageId: 1, buyPriceBtl: '80.00', purchaseDay: '2025-09-01', soldDay: '2026-10-10' }),
  ];
  const valuations = [
    valuation(1, '120.00', '2026-11-10'),
    valuation(1, '90.00', '2026-10-05'),
    valuation(2, '150.00', '2025-07-01'),
    valuation(1, '999.00', '2026-11-20', 'LIVEX_MID_PRICE'),
    valuation(3, '70.00', '2026-12-01'), // dated after today: not yet
  ];
  const result = depotPerformance(positions, valuations, [], today);

  it('counts only positions held today in the headline figures', () => {
    // Invested: 1,200 (B) + 600 (A) + 600 (C) = 2,400 €; market: 1,800 + 6 × 120 + 600 = 3,120 €.
    expect(result.invested).toBe(240_000);
    expect(result.marketValue).toBe(312_000);
    expect(result.netExitValue).toBe(301_080);
    expect(result.gainPercent).toBeCloseTo(30, 9);
    // Only B (bought 20 Aug 2025, tax-free from 21 Aug 2026) is past its date.
    expect(result.taxFreeValue).toBe(180_000);
    expect(result.soldCount).toBe(1);
    expect(result.positions.map((p) => [p.id, p.marketValue, p.taxFreeFrom, p.held])).toEqual([
      [1, 72_000, '2027-09-16', true],
      [2, 180_000, '2026-08-21', true],
      [3, 60_000, '2027-10-21', true],
      [4, 72_000, '2026-09-02', false],
    ]);
  });

  it('values each point with the positions held and the valuations known then', () => {
    const at = (day: string) => result.points.find((point) => point.day === day);
    expect(result.points[0]?.day).toBe('2025-09-01');
    expect(result.points.at(-1)?.day).toBe(today);
    expect(result.points).toHaveLength(16);
    // B at 300 € per magnum and D (bought that day, no valuation yet) at its buy price.
    expect(at('2025-09-01')).toEqual({ day: '2025-09-01', invested: 168_000, marketValue: 228_000 });
    // A bought, not yet valued.
    expect(at('2026-10-01')).toEqual({ day: '2026-10-01', invested: 228_000, marketValue: 288_000 });
    // D sold, A valued at 90 €, C bought.
    expect(at('2026-11-01')).toEqual({ day: '2026-11-01', invested: 240_000, marketValue: 294_000 });
    expect(at(today)).toEqual({ day: today, invested: 240_000, marketValue: 312_000 });
  });

  it("computes the annual return from the purchases of the held positions and today's value", () => {
    const flows: CashFlow[] = [
      { day: '2025-08-20', amount: -120_000 },
      { day: '2026-09-15', amount: -60_000 },
      { day: '2026-10-20', amount: -60_000 },
      { day: today, amount: 312_000 },
    ];
    const rate = (result.annualizedReturnPercent ?? 0) / 100;
    expect(Math.abs(npv(flows, rate))).toBeLessThan(0.01);
    expect(result.annualizedReturnPercent).toBeGreaterThan(30);
  });

  it('has no figures for an empty depot', () => {
    const empty = depotPerformance([], [], [], today);
    expect(empty).toMatchObject({
      invested: 0,
      marketValue: 0,
      gainPercent: null,
      annualizedReturnPercent: null,
    });
    expect(empty.points).toEqual([{ day: today, invested: 0, marketValue: 0 }]);
  });
});

describe('Verkaufte Positionen (apart, mit Erlös soweit bekannt)', () => {
  const today = '2026-11-24';
  const entry = (status: 'PURCHASED' | 'FOR_SALE' | 'SOLD', at: string) => ({
    status,
    datetimeStatusUpdate: at,
  });

  it('takes the first SOLD entry as the Berlin day of the sale, once it is not in the future', () => {
    expect(soldDay([entry('PURCHASED', '2025-01-10T10:00:00Z')], today)).toBeNull();
    // 23:30 UTC on 31 October is 1 November in Berlin (CET).
    expect(
      soldDay(
        [
          entry('PURCHASED', '2025-01-10T10:00:00Z'),
          entry('SOLD', '2026-11-05T10:00:00Z'),
          entry('SOLD', '2026-10-31T23:30:00Z'),
        ],
        today,
      ),
    ).toBe('2026-11-01');
    expect(soldDay([entry('SOLD', '2026-11-25T08:00:00Z')], today)).toBeNull();
    expect(soldDay([entry('SOLD', '2026-11-24T08:00:00Z')], today)).toBe(today);
  });

  it("reads the sell order's recorded net proceeds when the position holds all sold cases", () => {
    // 2 cases × 6 bottles × 276.75 € = 3,321.00 €; 3.5 % commission 116.24 € → 3,204.76 €.
    const order = { caskOf: 6, casesSold: 2, askPriceBtl: '276.75', proceedsNet: '3204.76' };
    expect(saleProceedsNet(2, order)).toBe(320_476);
  });

  it("applies the order's rule to a part when its cases were sold in parts", () => {
    // 1 of 3 sold cases: 6 × 100.00 € = 600.00 €, commission 21.00 € → 579.00 €.
    const order = { caskOf: 6, casesSold: 3, askPriceBtl: '100.00', proceedsNet: '1737.00' };
    expect(saleProceedsNet(1, order)).toBe(57_900);
    // 1 case of 12 × 33.33 € = 399.96 €, commission 14.00 € (13.9986) → 385.96 €.
    expect(saleProceedsNet(1, { ...order, caskOf: 12, askPriceBtl: '33.33' })).toBe(38_596);
  });

  it('knows no proceeds before the order recorded a sale', () => {
    expect(
      saleProceedsNet(1, { caskOf: 6, casesSold: 0, askPriceBtl: '100.00', proceedsNet: null }),
    ).toBeNull();
  });
});

describe('Zeitraum des Diagramms (1 J / 3 J / Max)', () => {
  const points = ['2023-01-01', '2024-01-01', '2025-01-01', '2025-11-24', '2026-01-01', '2026-11-24'].map(
    (date, i) => ({ date, invested: `${100 * (i + 1)}.00`, marketValue: `${110 * (i + 1)}.00` }),
  );
  const index = points.map((point, i) => ({ date: point.date, value: 100 + 10 * i }));

  it('keeps the points of the last year and rebases the index on the first of them', () => {
    const shown = performanceRange(points, index, '1y');
    expect(shown.map((point) => point.day)).toEqual(['2025-11-24', '2026-01-01', '2026-11-24']);
    // 130 → 100, 140 → 107.69, 150 → 115.38
    expect(shown.map((point) => point.index)).toEqual([100, 107.69, 115.38]);
    expect(shown[0]).toMatchObject({ invested: 40_000, marketValue: 44_000 });
  });

  it('keeps three years or everything', () => {
    expect(performanceRange(points, index, '3y').map((point) => point.day)[0]).toBe('2024-01-01');
    expect(performanceRange(points, index, 'max')).toHaveLength(6);
    expect(performanceRange(points, index, 'max')[0]?.index).toBe(100);
    expect(performanceRange([], [], 'max')).toEqual([]);
  });

  it('states shares in percent', () => {
    expect(sharePercent(180_000, 312_000)).toBeCloseTo(57.6923, 3);
    expect(sharePercent(0, 0)).toBeNull();
  });
});
