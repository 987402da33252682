import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLE_SORT, sortDepotTable } from '../../src/features/depot/model/depot-columns';
import {
  DEPOT_EXCEL_COLUMNS,
  DEPOT_EXCEL_SHEET,
  depotExcelFileName,
  depotExcelRow,
  PERFORMANCE_EXCEL_COLUMNS,
  performanceExcelRows,
  summaryExcelRows,
  VALUATION_EXCEL_COLUMNS,
  valuationExcelRow,
} from '../../src/features/depot/model/depot-excel';
import {
  DEFAULT_CARD_SORT,
  type DepotPositionInput,
  depotMarketValueBasis,
  depotPositionCountLabel,
  heldRows,
  heldTotals,
  soldRows,
  sortDepotCards,
  toDepotRow,
  toDepotRows,
} from '../../src/features/depot/model/depot-rows';
import { nextSort } from '../../src/features/depot/model/depot-sorting';
import {
  addCalendarMonths,
  dailyPurchases,
  depotTimeSeries,
  MIN_PROJECTION,
  projectedIncrement,
  timeSeriesGrid,
} from '../../src/features/depot/model/depot-time-series';
import { depotWorkbook } from '../../src/features/depot/ui/excel-export';
import { depotPosition } from './support/depot-position';

const now = new Date('2026-06-15T12:00:00Z');

function position(
  id: number,
  overrides: {
    wine?: string;
    winery?: string;
    region?: string;
    year?: number;
    purchased?: string | null;
    price?: string;
  } = {},
): DepotPositionInput {
  const purchased = overrides.purchased === undefined ? '2025-01-01T10:00:00Z' : overrides.purchased;
  return depotPosition({
    id,
    buyPriceBtl: overrides.price ?? '100.00',
    depotPositionStatusRel: purchased ? [{ status: 'PURCHASED', datetimeStatusUpdate: purchased }] : [],
    vintage: {
      title: `${overrides.wine ?? 'Wein'} ${overrides.year ?? 2016}`,
      year: overrides.year ?? 2016,
      wine: {
        title: overrides.wine ?? 'Wein',
        winery: { title: overrides.winery ?? 'Weingut', region: { title: overrides.region ?? 'Bordeaux' } },
      },
    },
  });
}

describe('Sortierung (gleicher Schlüssel kehrt um, neuer Schlüssel beginnt aufsteigend)', () => {
  it.each([
    [{ key: 'date', direction: 'desc' }, 'date', { key: 'date', direction: 'asc' }],
    [{ key: 'date', direction: 'asc' }, 'date', { key: 'date', direction: 'desc' }],
    [{ key: 'date', direction: 'desc' }, 'year', { key: 'year', direction: 'asc' }],
    [{ key: 'year', direction: 'asc' }, 'name', { key: 'name', direction: 'asc' }],
  ] as const)('from %o clicking %s gives %o', (current, key, next) => {
    expect(nextSort(current, key)).toEqual(next);
  });

  const rows = [
    position(1, { wine: 'Sassicaia', year: 2018, purchased: '2024-05-01T00:00:00Z' }),
    position(2, { wine: 'Château Margaux', year: 2015, purchased: '2025-02-01T00:00:00Z' }),
    position(3, { wine: 'Opus One', year: 2019, purchased: null }),
    position(4, { wine: 'Ästhetik', year: 2010, purchased: '2023-01-01T00:00:00Z' }),
  ].map((input) => toDepotRow(input, now));
  const ids = (sorted: { id: number }[]) => sorted.map((row) => row.id);

  it('sorts cards by purchase date (missing dates last), year and name A–Z', () => {
    expect(DEFAULT_CARD_SORT).toEqual({ key: 'date', direction: 'desc' });
    expect(ids(sortDepotCards(rows, { key: 'date', direction: 'desc' }))).toEqual([2, 1, 4, 3]);
    expect(ids(sortDepotCards(rows, { key: 'date', direction: 'asc' }))).toEqual([4, 1, 2, 3]);
    expect(ids(sortDepotCards(rows, { key: 'year', direction: 'asc' }))).toEqual([4, 2, 1, 3]);
    expect(ids(sortDepotCards(rows, { key: 'name', direction: 'asc' }))).toEqual([4, 2, 3, 1]);
    expect(ids(sortDepotCards(rows, { key: 'name', direction: 'desc' }))).toEqual([1, 3, 2, 4]);
  });

  it('builds a whole depot like each position alone, positions of one vintage sharing its newest valuation', () => {
    const vintage = position(7, { wine: 'Ornellaia' }).vintage;
    vintage.valuationRel = [
      {
        sourceOfValuation: 'WINE_SEARCHER_EUROPE_AVERAGE_EURO',
        value: '150.00',
        datetimeCreated: '2026-05-01T10:00:00Z',
      },
      {
        sourceOfValuation: 'WINE_SEARCHER_EUROPE_AVERAGE_EURO',
        value: '180.00',
        datetimeCreated: '2026-06-01T10:00:00Z',
      },
      { sourceOfValuation: 'LIVEX_MID_PRICE', value: '999.00', datetimeCreated: '2026-06-10T10:00:00Z' },
    ];
    const magnum = {
      ...position(8),
      vintage,
      bottleSize: { id: 2, title: '1,5l', factorForLiterPrices: '1.5000' },
    };
    const inputs = [{ ...position(7), vintage }, magnum, position(9, { purchased: null })];
    const rows = toDepotRows(inputs, now);
    expect(rows).toEqual(inputs.map((input) => toDepotRow(input, now)));
    expect(rows.map((row) => row.valuation.marketValueBtl)).toEqual([18_000, 36_000, null]);
  });

  it('starts the table with the date descending and sorts every column', () => {
    expect(DEFAULT_TABLE_SORT).toEqual({ key: 'date', direction: 'desc' });
    const priced = [
      position(1, { price: '300.00', winery: 'Tenuta San Guido', region: 'Toskana' }),
      position(2, { price: '50.00', winery: 'Antinori', region: 'Toskana' }),
      position(3, { price: '120.00', winery: 'Opus One Winery', region: 'Napa Valley' }),
    ].map((input) => toDepotRow(input, now));
    expect(ids(sortDepotTable(priced, { key: 'priceBtl', direction: 'asc' }))).toEqual([2, 3, 1]);
    expect(ids(sortDepotTable(priced, { key: 'priceTotal', direction: 'desc' }))).toEqual([1, 3, 2]);
    expect(ids(sortDepotTable(priced, { key: 'winery', direction: 'asc' }))).toEqual([2, 3, 1]);
    expect(ids(sortDepotTable(priced, { key: 'region', direction: 'asc' }))).toEqual([3, 1, 2]);
  });

  it('sorts the other table columns both ways, dates missing last', () => {
    const inputs = [
      position(1, { wine: 'Sassicaia', year: 2018, purchased: '2024-05-01T00:00:00Z' }),
      position(2, { wine: 'Château Margaux', year: 2015, purchased: '2025-02-01T00:00:00Z' }),
      position(3, { wine: 'Opus One', year: 2019, purchased: null }),
    ];
    inputs[0]!.amount = 3;
    inputs[1]!.caskOf = 12;
    inputs[1]!.bottleSize = { id: 2, title: '0,375l', factorForLiterPrices: '0.3750' };
    const table = inputs.map((input) => toDepotRow(input, now));
    const both = (key: Parameters<typeof sortDepotTable>[1]['key']) => [
      ids(sortDepotTable(table, { key, direction: 'asc' })),
      ids(sortDepotTable(table, { key, direction: 'desc' })),
    ];
    expect(both('year')).toEqual([
      [2, 1, 3],
      [3, 1, 2],
    ]);
    expect(both('wine')).toEqual([
      [2, 3, 1],
      [1, 3, 2],
    ]);
    // Bottles: 18, 12, 6.
    expect(both('bottles')).toEqual([
      [3, 2, 1],
      [1, 2, 3],
    ]);
    // As the cells read: "1 Kiste à 6 × 0,75l", "1 Kiste à 12 × 0,375l", "3 Kisten à 6 × 0,75l" (numeric collation).
    expect(both('packaging')).toEqual([
      [3, 2, 1],
      [1, 2, 3],
    ]);
    expect(both('date')).toEqual([
      [1, 2, 3],
      [2, 1, 3],
    ]);
  });
});

describe('Zeitreihe (kumuliert)', () => {
  const purchase = (date: string | null, euro: number) => ({
    date: date ? new Date(date) : null,
    amount: euro * 100,
  });

  it('sums purchases per day in date order', () => {
    expect(
      dailyPurchases([
        purchase('2025-03-01T09:00:00Z', 100),
        purchase('2025-01-01T09:00:00Z', 50),
        purchase('2025-03-01T18:00:00Z', 25),
        purchase(null, 999),
      ]),
    ).toEqual([
      { time: Date.UTC(2025, 0, 1), amount: 5_000 },
      { time: Date.UTC(2025, 2, 1), amount: 12_500 },
    ]);
  });

  it.each([
    [[1_000_000, 400_000, 600_000], 500_000],
    [[1_000_000, 100_000, 200_000], MIN_PROJECTION],
    [[900_000, 900_000, 300_000], 600_000],
    [[800_000], MIN_PROJECTION],
  ])('projects the larger of 2500 € and the mean without the largest day: %o → %i', (days, increment) => {
    expect(projectedIncrement(days)).toBe(increment);
  });

  it('needs at least 2 dated purchases', () => {
    expect(depotTimeSeries([purchase('2025-01-01T00:00:00Z', 100)], now)).toBeNull();
    expect(depotTimeSeries([purchase('2025-01-01T00:00:00Z', 100), purchase(null, 100)], now)).toBeNull();
  });

  it('adds the projected point to today on top of the cumulative line', () => {
    const series = depotTimeSeries(
      [
        purchase('2026-01-10T00:00:00Z', 10_000),
        purchase('2026-03-05T00:00:00Z', 4_000),
        purchase('2026-04-01T00:00:00Z', 6_000),
      ],
      now,
    );
    expect(series?.points).toEqual([
      { time: Date.UTC(2026, 0, 10), cumulative: 1_000_000, projected: false },
      { time: Date.UTC(2026, 2, 5), cumulative: 1_400_000, projected: false },
      { time: Date.UTC(2026, 3, 1), cumulative: 2_000_000, projected: false },
      { time: Date.UTC(2026, 5, 15), cumulative: 2_500_000, projected: true },
    ]);
    expect(series?.gridUnit).toBe('month');
  });

  it('uses a monthly grid up to 12 months, otherwise quarterly', () => {
    expect(timeSeriesGrid(Date.UTC(2025, 6, 10), Date.UTC(2026, 5, 15))).toEqual({
      gridUnit: 'month',
      grid: [7, 8, 9, 10, 11]
        .map((month) => Date.UTC(2025, month, 1))
        .concat([0, 1, 2, 3, 4, 5].map((month) => Date.UTC(2026, month, 1))),
    });
    expect(timeSeriesGrid(Date.UTC(2025, 0, 1), Date.UTC(2026, 5, 15))).toEqual({
      gridUnit: 'quarter',
      grid: [0, 3, 6, 9]
        .map((month) => Date.UTC(2025, month, 1))
        .concat([0, 3].map((m) => Date.UTC(2026, m, 1))),
    });
    expect(timeSeriesGrid(Date.UTC(2025, 1, 10), Date.UTC(2026, 5, 15)).grid[0]).toBe(Date.UTC(2025, 3, 1));
  });

  it.each([
    ['2025-06-01', '2026-06-01', 'month'],
    ['2025-06-01', '2026-06-02', 'quarter'],
    ['2025-06-01', '2026-06-30', 'quarter'],
    ['2025-06-30', '2026-06-30', 'month'],
    ['2025-06-30', '2026-07-01', 'quarter'],
    ['2025-01-31', '2026-01-31', 'month'],
    ['2025-12-31', '2026-12-31', 'month'],
    ['2025-12-31', '2027-01-01', 'quarter'],
    ['2024-02-29', '2025-02-28', 'month'],
    ['2024-02-29', '2025-03-01', 'quarter'],
    ['2026-03-10', '2026-03-11', 'month'],
  ])('from %s to %s: %s grid (at most 12 calendar months is monthly)', (from, to, unit) => {
    expect(timeSeriesGrid(Date.parse(from), Date.parse(to)).gridUnit).toBe(unit);
  });

  it('adds calendar months, ending on the last day of a shorter month', () => {
    expect(addCalendarMonths(Date.UTC(2025, 0, 31), 1)).toBe(Date.UTC(2025, 1, 28));
    expect(addCalendarMonths(Date.UTC(2024, 0, 31), 1)).toBe(Date.UTC(2024, 1, 29));
    expect(addCalendarMonths(Date.UTC(2025, 5, 30), 12)).toBe(Date.UTC(2026, 5, 30));
    expect(addCalendarMonths(Date.UTC(2025, 11, 15), 3)).toBe(Date.UTC(2026, 2, 15));
  });
});

describe('Excel-Export', () => {
  it('has the nine columns of the spec in order on the sheet "Depot"', () => {
    expect(DEPOT_EXCEL_SHEET).toBe('Depot');
    expect(DEPOT_EXCEL_COLUMNS.map((column) => column.header)).toEqual([
      'Jahrgang',
      'Gebinde',
      'Wein',
      'Weingut',
      'Region',
      'Flaschen',
      'Datum',
      'Preis/Flasche',
      'Preis gesamt',
    ]);
  });

  it('maps a position to numbers and a date, cutting names at 60 characters', () => {
    const longWine = `Domaine de la Romanée-Conti ${'Grand Cru '.repeat(6)}`;
    const input = position(7, { wine: longWine, winery: 'W'.repeat(70), year: 2017, price: '1234.56' });
    input.amount = 2;
    input.caskOf = 3;
    const row = depotExcelRow(toDepotRow(input, now));
    expect(row).toEqual({
      year: 2017,
      packaging: '2 Kisten à 3\u00a0×\u00a00,75l',
      wine: longWine.slice(0, 60),
      winery: 'W'.repeat(60),
      region: 'Bordeaux',
      bottles: 6,
      date: new Date(Date.UTC(2025, 0, 1)),
      priceBtl: 1234.56,
      priceTotal: 7407.36,
    });
    expect(row.wine).toHaveLength(60);
  });

  it('names the file yyyymmdd plus brand', () => {
    expect(depotExcelFileName(new Date(2026, 10, 21, 9, 30))).toBe('20261121Weindepot.xlsx');
    expect(depotExcelFileName(new Date(2026, 0, 5), 'Weinhaus')).toBe('20260105Weinhaus.xlsx');
  });
});

describe('Gehaltene und verkaufte Positionen', () => {
  const valued = (input: DepotPositionInput, value: string): DepotPositionInput => ({
    ...input,
    vintage: {
      ...input.vintage,
      valuationRel: [
        {
          sourceOfValuation: 'WINE_SEARCHER_EUROPE_AVERAGE_EURO',
          value,
          datetimeCreated: '2026-05-01T10:00:00Z',
        },
      ],
    },
  });
  const heldPosition = valued(position(1, { price: '100.00' }), '150.00');
  const soldWithOrder = {
    ...valued(position(2, { price: '200.00' }), '400.00'),
    depotPositionStatusRel: [
      { status: 'PURCHASED' as const, datetimeStatusUpdate: '2024-01-01T10:00:00Z' },
      { status: 'FOR_SALE' as const, datetimeStatusUpdate: '2025-01-01T10:00:00Z' },
      { status: 'SOLD' as const, datetimeStatusUpdate: '2025-02-01T10:00:00Z' },
    ],
    saleProceedsNet: '1389.60',
  };
  const soldWithoutOrder = {
    ...position(3, { price: '50.00' }),
    depotPositionStatusRel: [
      { status: 'PURCHASED' as const, datetimeStatusUpdate: '2024-01-01T10:00:00Z' },
      { status: 'SOLD' as const, datetimeStatusUpdate: '2026-03-01T10:00:00Z' },
    ],
  };
  const rows = [heldPosition, soldWithOrder, soldWithoutOrder].map((input) => toDepotRow(input, now));

  it.each([
    [
      '2026-06-15',
      [],
      'Summe der gehaltenen Positionen zum Wine-Searcher Europa-Durchschnitt, Stand 01.05.2026',
    ],
    [
      '2026-06-16',
      [],
      'Summe der gehaltenen Positionen zum Wine-Searcher Europa-Durchschnitt, Stand der Bewertung: 01.05.2026 (älter als 45 Tage)',
    ],
    [
      '2026-06-15',
      [position(4)],
      'Summe der gehaltenen Positionen zum Wine-Searcher Europa-Durchschnitt, Stand 01.05.2026; 1 Position ohne Bewertung zum Kaufpreis',
    ],
  ] as const)('states on %s what the market value rests on (%#)', (today, extra, text) => {
    const withExtra = [...rows, ...extra.map((input) => toDepotRow(input, now))];
    expect(depotMarketValueBasis(withExtra, today).text).toBe(text);
  });

  it('writes the headline figures with that sentence into "Übersicht"', () => {
    expect(summaryExcelRows(rows, '2026-06-15')).toEqual([
      { label: 'Positionen', value: '1 Position · 2 verkauft' },
      { label: 'Gesamt investiert', value: 2100 },
      { label: 'Marktwert zum Ø-Preis Europa', value: 900 },
      {
        label: 'Bewertung',
        value: 'Summe der gehaltenen Positionen zum Wine-Searcher Europa-Durchschnitt, Stand 01.05.2026',
      },
    ]);
  });

  it('puts a position with a SOLD entry apart, with its proceeds where a sell order recorded them', () => {
    expect(heldRows(rows).map((row) => row.id)).toEqual([1]);
    expect(soldRows(rows).map((row) => [row.id, row.soldDate, row.saleProceedsNet])).toEqual([
      [2, '2025-02-01', 138_960],
      [3, '2026-03-01', null],
    ]);
  });

  it('values only the held positions: 6 bottles at 150 € against 100 €', () => {
    expect(heldTotals(rows)).toEqual({ invested: 60_000, marketValue: 90_000, gainPercent: 50 });
  });

  it('counts held positions in the headline and names sold ones apart, in correct plurals', () => {
    expect(depotPositionCountLabel(rows)).toBe('1 Position · 2 verkauft');
    expect(depotPositionCountLabel(rows.slice(0, 2))).toBe('1 Position · 1 verkauft');
    expect(depotPositionCountLabel(rows.slice(0, 1))).toBe('1 Position');
    const many = Array.from({ length: 16 }, (_, index) => toDepotRow(position(100 + index), now));
    expect(depotPositionCountLabel([...many, ...rows.slice(1)])).toBe('16 Positionen · 2 verkauft');
    expect(depotPositionCountLabel(rows.slice(1))).toBe('0 Positionen · 2 verkauft');
  });

  it('writes the Gebinde with its cases', () => {
    const two = { ...heldPosition, amount: 2 };
    expect(toDepotRow(two, now)).toMatchObject({
      packaging: '6\u00a0×\u00a00,75l',
      cases: 2,
      gebinde: '2 Kisten à 6\u00a0×\u00a00,75l',
      bottles: 12,
    });
    expect(rows[0]?.gebinde).toBe('1 Kiste à 6\u00a0×\u00a00,75l');
  });

  it('writes "Depot" and "Bewertung" with the held positions and "Verkauft" with the sold ones (read back with exceljs)', async () => {
    const settlement = 'https://weindepot.example/settlement/abcdefghijklmnop';
    const withSettlement = rows.map((row) => (row.id === 2 ? { ...row, settlementPdfUrl: settlement } : row));
    const written = await (await depotWorkbook(withSettlement, null, now)).xlsx.writeBuffer();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(written);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Depot',
      'Bewertung',
      'Verkauft',
      'Übersicht',
    ]);
    const depot = workbook.getWorksheet('Depot');
    const valuation = workbook.getWorksheet('Bewertung');
    const sold = workbook.getWorksheet('Verkauft');
    if (!depot || !valuation || !sold) throw new Error('Blatt fehlt');
    expect(depot.rowCount).toBe(2);
    expect(depot.getRow(2).getCell(2).value).toBe('1 Kiste à 6\u00a0×\u00a00,75l');
    expect(depot.getRow(2).getCell(9).value).toBe(600);
    expect(valuation.rowCount).toBe(2);
    expect(valuation.getRow(2).getCell(3).value).toBe(150);
    expect((sold.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Wein',
      'Jahrgang',
      'Gebinde',
      'Flaschen',
      'Kaufdatum',
      'Kaufwert',
      'Verkauft am',
      'Erlös nach Provision',
      'Abrechnung',
    ]);
    expect(sold.rowCount).toBe(3);
    const withOrder = sold.getRow(2);
    expect(withOrder.getCell(5).value).toEqual(new Date(Date.UTC(2024, 0, 1)));
    expect(withOrder.getCell(6).value).toBe(1200);
    expect(withOrder.getCell(7).value).toEqual(new Date(Date.UTC(2025, 1, 1)));
    expect(withOrder.getCell(8).value).toBe(1389.6);
    expect(withOrder.getCell(8).numFmt).toContain('€');
    expect(withOrder.getCell(9).value).toEqual({ text: settlement, hyperlink: settlement });
    const withoutOrder = sold.getRow(3);
    expect(withoutOrder.getCell(6).value).toBe(300);
    expect(withoutOrder.getCell(8).value).toBeNull();
    expect(withoutOrder.getCell(9).value).toBeNull();
  });
});

describe('Excel-Blätter "Bewertung" und "Wertentwicklung"', () => {
  it('names the columns of both sheets', () => {
    expect(VALUATION_EXCEL_COLUMNS.map((column) => column.header)).toEqual([
      'Wein',
      'Jahrgang',
      'Marktwert/Flasche',
      'Quelle',
      'Stand',
      'steuerfrei ab',
    ]);
    expect(PERFORMANCE_EXCEL_COLUMNS.map((column) => column.header)).toEqual([
      'Datum',
      'Investiert (gehaltene Positionen)',
      'Marktwert',
      'Index (100 = erster Punkt)',
    ]);
  });

  it('writes a magnum valued at 150 € per 0.75 l as 300 € per bottle, with source, day and tax-free day', () => {
    const input = position(5, { wine: 'Ornellaia', year: 2016, purchased: '2024-02-29T09:00:00Z' });
    input.bottleSize = { id: 2, title: '1,5l', factorForLiterPrices: '1.5000' };
    input.vintage.valuationRel = [
      {
        sourceOfValuation: 'WINE_SEARCHER_EUROPE_AVERAGE_EURO',
        value: '150.00',
        datetimeCreated: '2026-05-31T22:30:00Z',
      },
      { sourceOfValuation: 'LIVEX_MID_PRICE', value: '999.00', datetimeCreated: '2026-06-10T10:00:00Z' },
    ];
    expect(valuationExcelRow(toDepotRow(input, now))).toEqual({
      wine: 'Ornellaia',
      year: 2016,
      marketValueBtl: 300,
      source: 'Wine-Searcher Europa-Ø',
      // 22:30 UTC on 31 May is 1 June in Berlin.
      date: new Date(Date.UTC(2026, 5, 1)),
      taxFreeFrom: new Date(Date.UTC(2025, 2, 1)),
    });
  });

  it('says so when a position has no valuation yet', () => {
    expect(valuationExcelRow(toDepotRow(position(6, { wine: 'Opus One' }), now))).toMatchObject({
      marketValueBtl: null,
      source: 'Keine Bewertung',
      date: null,
    });
  });

  it('writes one row per point with the index of the same day', () => {
    expect(
      performanceExcelRows(
        [
          { date: '2026-05-01', invested: '1200.00', marketValue: '1300.50' },
          { date: '2026-06-15', invested: '1200.00', marketValue: '1288.10' },
        ],
        [
          { date: '2026-05-01', value: 100 },
          { date: '2026-06-15', value: 101.25 },
        ],
      ),
    ).toEqual([
      { date: new Date(Date.UTC(2026, 4, 1)), invested: 1200, marketValue: 1300.5, index: 100 },
      { date: new Date(Date.UTC(2026, 5, 15)), invested: 1200, marketValue: 1288.1, index: 101.25 },
    ]);
  });
});

describe('Depotkarte: Lagernummern nur für eingelagerte Kisten, die Rechnung jeder Position', () => {
  const inState = (
    status: 'PURCHASED' | 'SHIPPING' | 'IN_BOND' | 'FOR_SALE' | 'SOLD',
    /** Whether the warehouse's latest stock report confirms the cases. */
    confirmed: boolean,
    enPrimeurDeliveryDate: string | null = null,
  ): DepotPositionInput => {
    const base = position(1);
    return {
      ...base,
      storageId: '20001',
      hasMrn: true,
      warehouseConfirmedOn: confirmed ? '2026-12-01' : null,
      invoice: { invoiceNumber: '2026-0003', pdfUrl: 'http://portal.test/invoices/abc.pdf' },
      depotPositionStatusRel: [
        ...base.depotPositionStatusRel,
        ...(status === 'PURCHASED' ? [] : [{ status, datetimeStatusUpdate: '2025-03-01T10:00:00Z' }]),
      ],
      vintage: { ...base.vintage, enPrimeurDeliveryDate },
    };
  };

  it('marks a row stored by the storage rule (src/domain/storage-state.ts)', () => {
    expect(toDepotRow(inState('IN_BOND', true), now).stored).toBe(true);
    expect(toDepotRow(inState('IN_BOND', true), now).warehouseConfirmedOn).toBe('2026-12-01');
    expect(toDepotRow(inState('FOR_SALE', true), now).stored).toBe(true);
    // Our own MRN without the warehouse's confirmation is not enough.
    expect(toDepotRow(inState('IN_BOND', false), now).stored).toBe(false);
    expect(toDepotRow(inState('SHIPPING', true), now).stored).toBe(false);
    expect(toDepotRow(inState('SOLD', true), now).stored).toBe(false);
    expect(toDepotRow(inState('SOLD', true), now).warehouseConfirmedOn).toBeNull();
    // En primeur (delivery still ahead): no storage numbers, whatever the status.
    expect(toDepotRow(inState('PURCHASED', false, '2028-06-01'), now).stored).toBe(false);
    expect(toDepotRow(inState('IN_BOND', true, '2028-06-01'), now).stored).toBe(false);
    // A depot cached before the field existed shows no storage numbers rather than false ones.
    expect(toDepotRow(position(2), now).stored).toBe(false);
  });

  it('carries the invoice the position was bought with', () => {
    expect(toDepotRow(inState('IN_BOND', true), now).invoice).toEqual({
      invoiceNumber: '2026-0003',
      pdfUrl: 'http://portal.test/invoices/abc.pdf',
    });
    expect(toDepotRow(position(2), now).invoice).toBeNull();
  });
});
