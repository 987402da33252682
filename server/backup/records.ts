/**
 * What the running server leaves in `DATA_DIR` for `npm run backup`, which needs nothing but that
 * folder: which database the portal uses (`database.json`) and, on PGlite, where the server takes
 * a dump on request (`backup-endpoint.json`). PGlite is one process's files; a second process
 * opening them beside the server would corrupt them, so the server itself has to make the dump.
 * Both files hold secrets (the Postgres password in the URL, the endpoint's token) and are
 * readable by the portal's user only.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurably } from '../services/durable-file';

export type DatabaseRecord = { kind: 'pglite' } | { kind: 'postgres'; url: string };

export interface BackupEndpointRecord {
  pid: number;
  port: number;
  token: string;
}

export const DATABASE_RECORD_FILE = 'database.json';
export const BACKUP_ENDPOINT_FILE = 'backup-endpoint.json';

/** Files of `DATA_DIR` that describe the running process, never its state: not backed up. */
export const RUNTIME_FILES: readonly string[] = [DATABASE_RECORD_FILE, BACKUP_ENDPOINT_FILE];

export async function recordDatabase(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const record: DatabaseRecord = databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite' };
  await writeFileDurably(path.join(dataDir, DATABASE_RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`, {
    mode: 0o600,
  });
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function readDatabaseRecord(dataDir: string): Promise<DatabaseRecord> {
  const file = path.join(dataDir, DATABASE_RECORD_FILE);
  const record = await readJson(file);
  if (typeof record === 'object' && record !== null) {
    const { kind, url } = record as { kind?: unknown; url?: unknown };
    if (kind === 'pglite') return { kind };
    if (kind === 'postgres' && typeof url === 'string' && url !== '') return { kind, url };
  }
  throw new Error(
    `${file} fehlt oder ist unlesbar: Das Portal hat mit diesem DATA_DIR noch nie gestartet (es schreibt dort beim Start, welche Datenbank es nutzt).`,
  );
}

export async function recordBackupEndpoint(dataDir: string, record: BackupEndpointRecord): Promise<void> {
  await writeFileDurably(path.join(dataDir, BACKUP_ENDPOINT_FILE), `${JSON.stringify(record)}\n`, {
    mode: 0o600,
  });
}

export async function readBackupEndpoint(dataDir: string): Promise<BackupEndpointRecord | undefined> {
  const record = await readJson(path.join(dataDir, BACKUP_ENDPOINT_FILE));
  if (typeof record !== 'object' || record === null) return undefined;
  const { pid, port, token } = record as Partial<Record<keyof BackupEndpointRecord, unknown>>;
  if (typeof pid !== 'number' || typeof port !== 'number' || typeof token !== 'string') return undefined;
  return { pid, port, token };
}

export async function removeBackupEndpoint(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, BACKUP_ENDPOINT_FILE), { force: true });
}
