/** Sorting and searching of the back office's tables (pure, shared by every table). */

/** Lower-case text without accents, so "chateau" finds "Château". */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Every word of the search occurs in the row's text (case- and accent-insensitive). */
export function matchesSearch(rowText: string, search: string): boolean {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = foldText(rowText);
  return words.every((word) => text.includes(word));
}

const isEmptyCell = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Ascending order of two cell values: numbers (also numeric strings such as "249.00") by value,
 * dates and other text by German collation; empty values last.
 */
export function compareForSort(a: unknown, b: unknown): number {
  const emptyA = isEmptyCell(a);
  const emptyB = isEmptyCell(b);
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  const numberA = typeof a === 'number' ? a : /^-?\d+(\.\d+)?$/.test(String(a)) ? Number(a) : Number.NaN;
  const numberB = typeof b === 'number' ? b : /^-?\d+(\.\d+)?$/.test(String(b)) ? Number(b) : Number.NaN;
  if (!Number.isNaN(numberA) && !Number.isNaN(numberB)) return numberA - numberB;
  return String(a).localeCompare(String(b), 'de', { numeric: true });
}

/**
 * The rows in the order of a column, ascending or descending; empty cells stay last in both
 * directions and rows with equal values keep their order.
 */
export function sortRows<T>(
  rows: readonly T[],
  cellValue: (row: T) => unknown,
  direction: 'asc' | 'desc',
): T[] {
  const sign = direction === 'desc' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: cellValue(row) }))
    .sort((a, b) => {
      const emptyA = isEmptyCell(a.value);
      const emptyB = isEmptyCell(b.value);
      if (emptyA || emptyB) return emptyA === emptyB ? a.index - b.index : emptyA ? 1 : -1;
      return sign * compareForSort(a.value, b.value) || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** How many pages `totalCount` rows fill, at least one (an empty table shows page 1). */
export function pageCount(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}
