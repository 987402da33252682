/**
 * The Excel export of the depot (spec client area §5, §9): file `yyyymmdd` + brand + `.xlsx`,
 * sheet "Depot", the nine columns in order, wine and winery names cut at 60 characters, money
 * and dates as real number/date cells with German formats. "Depot" and "Bewertung" hold the
 * positions held today, as the depot's table does; sold ones are in "Verkauft" with their proceeds;
 * "Übersicht" states the depot's headline figures with the source and date of their valuation.
 */

import type { DepotPerformancePointInput } from '../../../domain/depot-performance';
import { depotTotals } from '../../../domain/depot-valuation';
import { DEPOT_COLUMNS, type DepotColumnEntry, EXCEL_DATE_FORMAT, EXCEL_EURO_FORMAT } from './depot-columns';
import { truncateName } from './depot-names';
import { type DepotRow, depotMarketValueBasis, depotPositionCountLabel, heldTotals } from './depot-rows';

export const DEPOT_EXCEL_BRAND = 'Weindepot';
export const DEPOT_EXCEL_SHEET = 'Depot';

/** One row of the sheet "Depot": each column's Excel value (a date cell, euro numbers) under its key. */
export type DepotExcelRow = {
  [Column in DepotColumnEntry as Column['key']]: ReturnType<Column['excel']['value']>;
};

/** The sheet "Depot" has the depot table's columns (`DEPOT_COLUMNS`), in its order and with its headers. */
export const DEPOT_EXCEL_COLUMNS: readonly ExcelColumn<DepotExcelRow>[] = DEPOT_COLUMNS.map((column) => ({
  header: column.label,
  key: column.key,
  width: column.excel.width,
  ...('numFmt' in column.excel ? { numFmt: column.excel.numFmt } : {}),
}));

export function depotExcelRow(row: DepotRow): DepotExcelRow {
  return Object.fromEntries(
    DEPOT_COLUMNS.map((column) => [column.key, column.excel.value(row)]),
  ) as DepotExcelRow;
}

/** "20261121Weindepot.xlsx" for the local date. */
export function depotExcelFileName(now: Date, brand: string = DEPOT_EXCEL_BRAND): string {
  const yyyy = String(now.getFullYear());
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  const dd = String(now.getDate()).padStart(2, '0');
  return `${yyyy}${mm}${dd}${brand}.xlsx`;
}

/** The sheet beside "Depot" with each position's valuation. */
export const VALUATION_EXCEL_SHEET = 'Bewertung';
/** The sheet of the sold positions, apart from the holdings of "Depot" and "Bewertung". */
export const SOLD_EXCEL_SHEET = 'Verkauft';
/** The sheet with the monthly points of the "Wertentwicklung". */
export const PERFORMANCE_EXCEL_SHEET = 'Wertentwicklung';

export interface ExcelColumn<Row> {
  header: string;
  key: keyof Row & string;
  width: number;
  numFmt?: string;
}

export interface ValuationExcelRow {
  wine: string;
  year: number;
  marketValueBtl: number | null;
  source: string;
  date: Date | null;
  taxFreeFrom: Date | null;
}

export const VALUATION_EXCEL_COLUMNS: readonly ExcelColumn<ValuationExcelRow>[] = [
  { header: 'Wein', key: 'wine', width: 40 },
  { header: 'Jahrgang', key: 'year', width: 10, numFmt: '0' },
  { header: 'Marktwert/Flasche', key: 'marketValueBtl', width: 18, numFmt: EXCEL_EURO_FORMAT },
  { header: 'Quelle', key: 'source', width: 26 },
  { header: 'Stand', key: 'date', width: 12, numFmt: EXCEL_DATE_FORMAT },
  { header: 'steuerfrei ab', key: 'taxFreeFrom', width: 14, numFmt: EXCEL_DATE_FORMAT },
];

/** `YYYY-MM-DD` → a date cell (midnight UTC of that day). */
const dayCell = (day: string | null) => (day === null ? null : new Date(`${day}T00:00:00Z`));

export function valuationExcelRow(row: DepotRow): ValuationExcelRow {
  return {
    wine: truncateName(row.wine),
    year: row.year,
    marketValueBtl: row.valuation.marketValueBtl === null ? null : row.valuation.marketValueBtl / 100,
    source: row.valuationSource ?? 'Keine Bewertung',
    date: dayCell(row.valuationDate),
    taxFreeFrom: dayCell(row.taxFreeFrom),
  };
}

export interface SoldExcelRow {
  wine: string;
  year: number;
  packaging: string;
  bottles: number;
  purchaseDate: Date | null;
  invested: number;
  soldDate: Date | null;
  /** Net proceeds after the commission; empty where no sell order recorded them. */
  proceedsNet: number | null;
  /** A link cell to the settlement PDF (its address as the text); empty without one. */
  settlement: { text: string; hyperlink: string } | null;
}

export const SOLD_EXCEL_COLUMNS: readonly ExcelColumn<SoldExcelRow>[] = [
  { header: 'Wein', key: 'wine', width: 40 },
  { header: 'Jahrgang', key: 'year', width: 10, numFmt: '0' },
  { header: 'Gebinde', key: 'packaging', width: 22 },
  { header: 'Flaschen', key: 'bottles', width: 10, numFmt: '0' },
  { header: 'Kaufdatum', key: 'purchaseDate', width: 12, numFmt: EXCEL_DATE_FORMAT },
  { header: 'Kaufwert', key: 'invested', width: 16, numFmt: EXCEL_EURO_FORMAT },
  { header: 'Verkauft am', key: 'soldDate', width: 12, numFmt: EXCEL_DATE_FORMAT },
  { header: 'Erlös nach Provision', key: 'proceedsNet', width: 20, numFmt: EXCEL_EURO_FORMAT },
  { header: 'Abrechnung', key: 'settlement', width: 60 },
];

export function soldExcelRow(row: DepotRow): SoldExcelRow {
  const { date } = depotExcelRow(row);
  return {
    wine: truncateName(row.wine),
    year: row.year,
    packaging: row.gebinde,
    bottles: row.bottles,
    purchaseDate: date,
    invested: row.valuation.invested / 100,
    soldDate: dayCell(row.soldDate),
    proceedsNet: row.saleProceedsNet === null ? null : row.saleProceedsNet / 100,
    settlement:
      row.settlementPdfUrl === null ? null : { text: row.settlementPdfUrl, hyperlink: row.settlementPdfUrl },
  };
}

export interface PerformanceExcelRow {
  date: Date;
  invested: number;
  marketValue: number;
  index: number | null;
}

export const PERFORMANCE_EXCEL_COLUMNS: readonly ExcelColumn<PerformanceExcelRow>[] = [
  { header: 'Datum', key: 'date', width: 12, numFmt: EXCEL_DATE_FORMAT },
  { header: 'Investiert (gehaltene Positionen)', key: 'invested', width: 30, numFmt: EXCEL_EURO_FORMAT },
  { header: 'Marktwert', key: 'marketValue', width: 18, numFmt: EXCEL_EURO_FORMAT },
  { header: 'Index (100 = erster Punkt)', key: 'index', width: 24, numFmt: '0.00' },
];

export function performanceExcelRows(
  points: readonly DepotPerformancePointInput[],
  index: readonly { date: string; value: number }[],
): PerformanceExcelRow[] {
  const indexByDay = new Map(index.map((point) => [point.date, point.value]));
  return points.map((point) => ({
    date: dayCell(point.date) as Date,
    invested: Number(point.invested),
    marketValue: Number(point.marketValue),
    index: indexByDay.get(point.date) ?? null,
  }));
}

/** The sheet with the depot's headline figures as the depot screen states them. */
export const SUMMARY_EXCEL_SHEET = 'Übersicht';

export interface SummaryExcelRow {
  label: string;
  /** Euro as a number, or a text. */
  value: number | string;
}

export const SUMMARY_EXCEL_COLUMNS: readonly ExcelColumn<SummaryExcelRow>[] = [
  { header: 'Angabe', key: 'label', width: 36 },
  { header: 'Wert', key: 'value', width: 90, numFmt: EXCEL_EURO_FORMAT },
];

/**
 * The depot screen's headline in the file: its position count, "Gesamt investiert" (every
 * purchase), the market value of the held positions and the sentence naming that value's source
 * and date, so that a figure copied out of the file still says what it rests on. `today` is the
 * Europe/Berlin day of the export.
 */
export function summaryExcelRows(rows: readonly DepotRow[], today: string): SummaryExcelRow[] {
  const held = heldTotals(rows);
  return [
    { label: 'Positionen', value: depotPositionCountLabel(rows) },
    { label: 'Gesamt investiert', value: depotTotals(rows.map((row) => row.valuation)).invested / 100 },
    { label: 'Marktwert zum Ø-Preis Europa', value: held.marketValue / 100 },
    { label: 'Bewertung', value: depotMarketValueBasis(rows, today).text },
  ];
}
