/**
 * `npm run warehouse:report -- <file.csv>`: the demo warehouse (a stand-in for the bonded
 * warehouse's own system) writes the stock report it would send for the current ledger to
 * `<file.csv>` and its signature to `<file.csv>.sig`, signed with the demo key pair in `DATA_DIR`.
 * Reads the configured database (PGlite in DATA_DIR/db: stop the portal first, or DATABASE_URL).
 */
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { writeFileDurably } from '../server/services/durable-file';
import { demoStockReport } from '../server/services/warehouse-demo';

const callerFolder = process.env.INIT_CWD ?? process.cwd();
const target = process.argv[2];
if (!target) {
  console.error(
    'Aufruf: npm run warehouse:report -- <bericht.csv>   (schreibt <bericht.csv> und <bericht.csv>.sig)',
  );
  process.exit(2);
}

const config = loadConfig();
const keys = config.warehouse.demoKeys;
if (!keys) {
  console.error(
    '[weindepot] WAREHOUSE_PUBLIC_KEY ist gesetzt: Berichte signiert dann nur das Lager selbst, nicht das Demo-Lager.',
  );
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'db'),
});
try {
  const file = path.resolve(callerFolder, target);
  const report = await demoStockReport(database.db, keys, new Date());
  await writeFileDurably(file, report.csv);
  await writeFileDurably(`${file}.sig`, `${report.signature}\n`);
  console.log(`[weindepot] Bestandsbericht des Demo-Lagers geschrieben: ${file} (Signatur: ${file}.sig)`);
} catch (error) {
  console.error(`[weindepot] Bestandsbericht nicht geschrieben: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
