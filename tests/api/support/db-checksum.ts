import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';

/** Rows of a raw query; node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<Row>(db: Database, query: SQL | string): Promise<Row[]> {
  const result = (await db.execute(typeof query === 'string' ? sql.raw(query) : query)) as unknown as {
    rows: Row[];
  };
  return result.rows;
}

/**
 * Bookkeeping that refused calls write on purpose: rate-limit counters (every public mutation and
 * failed sign-in counts) and the recorded answers of replayable order-list mutations (a replayed
 * client mutation id answers the same refusal again).
 */
export const BOOKKEEPING_TABLES = ['rate_limit_hits', 'processed_mutations'];

/**
 * Columns that any signed-in request may write, refused or not: a session's "last seen" (written at
 * most every few minutes). Left out of their table's fingerprint; the rest of the row still counts.
 */
const BOOKKEEPING_COLUMNS: Record<string, string> = { sessions: 'last_seen_at' };

/**
 * A fingerprint of every table of the application's schema: row count and an order-independent sum
 * of the rows' hashes. Two equal fingerprints mean no row was added, removed or changed.
 */
export async function databaseChecksum(
  db: Database,
  exclude: readonly string[] = BOOKKEEPING_TABLES,
): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = tables.map((row) => row.name).filter((name) => !exclude.includes(name));
  const parts = names.map((name) => {
    const skipped = BOOKKEEPING_COLUMNS[name];
    const row = skipped ? `(to_jsonb(t) - '${skipped}')::text` : 't::text';
    return `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(${row}, 0)), 0)::text as sum from "${name}" t`;
  });
  const result = await rowsOf<{ name: string; sum: string }>(db, parts.join(' union all '));
  return Object.fromEntries(result.map((row) => [row.name, row.sum]));
}

/** The next transaction id to be assigned: unchanged while no transaction wrote anything. */
export async function writeMarker(db: Database): Promise<string> {
  const [row] = await rowsOf<{ marker: string }>(
    db,
    'select pg_snapshot_xmax(pg_current_snapshot())::text as marker',
  );
  return row?.marker ?? '';
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
