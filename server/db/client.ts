import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every service takes; the same type for PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database: a Postgres server when `databaseUrl` is given, otherwise PGlite with its
 * files in `pgliteDir` (or in memory when `pgliteDir` is `memory://`).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  /** Called with every SQL statement (tests count queries with it). */
  onQuery?: (query: string) => void;
}): Promise<DatabaseHandle> {
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : false;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // While the database restarts, a request waits at most this long for a connection (new or
      // from the pool) and then fails with the German "bitte erneut versuchen" answer (503, see
      // server/graphql/unavailable.ts) instead of hanging until the client gives up.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    // An idle connection the server closes (restart, failover, dropped test database) must not
    // crash the process: the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`[weindepot] Datenbankverbindung getrennt: ${error.message}`));
    // A connection that breaks while checked out (inside a transaction, between two statements)
    // emits 'error' on the client, where pg-pool listens only while it is idle; without this
    // listener that event would end the process. The running query fails on its own, and the
    // pool discards the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) =>
        console.warn(`[weindepot] Datenbankverbindung während einer Abfrage getrennt: ${error.message}`),
      );
    });
    const db = drizzlePg(pool, { schema, logger });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (!options.pgliteDir.startsWith('memory://')) mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm backs the trigram index of the offer search (migration 0001).
  const client = await PGlite.create(options.pgliteDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema, logger });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
