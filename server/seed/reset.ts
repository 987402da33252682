/**
 * `npm run db:reset`: drops every table of the configured database (PGlite in DATA_DIR/db or
 * DATABASE_URL), migrates afresh and inserts the demo data. Generated media files are kept.
 * Stop the portal first: with PGlite the running server holds the same database files.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { resetDemoState } from './reset-state';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    await resetDemoState(database, { mediaDir: config.mediaDir, warehouse: config });
    console.log(`[weindepot] Der Demozustand wurde neu angelegt (Datenbank: ${database.kind}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('[weindepot] Zurücksetzen fehlgeschlagen:', error);
  process.exit(1);
});
