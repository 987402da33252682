/**
 * A job that one server instance runs and the others skip: a Postgres session advisory lock taken
 * with `pg_try_advisory_lock` on a connection of its own (held while the job uses the pool's
 * others). PGlite is opened by one process only, so there an in-process flag per database does.
 */
import pg from 'pg';
import type { Database } from './client';

const heldInProcess = new WeakMap<Database, Set<number>>();

export async function whileHoldingLock<T>(
  db: Database,
  key: number,
  work: () => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  const pool: unknown = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        key,
      ]);
      if (!rows[0]?.locked) return { locked: false };
      try {
        return { locked: true, value: await work() };
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]);
      }
    } finally {
      client.release();
    }
  }
  const held = heldInProcess.get(db) ?? new Set<number>();
  heldInProcess.set(db, held);
  if (held.has(key)) return { locked: false };
  held.add(key);
  try {
    return { locked: true, value: await work() };
  } finally {
    held.delete(key);
  }
}
