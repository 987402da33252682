/**
 * Whether a catalogue row changed since a database snapshot: the check behind the catalogue cache
 * (server/graphql/catalogue-cache.ts). It uses the stamps of the delta sync (migration 0009): every
 * insert and update sets the row's `updated_xid`, every delete leaves a tombstone, so "changed since
 * snapshot S" is an index probe per table (`updated_xid >= xmin(S)`, not visible in S), whoever made
 * the change — this process, another instance on the same Postgres, an import in SQL.
 */

import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { changedSinceSnapshot, newSince, type SnapshotCheck } from './sync';

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

const ident = (name: string) => sql.raw(`"${name}"`);

/** One statement: the current snapshot and whether any catalogue table changed since `since`. */
export function catalogueChangedSince(db: Database, since: string | undefined): Promise<SnapshotCheck> {
  return changedSinceSnapshot(db, since, (since) => {
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
    return sql.join(probes, sql` or `);
  });
}
