import { lineCost, lineSales, marginPercent, quotePositionProblems } from '../../../domain/backoffice-quotes';
import { decimalToCents, formatEuro } from '../../../domain/money';

/** A position of a quote as its table shows and sorts it. */
export interface QuotePositionRow {
  amount: number;
  caskOf: number;
  sellPriceBtl: string;
  ekpBtl: string | null;
  wineTitle: string;
  year: number;
  region: string;
  offer: { bottleSize: { title: string } };
}

export const quoteEuro = (value: string | null) => (value === null ? '–' : formatEuro(decimalToCents(value)));

export const quotePercent = (value: number | null) =>
  value === null
    ? '–'
    : `${value.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;

export const quoteWineLabel = (position: QuotePositionRow) => `${position.wineTitle} ${position.year}`;

/** The bottle when it differs from the default 6 × 0,75l, else none. */
export function quoteBottleNote(position: QuotePositionRow): string | null {
  const size = position.offer.bottleSize.title;
  return size === '0,75l' && position.caskOf === 6 ? null : `${position.caskOf} × ${size}`;
}

export const quotePositionMargin = (position: QuotePositionRow) =>
  marginPercent(lineSales(position), lineCost(position));

/** Sort value of a column: prices in cents, sales and margin as computed for the row. */
export function quotePositionSortValue(position: QuotePositionRow, accessor: string): unknown {
  switch (accessor) {
    case 'sellPriceBtl':
      return decimalToCents(position.sellPriceBtl);
    case 'ekpBtl':
      return position.ekpBtl === null ? null : decimalToCents(position.ekpBtl);
    case 'sales':
      return lineSales(position);
    case 'margin':
      return quotePositionMargin(position);
    default:
      return (position as unknown as Record<string, unknown>)[accessor];
  }
}

export const quotePositionSearchText = (position: QuotePositionRow) =>
  `${quoteWineLabel(position)} ${position.region}`;

/** The problem of one edited field of a position, or none. */
export const quotePositionProblem = (field: 'newPriceBtl' | 'newEkpBtl' | 'amount') => (value: string) =>
  quotePositionProblems({ [field]: value }).find((problem) => problem.field === field)?.message ?? null;
