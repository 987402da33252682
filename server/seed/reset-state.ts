import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { type SeedOptions, seedDemoData } from './index';

/**
 * Drops every table of the database (both schemas Drizzle uses), migrates afresh and inserts the
 * demo data: the state of a first start. Generated media files are kept.
 */
export async function resetDemoState(database: DatabaseHandle, options: SeedOptions): Promise<void> {
  await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await database.db.execute(sql`CREATE SCHEMA public`);
  await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await database.migrate();
  await seedDemoData(database.db, options);
}
