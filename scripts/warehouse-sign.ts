/**
 * `npm run warehouse:sign -- <file.csv>`: signs an (edited) stock report with the demo warehouse's
 * key pair in `DATA_DIR` and writes `<file.csv>.sig`, so tests and demos can create discrepancies.
 * A stand-in for the warehouse's own system; refused when `WAREHOUSE_PUBLIC_KEY` is set.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { writeFileDurably } from '../server/services/durable-file';
import { signReport } from '../server/services/warehouse-signature';

const callerFolder = process.env.INIT_CWD ?? process.cwd();
const target = process.argv[2];
if (!target) {
  console.error('Aufruf: npm run warehouse:sign -- <bericht.csv>   (schreibt <bericht.csv>.sig)');
  process.exit(2);
}

const keys = loadConfig().warehouse.demoKeys;
if (!keys) {
  console.error(
    '[weindepot] WAREHOUSE_PUBLIC_KEY ist gesetzt: Berichte signiert dann nur das Lager selbst, nicht das Demo-Lager.',
  );
  process.exit(1);
}
try {
  const file = path.resolve(callerFolder, target);
  await writeFileDurably(`${file}.sig`, `${signReport(await readFile(file), keys)}\n`);
  console.log(`[weindepot] Signatur des Demo-Lagers geschrieben: ${file}.sig`);
} catch (error) {
  console.error(`[weindepot] Nicht signiert: ${(error as Error).message}`);
  process.exit(1);
}
