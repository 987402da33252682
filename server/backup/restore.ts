/**
 * `npm run restore -- <file>`: a backup (backup.ts) into an empty `DATA_DIR` and an empty database
 * (`DATABASE_URL` when set, else PGlite in `DATA_DIR/db`). A target holding anything is refused: a
 * restore never mixes with or overwrites data. The restored database is checked against the
 * fingerprint taken with the dump before the files are put in place; the next start of the portal
 * migrates it when the backup comes from an older release.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import * as tar from 'tar';
import { type BackupManifest, FILES_ENTRY, MANIFEST_ENTRY, parseManifest } from './manifest';
import { postgresConnection, postgresProgram, programMajorVersion } from './snapshot';
import { differingTables, type TableChecksums, tableChecksums } from './table-checksums';

const run = promisify(execFile);

async function entriesOf(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
}

async function refuseNonEmptyDataDir(dataDir: string): Promise<void> {
  const entries = await entriesOf(dataDir);
  if (entries.length > 0) {
    throw new Error(
      `Das Ziel DATA_DIR=${dataDir} ist nicht leer (${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''}). Eine Wiederherstellung braucht ein leeres oder neues Verzeichnis.`,
    );
  }
}

/** Tables outside Postgres' own schemas: any one means the database is in use. */
async function refuseNonEmptyDatabase(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_schema not in ('pg_catalog', 'information_schema') order by 1 limit 5`,
  );
  if (rows.length > 0) {
    throw new Error(
      `Die Zieldatenbank (DATABASE_URL) ist nicht leer, sie enthält u. a. ${rows.map((row) => row.name).join(', ')}. Eine Wiederherstellung braucht eine leere Datenbank (z. B. frisch mit CREATE DATABASE angelegt).`,
    );
  }
}

async function verifyFiles(filesDir: string, manifest: BackupManifest): Promise<void> {
  for (const file of manifest.files) {
    const bytes = await readFile(path.join(filesDir, ...file.path.split('/'))).catch(() => null);
    if (!bytes || createHash('sha256').update(bytes).digest('hex') !== file.sha256) {
      throw new Error(`Die Sicherung ist beschädigt: Die Datei ${file.path} fehlt oder weicht ab.`);
    }
  }
}

function verifyTables(manifest: BackupManifest, restored: TableChecksums): void {
  const differing = differingTables(manifest.database.tables, restored);
  if (differing.length > 0) {
    throw new Error(
      `Die wiederhergestellte Datenbank weicht von der Sicherung ab (Tabellen: ${differing.join(', ')}).`,
    );
  }
}

async function restorePostgres(databaseUrl: string, dump: string, manifest: BackupManifest): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await refuseNonEmptyDatabase(client);
    const pgRestore = postgresProgram('pg_restore');
    const restoreMajor = await programMajorVersion(pgRestore);
    const dumpMajor = manifest.database.dumpProgramMajor ?? 0;
    if (restoreMajor < dumpMajor) {
      throw new Error(
        `Die Sicherung schrieb pg_dump ${dumpMajor}; pg_restore ${restoreMajor} kann sie nicht lesen. Es braucht pg_restore ${dumpMajor} oder neuer (PG_BIN_DIR).`,
      );
    }
    const { dbname, env } = postgresConnection(databaseUrl);
    try {
      // One transaction: a failed restore leaves the database as empty as it was.
      await run(
        pgRestore,
        [
          '--single-transaction',
          '--exit-on-error',
          '--no-owner',
          '--no-privileges',
          `--dbname=${dbname}`,
          dump,
        ],
        { env, maxBuffer: 16 * 1024 * 1024 },
      );
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
      throw new Error(`pg_restore ist fehlgeschlagen: ${stderr || (error as Error).message}`);
    }
    await client.query('begin');
    const restored = await tableChecksums((statement) => client.query(statement));
    await client.query('commit');
    verifyTables(manifest, restored);
  } finally {
    await client.end();
  }
}

async function restorePglite(databaseDir: string, dump: string, manifest: BackupManifest): Promise<void> {
  const client = await PGlite.create(databaseDir, {
    loadDataDir: await openAsBlob(dump),
    extensions: { pg_trgm },
  });
  try {
    verifyTables(
      manifest,
      await client.transaction((tx) => tableChecksums((statement) => tx.query(statement))),
    );
  } finally {
    await client.close();
  }
}

export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  databaseUrl: string | undefined;
}): Promise<BackupManifest> {
  const dataDir = path.resolve(options.dataDir);
  const targetKind = options.databaseUrl ? 'postgres' : 'pglite';
  await refuseNonEmptyDataDir(dataDir);
  const parent = path.dirname(dataDir);
  await mkdir(parent, { recursive: true });
  // Beside the target, on its file system: the files are moved into place, not copied.
  const stage = await mkdtemp(path.join(parent, '.weindepot-restore-'));
  let createdDataDir = false;
  try {
    try {
      await tar.extract({ file: path.resolve(options.file), cwd: stage, strict: true });
    } catch (error) {
      throw new Error(`Die Sicherung ${options.file} ist nicht lesbar: ${(error as Error).message}`);
    }
    const manifest = parseManifest(
      await readFile(path.join(stage, MANIFEST_ENTRY), 'utf8').catch(() => {
        throw new Error(`${options.file} enthält kein ${MANIFEST_ENTRY}: keine Sicherung dieses Portals.`);
      }),
    );
    if (manifest.database.kind !== targetKind) {
      const from = { pglite: 'der eingebauten Datenbank (PGlite)', postgres: 'Postgres' };
      const into = {
        pglite: 'die eingebaute Datenbank (PGlite), da DATABASE_URL nicht gesetzt ist',
        postgres: 'Postgres (DATABASE_URL)',
      };
      throw new Error(
        `Die Sicherung stammt aus ${from[manifest.database.kind]}, das Ziel ist ${into[targetKind]}. Stellen Sie sie in dieselbe Art Datenbank wieder her.`,
      );
    }
    const filesDir = path.join(stage, FILES_ENTRY);
    await verifyFiles(filesDir, manifest);
    const dump = path.join(stage, ...manifest.database.entry.split('/'));
    // Checked again right before it is filled: nothing may have arrived meanwhile.
    await refuseNonEmptyDataDir(dataDir);
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    createdDataDir = true;
    if (options.databaseUrl) await restorePostgres(options.databaseUrl, dump, manifest);
    else await restorePglite(path.join(dataDir, 'db'), dump, manifest);
    for (const entry of await entriesOf(filesDir)) {
      await rename(path.join(filesDir, entry), path.join(dataDir, entry));
    }
    return manifest;
  } catch (error) {
    // The target was empty: what this restore put there goes again, so a retry finds it empty.
    if (createdDataDir) {
      for (const entry of await entriesOf(dataDir))
        await rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
    throw error;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
