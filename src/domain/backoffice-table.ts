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

/**
 * Ascending order of two cell values: numbers (also numeric strings such as "249.00") by value,
 * dates and other text by German collation; empty values last.
 */
export function compareForSort(a: unknown, b: unknown): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  const numberA = typeof a === 'number' ? a : /^-?\d+(\.\d+)?$/.test(String(a)) ? Number(a) : Number.NaN;
  const numberB = typeof b === 'number' ? b : /^-?\d+(\.\d+)?$/.test(String(b)) ? Number(b) : Number.NaN;
  if (!Number.isNaN(numberA) && !Number.isNaN(numberB)) return numberA - numberB;
  return String(a).localeCompare(String(b), 'de', { numeric: true });
}

/** One value of an audit entry as text ("–" for none). */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
