/**
 * `npm run backup -- <folder>`: one compressed file `weindepot-<time>.tar.gz` with the database and
 * the files of `DATA_DIR` (the written mails aside: they are copies of what went out), taken while
 * the portal runs. Only `DATA_DIR` is needed: the server recorded there which database it uses.
 *
 * The archive is assembled in a hidden folder beside its target and published through
 * durable-file.ts (synced, then renamed), so no partial backup ever carries the final name.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';
import { publishFile, syncFile, temporaryNameFor } from '../services/durable-file';
import { SNAPSHOT_HEADER } from './endpoint';
import { BACKUP_FORMAT, type BackupManifest, DATABASE_ENTRY, FILES_ENTRY, MANIFEST_ENTRY } from './manifest';
import { RUNTIME_FILES, readBackupEndpoint, readDatabaseRecord } from './records';
import {
  type DatabaseSnapshot,
  postgresProgram,
  programMajorVersion,
  snapshotPglite,
  snapshotPostgres,
} from './snapshot';

/** Folders of `DATA_DIR` not copied as files: the database (dumped instead) and the written mails. */
const EXCLUDED_FOLDERS = ['db', 'mail'];

/** `2026-05-01T02:00:00.123Z` → `20260501T020000.123Z` (ISO 8601 basic format: no colons in file names). */
export function backupFileName(at: Date): string {
  return `weindepot-${at.toISOString().replace(/[-:]/g, '')}.tar.gz`;
}

/** The dump of a PGlite database: by the running server, or directly when no process holds it. */
async function dumpPglite(dataDir: string, target: string): Promise<DatabaseSnapshot> {
  const endpoint = await readBackupEndpoint(dataDir);
  if (endpoint) {
    let response: Response | undefined;
    try {
      response = await fetch(`http://127.0.0.1:${endpoint.port}/backup`, {
        method: 'POST',
        headers: { authorization: `Bearer ${endpoint.token}` },
      });
    } catch {
      // Not listening: a server that ended without removing its record (killed); see below.
    }
    if (response) {
      if (!response.ok) throw new Error(`Der Server lehnte die Sicherung ab: ${await response.text()}`);
      const header = response.headers.get(SNAPSHOT_HEADER);
      if (!header) throw new Error('Der Server lieferte keine Beschreibung der Sicherung.');
      await writeFile(target, Buffer.from(await response.arrayBuffer()));
      return JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as DatabaseSnapshot;
    }
  }
  const databaseDir = path.join(dataDir, 'db');
  // PGlite keeps this file while a process has the database open (and after a crash of it).
  if (existsSync(path.join(databaseDir, 'postmaster.pid'))) {
    throw new Error(
      `Die Datenbank in ${databaseDir} ist geöffnet, aber kein Server dieses DATA_DIR beantwortet die Sicherungsanfrage. Läuft das Portal, starten Sie es neu; ist es abgestürzt, starten und beenden Sie es einmal und sichern Sie dann erneut.`,
    );
  }
  if (!existsSync(path.join(databaseDir, 'PG_VERSION')))
    throw new Error(`In ${databaseDir} liegt keine Datenbank.`);
  // The portal is stopped: this process may open the files itself.
  const client = await PGlite.create(databaseDir, { extensions: { pg_trgm } });
  try {
    const { snapshot, dump } = await snapshotPglite(client);
    await writeFile(target, Buffer.from(await dump.arrayBuffer()));
    return snapshot;
  } finally {
    await client.close();
  }
}

function copied(dataDir: string) {
  return (source: string): boolean => {
    const relative = path.relative(dataDir, source);
    if (relative === '') return true;
    const [top = ''] = relative.split(path.sep);
    if (relative === top && (EXCLUDED_FOLDERS.includes(top) || RUNTIME_FILES.includes(top))) return false;
    // Hidden temporary files of writes in progress (durable-file.ts) are no state yet.
    return !/^\..*\.tmp$/.test(path.basename(source));
  };
}

async function describeFiles(root: string): Promise<BackupManifest['files']> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile());
  const described = await Promise.all(
    files.map(async (entry) => {
      const absolute = path.join(entry.parentPath, entry.name);
      const bytes = await readFile(absolute);
      return {
        path: path.relative(root, absolute).split(path.sep).join('/'),
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
    }),
  );
  return described.sort((a, b) => a.path.localeCompare(b.path));
}

/** Writes the backup into `folder` and answers its path. */
export async function createBackup(options: {
  dataDir: string;
  folder: string;
  now?: Date;
}): Promise<string> {
  const dataDir = path.resolve(options.dataDir);
  const folder = path.resolve(options.folder);
  const record = await readDatabaseRecord(dataDir);
  await mkdir(folder, { recursive: true });
  const createdAt = options.now ?? new Date();
  const archive = path.join(folder, backupFileName(createdAt));
  const stage = await mkdtemp(path.join(folder, '.weindepot-backup-'));
  try {
    await mkdir(path.join(stage, 'database'));
    const entry = DATABASE_ENTRY[record.kind];
    let database: BackupManifest['database'];
    if (record.kind === 'pglite') {
      database = { ...(await dumpPglite(dataDir, path.join(stage, entry))), entry };
    } else {
      const snapshot = await snapshotPostgres(record.url, path.join(stage, entry));
      database = {
        ...snapshot,
        entry,
        dumpProgramMajor: await programMajorVersion(postgresProgram('pg_dump')),
      };
    }
    // After the dump: files are written once under their final name, so a file newer than the
    // dump is at worst one the restored database does not need yet.
    const filesDir = path.join(stage, FILES_ENTRY);
    await mkdir(filesDir);
    await cp(dataDir, filesDir, { recursive: true, filter: copied(dataDir), preserveTimestamps: true });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: createdAt.toISOString(),
      database,
      files: await describeFiles(filesDir),
    };
    await writeFile(path.join(stage, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);

    const temporary = temporaryNameFor(archive);
    try {
      await tar.create({ gzip: true, portable: true, cwd: stage, file: temporary }, [
        MANIFEST_ENTRY,
        'database',
        FILES_ENTRY,
      ]);
      // It holds the secrets and every client's data: for the portal's user only.
      await chmod(temporary, 0o600);
      await syncFile(temporary);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    if ((await publishFile(temporary, archive, 'keep')) === 'kept') {
      throw new Error(`${archive} gibt es schon; die neue Sicherung wurde verworfen.`);
    }
    return archive;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
