/**
 * `npm run backup -- <folder>`: writes `weindepot-<time>.tar.gz` of the portal whose data folder is
 * `DATA_DIR` (default `./var`) into `<folder>`, also while it runs (server/backup/backup.ts).
 */
import path from 'node:path';
import { createBackup } from '../server/backup/backup';

// npm runs scripts in the package folder; a relative argument means the caller's folder.
const callerFolder = process.env.INIT_CWD ?? process.cwd();
const folder = process.argv[2];
if (!folder) {
  console.error(
    'Aufruf: npm run backup -- <Zielordner>   (DATA_DIR: Datenordner des Portals, Standard ./var)',
  );
  process.exit(2);
}

try {
  const file = await createBackup({
    dataDir: path.resolve(process.env.DATA_DIR ?? './var'),
    folder: path.resolve(callerFolder, folder),
  });
  console.log(`[weindepot] Sicherung geschrieben: ${file}`);
} catch (error) {
  console.error(`[weindepot] Sicherung fehlgeschlagen: ${(error as Error).message}`);
  process.exit(1);
}
