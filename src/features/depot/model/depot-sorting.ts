/**
 * Sorting of the depot cards and table (spec client area §2): the same key flips the direction,
 * a new key starts ascending; the table starts with the date descending.
 */
export type SortDirection = 'asc' | 'desc';

export interface SortState<Key extends string> {
  key: Key;
  direction: SortDirection;
}

export function nextSort<Key extends string>(current: SortState<Key>, key: Key): SortState<Key> {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

export type SortValue = string | number | Date | null;

const collator = new Intl.Collator('de-DE', { sensitivity: 'base', numeric: true });

/** Ascending order of two values; empty values (null) always come last. */
export function compareValues(a: SortValue, b: SortValue): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return Number(a) - Number(b);
}

/** A sorted copy; ties keep their order (stable) and empty values stay last in both directions. */
export function sortBy<Row, Key extends string>(
  rows: readonly Row[],
  state: SortState<Key>,
  sortValue: (row: Row, key: Key) => SortValue,
): Row[] {
  const factor = state.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = sortValue(a, state.key);
    const right = sortValue(b, state.key);
    if (left === null || right === null) return compareValues(left, right);
    return factor * compareValues(left, right);
  });
}
