/**
 * Whether a catalogue row changed since a database snapshot: the check behind the catalogue cache
 * (server/graphql/catalogue-cache.ts). It uses the stamps of the delta sync (migration 0009): every
 * insert and update sets the row's `updated_xid`, every delete leaves a tombstone, so "changed since
 * snapshot S" is an index probe per table (`updated_xid >= xmin(S)`, not visible in S), whoever made
 * the change — this process, another instance on the same Postgres, an import in SQL.
 */

import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newSince, rowsOf } from './sync';

/** The tables whose rows the catalogue cache holds. */
export const CATALOGUE_TABLES = [
  'countries',
  'regions',
  'subregions',
  'classifications',
  'wineries',
  'wines',
  'vintages',
  'raters',
  'ratings',
  'bottle_sizes',
] as const;

export interface CatalogueCheck {
  /** The snapshot this answer was read in (`pg_current_snapshot()`): the next check's `since`. */
  snapshot: string;
  /** A catalogue row was written or deleted by a transaction `since` did not see (always, without `since`). */
  changed: boolean;
}

const ident = (name: string) => sql.raw(`"${name}"`);

/** One statement: the current snapshot and whether any catalogue table changed since `since`. */
export async function catalogueChangedSince(
  db: Database,
  since: string | undefined,
): Promise<CatalogueCheck> {
  let changed: SQL = sql`true`;
  if (since !== undefined) {
    const probes = CATALOGUE_TABLES.map(
      (table) => sql`exists (select 1 from ${ident(table)} where ${newSince(sql`updated_xid`, since)})`,
    );
    const tables = sql.join(
      CATALOGUE_TABLES.map((table) => sql`${table}`),
      sql`, `,
    );
    probes.push(
      sql`exists (select 1 from sync_tombstones where table_name in (${tables}) and ${newSince(sql`deleted_xid`, since)})`,
    );
    changed = sql.join(probes, sql` or `);
  }
  const [row] = await rowsOf<{ snapshot: string; changed: boolean }>(
    db,
    sql`select pg_current_snapshot()::text as snapshot, (${changed}) as changed`,
  );
  if (!row) throw new Error('pg_current_snapshot() answered no row');
  return { snapshot: row.snapshot, changed: Boolean(row.changed) };
}
