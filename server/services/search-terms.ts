/** Search, order and page window of the back office's server-side tables. */
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/** Words of a search and characters per word that are used (longer input is cut). */
const SEARCH_LIMITS = { words: 8, wordLength: 80 } as const;

/** What a back-office list is asked for: search, sort key and direction, and the page window. */
export interface PageQuery<SortKey extends string> {
  search?: string | null;
  sortBy?: SortKey | null;
  descending?: boolean | null;
  offset?: number | null;
  limit?: number | null;
}

/** The words of a search box (at most 8, each at most 80 characters). */
export function searchWords(search: string | null | undefined): string[] {
  return (search ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, SEARCH_LIMITS.words)
    .map((word) => word.slice(0, SEARCH_LIMITS.wordLength));
}

/** `%word%` for ILIKE with the pattern characters of the word escaped. */
export const containing = (word: string) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * Rows of a staff list's page (tranches, assets, audit log) when none is asked for, and the most
 * a page may hold; the schema's `limit` arguments default to the same 50.
 */
export const STAFF_PAGE_SIZE = { default: 50, max: 200 } as const;

/** A page's offset and size: limit within 1..max (default when not asked), offset at least 0. */
export function pageWindow(
  query: { offset?: number | null; limit?: number | null },
  size: { default: number; max: number },
): { offset: number; limit: number } {
  const limit = Math.min(size.max, Math.max(1, Math.trunc(query.limit ?? size.default)));
  return { offset: Math.max(0, Math.trunc(query.offset ?? 0)), limit };
}

/**
 * The ORDER BY of a sorted page: the sort column(s), empty values last in both directions, then
 * the id in the same direction, so that equal values keep one order across pages.
 */
export function pageOrder(
  columns: readonly SQL[],
  descending: boolean | null | undefined,
  id: AnyColumn,
): SQL[] {
  return [
    ...columns.map((column) => (descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`)),
    descending ? desc(id) : asc(id),
  ];
}

/**
 * One page of a back-office list and how many rows match: `matching` is the list's query (its
 * joins and search, built with `.$dynamic()`), counted as a subquery and read in the given order
 * and window. Both statements run side by side.
 */
export async function pageWithTotal<Q extends PgSelect>(
  db: Database,
  matching: Q,
  order: SQL[],
  window: { offset: number; limit: number },
): Promise<{ rows: Awaited<Q>; totalCount: number }> {
  // The count's SQL is taken before the order and window are set on the same builder.
  const count = db
    .select({ count: sql<number>`count(*)::int` })
    .from(sql`(${matching.getSQL()}) as matching`);
  const [rows, [counted]] = await Promise.all([
    matching
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset) as unknown as Promise<Awaited<Q>>,
    count,
  ]);
  return { rows, totalCount: counted?.count ?? 0 };
}
