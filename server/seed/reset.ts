/**
 * `npm run db:reset`: drops every table of the configured database (PGlite in DATA_DIR/db or
 * DATABASE_URL), migrates afresh and inserts the demo data. Generated media files are kept.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemoData } from './index';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
    await database.db.execute(sql`CREATE SCHEMA public`);
    await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
    await database.migrate();
    await seedDemoData(database.db, { mediaDir: config.mediaDir });
    console.log(`[weindepot] Der Demozustand wurde neu angelegt (Datenbank: ${database.kind}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('[weindepot] Zurücksetzen fehlgeschlagen:', error);
  process.exit(1);
});
