import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEPOT_COLUMNS } from '../../src/features/depot/model/depot-columns';
import { DEPOT_EXCEL_COLUMNS, depotExcelRow } from '../../src/features/depot/model/depot-excel';
import { toDepotRow } from '../../src/features/depot/model/depot-rows';
import { depotWorkbook } from '../../src/features/depot/ui/excel-export';
import { depotPosition } from './support/depot-position';

const now = new Date('2026-06-15T12:00:00Z');

const input = depotPosition({
  id: 7,
  amount: 2,
  caskOf: 3,
  buyPriceBtl: '1234.56',
  bottleSize: { title: '0,75l', factorForLiterPrices: '0.7500' },
  depotPositionStatusRel: [{ status: 'PURCHASED', datetimeStatusUpdate: '2025-01-01T10:00:00Z' }],
  vintage: {
    id: 70,
    title: 'Tignanello 2017',
    year: 2017,
    image: null,
    enPrimeurDeliveryDate: null,
    valuationRel: [],
    wine: {
      title: `Tignanello ${'Riserva '.repeat(9)}`,
      winery: { title: 'Marchesi Antinori', region: { title: 'Toskana' } },
    },
  },
});
const row = toDepotRow(input, now);
const column = (key: string) => {
  const found = DEPOT_COLUMNS.find((entry) => entry.key === key);
  if (!found) throw new Error(`Spalte ${key} fehlt`);
  return found;
};

describe('Depot-Spalten (eine Definition für Tabelle, Sortierung und Excel)', () => {
  it('gives the table and the sheet "Depot" the same headers in the same order', () => {
    const headers = [
      'Jahrgang',
      'Gebinde',
      'Wein',
      'Weingut',
      'Region',
      'Flaschen',
      'Datum',
      'Preis/Flasche',
      'Preis gesamt',
    ];
    expect(DEPOT_COLUMNS.map((entry) => entry.label)).toEqual(headers);
    expect(DEPOT_EXCEL_COLUMNS.map((entry) => entry.header)).toEqual(headers);
    expect(DEPOT_EXCEL_COLUMNS.map((entry) => entry.key)).toEqual(DEPOT_COLUMNS.map((entry) => entry.key));
  });

  it("keeps the sheet's widths and number formats", () => {
    expect(DEPOT_EXCEL_COLUMNS).toEqual([
      { header: 'Jahrgang', key: 'year', width: 10, numFmt: '0' },
      { header: 'Gebinde', key: 'packaging', width: 22 },
      { header: 'Wein', key: 'wine', width: 40 },
      { header: 'Weingut', key: 'winery', width: 32 },
      { header: 'Region', key: 'region', width: 18 },
      { header: 'Flaschen', key: 'bottles', width: 10, numFmt: '0' },
      { header: 'Datum', key: 'date', width: 12, numFmt: 'dd.mm.yyyy' },
      { header: 'Preis/Flasche', key: 'priceBtl', width: 16, numFmt: '#,##0.00 "€"' },
      { header: 'Preis gesamt', key: 'priceTotal', width: 16, numFmt: '#,##0.00 "€"' },
    ]);
  });

  it('right-aligns the numbers and shows every column on a phone', () => {
    expect(DEPOT_COLUMNS.filter((entry) => entry.numeric).map((entry) => entry.key)).toEqual([
      'year',
      'bottles',
      'priceBtl',
      'priceTotal',
    ]);
    expect(DEPOT_COLUMNS.every((entry) => entry.phone)).toBe(true);
  });

  it.each([
    ['year', 2017, 2017, 2017],
    [
      'packaging',
      '2 Kisten à 3\u00a0×\u00a00,75l',
      '2 Kisten à 3\u00a0×\u00a00,75l',
      '2 Kisten à 3\u00a0×\u00a00,75l',
    ],
    ['wine', row.wine, 'Tignanello Riserva R…', row.wine.slice(0, 60)],
    ['winery', 'Marchesi Antinori', 'Marchesi Antinori', 'Marchesi Antinori'],
    ['region', 'Toskana', 'Toskana', 'Toskana'],
    ['bottles', 6, 6, 6],
    ['date', row.date, '01.01.2025', new Date(Date.UTC(2025, 0, 1))],
    ['priceBtl', 123_456, '1.234,56 €', 1234.56],
    ['priceTotal', 740_736, '7.407,36 €', 7407.36],
  ] as const)('column %s sorts by %o, shows %o and writes %o', (key, sortValue, cell, excel) => {
    const entry = column(key);
    expect(entry.sortValue(row)).toEqual(sortValue);
    expect(entry.cell(row)).toEqual(cell);
    expect(entry.excel.value(row)).toEqual(excel);
    expect(depotExcelRow(row)[key]).toEqual(excel);
  });

  it('writes each column\'s value, width and format into the sheet "Depot"', async () => {
    const written = await (await depotWorkbook([row], null, now)).xlsx.writeBuffer();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(written);
    const sheet = workbook.getWorksheet('Depot');
    if (!sheet) throw new Error('Blatt fehlt');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(DEPOT_COLUMNS.map((entry) => entry.label));
    DEPOT_COLUMNS.forEach((entry, index) => {
      const cell = sheet.getRow(2).getCell(index + 1);
      expect(cell.value).toEqual(entry.excel.value(row));
      expect(sheet.getColumn(index + 1).width).toBe(entry.excel.width);
      expect(cell.numFmt).toBe('numFmt' in entry.excel ? entry.excel.numFmt : undefined);
    });
  });
});
