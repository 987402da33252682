/**
 * The depot table's columns, defined once: the table's headers, cells and sorting and the Excel
 * sheet "Depot" (spec client area §5, §9) all read this list, so that a new column is one entry
 * and the screen and the file cannot drift apart in order, names or values.
 */

import { formatDate } from '../../../domain/dates';
import { formatEuro } from '../../../domain/money';
import { shortenName, truncateName } from './depot-names';
import type { DepotRow } from './depot-rows';
import { type SortState, type SortValue, sortBy } from './depot-sorting';

export const EXCEL_EURO_FORMAT = '#,##0.00 "€"';
export const EXCEL_DATE_FORMAT = 'dd.mm.yyyy';

/** A value exceljs writes as a cell: a number, a text, a date cell or an empty cell. */
export type ExcelCellValue = string | number | Date | null;

export interface DepotColumn {
  key: string;
  /** The German header, the same in the table and in the Excel sheet. */
  label: string;
  /** Right-aligned in the table. */
  numeric: boolean;
  /**
   * Whether the column shows on a phone. Every column does: a narrow screen scrolls the table
   * sideways under its fixed image column. The table hides none, so a column left off phones needs
   * that built first (the type admits only `true` until then).
   */
  phone: true;
  /** What the table sorts the column by (empty values last, see `sortBy`). */
  sortValue: (row: DepotRow) => SortValue;
  /** The cell's text in the table (names shortened; the Excel sheet has them in full up to 60 characters). */
  cell: (row: DepotRow) => string | number;
  excel: {
    width: number;
    /** Excel number format of the column's cells. */
    numFmt?: string;
    value: (row: DepotRow) => ExcelCellValue;
  };
}

/** Midnight UTC of the purchase's local day: a date cell that shows that day in any time zone. */
const purchaseDayCell = (date: Date | null) =>
  date ? new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())) : null;

/** Euro as a number (the cell's format shows "1.234,56 €" in a German Excel). */
const euroCell = (cents: number) => cents / 100;

export const DEPOT_COLUMNS = [
  {
    key: 'year',
    label: 'Jahrgang',
    numeric: true,
    phone: true,
    sortValue: (row) => row.year,
    cell: (row) => row.year,
    excel: { width: 10, numFmt: '0', value: (row) => row.year },
  },
  {
    key: 'packaging',
    label: 'Gebinde',
    numeric: false,
    phone: true,
    // The cells' text, "2 Kisten à 6 × 0,75l" (the collation is numeric).
    sortValue: (row) => row.gebinde,
    cell: (row) => row.gebinde,
    excel: { width: 22, value: (row) => row.gebinde },
  },
  {
    key: 'wine',
    label: 'Wein',
    numeric: false,
    phone: true,
    sortValue: (row) => row.wine,
    cell: (row) => shortenName(row.wine),
    excel: { width: 40, value: (row) => truncateName(row.wine) },
  },
  {
    key: 'winery',
    label: 'Weingut',
    numeric: false,
    phone: true,
    sortValue: (row) => row.winery,
    cell: (row) => shortenName(row.winery),
    excel: { width: 32, value: (row) => truncateName(row.winery) },
  },
  {
    key: 'region',
    label: 'Region',
    numeric: false,
    phone: true,
    sortValue: (row) => row.region,
    cell: (row) => row.region,
    excel: { width: 18, value: (row) => row.region },
  },
  {
    key: 'bottles',
    label: 'Flaschen',
    numeric: true,
    phone: true,
    sortValue: (row) => row.bottles,
    cell: (row) => row.bottles,
    excel: { width: 10, numFmt: '0', value: (row) => row.bottles },
  },
  {
    key: 'date',
    label: 'Datum',
    numeric: false,
    phone: true,
    sortValue: (row) => row.date,
    cell: (row) => formatDate(row.date),
    excel: { width: 12, numFmt: EXCEL_DATE_FORMAT, value: (row) => purchaseDayCell(row.date) },
  },
  {
    key: 'priceBtl',
    label: 'Preis/Flasche',
    numeric: true,
    phone: true,
    sortValue: (row) => row.valuation.buyPriceBtl,
    cell: (row) => formatEuro(row.valuation.buyPriceBtl),
    excel: { width: 16, numFmt: EXCEL_EURO_FORMAT, value: (row) => euroCell(row.valuation.buyPriceBtl) },
  },
  {
    key: 'priceTotal',
    label: 'Preis gesamt',
    numeric: true,
    phone: true,
    sortValue: (row) => row.valuation.invested,
    cell: (row) => formatEuro(row.valuation.invested),
    excel: { width: 16, numFmt: EXCEL_EURO_FORMAT, value: (row) => euroCell(row.valuation.invested) },
  },
] as const satisfies readonly DepotColumn[];

export type DepotColumnEntry = (typeof DEPOT_COLUMNS)[number];

export type DepotColumnKey = DepotColumnEntry['key'];

/** The table sorts by any of its columns. */
export type DepotTableSortKey = DepotColumnKey;

export const DEFAULT_TABLE_SORT: SortState<DepotTableSortKey> = { key: 'date', direction: 'desc' };

const COLUMN_BY_KEY = new Map<DepotColumnKey, DepotColumn>(
  DEPOT_COLUMNS.map((column) => [column.key, column]),
);

/** The column of a key (every key names one). */
export function depotColumn(key: DepotColumnKey): DepotColumn {
  return COLUMN_BY_KEY.get(key) as DepotColumn;
}

export function sortDepotTable(rows: readonly DepotRow[], state: SortState<DepotTableSortKey>): DepotRow[] {
  const { sortValue } = depotColumn(state.key);
  return sortBy(rows, state, (row) => sortValue(row));
}
