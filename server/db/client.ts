import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
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
/** What a read or write runs on: the database, or the transaction it is part of. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (PGlite only): the server takes backups of it (server/backup). */
  pglite?: PGlite;
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the database-wide preparation lock (a Postgres advisory lock), so
   * that several server instances starting at once on one database migrate and seed one after the
   * other, never side by side. PGlite is opened by one process only and needs no lock.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Connections of a Postgres pool (null on PGlite, which is one connection inside the process). */
export function poolUse(db: Database): { total: number; idle: number; waiting: number; max: number } | null {
  const pool: unknown = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return null;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max };
}

/** Key of the advisory lock around migration and seeding (any fixed 64-bit number of ours). */
const PREPARATION_LOCK_KEY = 7_236_401_902;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The time stamp of the last migration shipped (read from the folder on first use; it never changes). */
let latestMigration: number | undefined;

/**
 * Whether the database holds every migration this server ships (drizzle's own record, as its
 * migrator reads it): a server started before `migrate` ran, or on a database restored from an
 * older release and not yet migrated, is not ready. A newer instance's later migrations count as
 * applied too.
 */
export async function migrationsApplied(db: Database): Promise<boolean> {
  latestMigration ??= readMigrationFiles({ migrationsFolder }).at(-1)?.folderMillis ?? 0;
  if (latestMigration === 0) return true;
  const result: unknown = await db.execute(
    sql`select exists (select 1 from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations') as recorded`,
  );
  const [{ recorded } = { recorded: false }] = (result as { rows: { recorded: boolean }[] }).rows;
  if (!recorded) return false;
  const applied: unknown = await db.execute(
    sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
  );
  const [row] = (applied as { rows: { latest: string | number | null }[] }).rows;
  return row?.latest != null && Number(row.latest) >= latestMigration;
}

/**
 * Opens the database: a Postgres server when `databaseUrl` is given, otherwise PGlite with its
 * files in `pgliteDir` (or in memory when `pgliteDir` is `memory://`).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  /** Called with every SQL statement (tests count queries with it). */
  onQuery?: (query: string) => void;
  /** Another set of migrations for `migrate` (tests build an older release's schema with it). */
  migrationsFolder?: string;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`; tests copy a seeded one). */
  pgliteDump?: Blob;
}): Promise<DatabaseHandle> {
  const migrations = { migrationsFolder: options.migrationsFolder ?? migrationsFolder };
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
      migrate: () => migratePg(db, migrations),
      async exclusively(work) {
        // A session lock on a connection of its own, held while `work` uses the pool's others.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [PREPARATION_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [PREPARATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (!options.pgliteDir.startsWith('memory://')) mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm backs the trigram index of the offer search (migration 0001).
  const client = await PGlite.create(options.pgliteDir, {
    extensions: { pg_trgm },
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
  });
  const db = drizzlePglite(client, { schema, logger });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, migrations),
    exclusively: (work) => work(),
    close: () => client.close(),
  };
}
