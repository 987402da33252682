/**
 * `npm run restore -- <file>`: restores a backup of `npm run backup` into an empty `DATA_DIR`
 * (default `./var`) and an empty database (`DATABASE_URL`, else PGlite in `DATA_DIR/db`);
 * server/backup/restore.ts. The next `npm start` on it migrates an older release's schema.
 */
import path from 'node:path';
import { restoreBackup } from '../server/backup/restore';

const callerFolder = process.env.INIT_CWD ?? process.cwd();
const file = process.argv[2];
if (!file) {
  console.error(
    'Aufruf: npm run restore -- <Sicherungsdatei>   (Ziel: DATA_DIR, Standard ./var, und DATABASE_URL oder PGlite darin)',
  );
  process.exit(2);
}

try {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './var');
  const manifest = await restoreBackup({
    file: path.resolve(callerFolder, file),
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  const tables = Object.keys(manifest.database.tables).length;
  console.log(
    `[weindepot] Sicherung vom ${manifest.createdAt} wiederhergestellt nach ${dataDir} (${tables} Tabellen geprüft, ${manifest.files.length} Dateien). Der nächste Start migriert sie, falls nötig.`,
  );
} catch (error) {
  console.error(`[weindepot] Wiederherstellung fehlgeschlagen: ${(error as Error).message}`);
  process.exit(1);
}
