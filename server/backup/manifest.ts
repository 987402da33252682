/** `manifest.json`, the first entry of every backup: what it holds and how to check a restore of it. */
import type { DatabaseSnapshot } from './snapshot';

export const BACKUP_FORMAT = 1;
export const MANIFEST_ENTRY = 'manifest.json';
/** The data folder's files inside the archive: `files/<path below DATA_DIR>`. */
export const FILES_ENTRY = 'files';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: DatabaseSnapshot & {
    /** The dump inside the archive: PGlite's data folder (tar.gz) or pg_dump's custom format. */
    entry: string;
    /** Major version of the pg_dump that wrote a Postgres dump; pg_restore must be as new. */
    dumpProgramMajor?: number;
  };
  /** Every file below `files/`, with its size and SHA-256. */
  files: { path: string; size: number; sha256: string }[];
}

export const DATABASE_ENTRY = {
  pglite: 'database/pglite-datadir.tar.gz',
  postgres: 'database/postgres.dump',
};

export function parseManifest(text: string): BackupManifest {
  const manifest = JSON.parse(text) as Partial<BackupManifest>;
  if (manifest.format !== BACKUP_FORMAT || !manifest.database || !Array.isArray(manifest.files)) {
    throw new Error(
      `Die Datei ist keine Sicherung dieses Portals oder hat ein unbekanntes Format (${String(manifest.format)}).`,
    );
  }
  return manifest as BackupManifest;
}
