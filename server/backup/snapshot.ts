/**
 * The database part of a backup: a dump and, taken at the very same point, the fingerprint of every
 * table (table-checksums.ts), so that a restore can prove it holds exactly that state.
 *
 * PGlite: the server's own connection is the only one. Inside one of its transactions nothing else
 * runs (PGlite queues every other query and transaction behind it), so a checkpoint, the
 * fingerprint and a copy of the data folder (`dumpDataDir`) see the same committed state; requests
 * wait for the second or two this takes.
 * Postgres: a repeatable-read transaction exports its snapshot, the fingerprint is read in it and
 * `pg_dump --snapshot` dumps that same snapshot while writes go on.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type TableChecksums, tableChecksums } from './table-checksums';

const run = promisify(execFile);

export interface DatabaseSnapshot {
  kind: 'pglite' | 'postgres';
  /** `server_version` of the database the dump comes from. */
  serverVersion: string;
  tables: TableChecksums;
}

export async function snapshotPglite(client: PGlite): Promise<{ snapshot: DatabaseSnapshot; dump: Blob }> {
  return client.transaction(async (tx) => {
    // Writes the changed pages into the data files, so the copy needs no WAL replay when opened.
    await tx.exec('checkpoint');
    const tables = await tableChecksums((statement) => tx.query(statement));
    const [version] = (await tx.query<{ server_version: string }>('show server_version')).rows;
    const dump = await client.dumpDataDir('gzip');
    return { snapshot: { kind: 'pglite', serverVersion: version?.server_version ?? '', tables }, dump };
  });
}

/** A PostgreSQL client program (`pg_dump`, `pg_restore`), from `PG_BIN_DIR` when set, else from the path. */
export function postgresProgram(name: 'pg_dump' | 'pg_restore'): string {
  const folder = process.env.PG_BIN_DIR;
  return folder ? path.join(folder, name) : name;
}

/** Major version of a client program (`pg_dump (PostgreSQL) 15.20 …` → 15). */
export async function programMajorVersion(program: string): Promise<number> {
  let output: string;
  try {
    output = (await run(program, ['--version'])).stdout;
  } catch (error) {
    throw new Error(
      `${program} ist nicht aufrufbar (${(error as Error).message}). Installieren Sie die PostgreSQL-Client-Programme (mindestens die Hauptversion des Servers) oder setzen Sie PG_BIN_DIR auf ihren Ordner.`,
    );
  }
  const major = /\(PostgreSQL\)\s+(\d+)/.exec(output)?.[1];
  if (!major) throw new Error(`Unerwartete Versionsangabe von ${program}: ${output.trim()}`);
  return Number(major);
}

/**
 * A connection string without its password, and the environment carrying it: the command line of
 * `pg_dump`/`pg_restore` is visible to every local user (`ps`), their environment is not.
 */
export function postgresConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The server's major version (`server_version_num` 150020 → 15). */
export async function serverMajorVersion(client: pg.Client): Promise<{ major: number; version: string }> {
  const { rows } = await client.query<{ num: string; version: string }>(
    "select current_setting('server_version_num') as num, current_setting('server_version') as version",
  );
  const [row] = rows;
  return { major: Math.floor(Number(row?.num) / 10_000), version: row?.version ?? '' };
}

/** Dumps the database into `file` (pg_dump's custom format) and answers the snapshot's fingerprint. */
export async function snapshotPostgres(databaseUrl: string, file: string): Promise<DatabaseSnapshot> {
  const pgDump = postgresProgram('pg_dump');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const server = await serverMajorVersion(client);
    const dumpMajor = await programMajorVersion(pgDump);
    if (dumpMajor < server.major) {
      throw new Error(
        `pg_dump ${dumpMajor} kann einen PostgreSQL-${server.major}-Server nicht sichern: Es braucht pg_dump ${server.major} oder neuer (PG_BIN_DIR zeigt auf einen anderen Ordner der Client-Programme).`,
      );
    }
    await client.query('begin isolation level repeatable read read only');
    const [exported] = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows;
    const tables = await tableChecksums((statement) => client.query(statement));
    const { dbname, env } = postgresConnection(databaseUrl);
    try {
      await run(
        pgDump,
        [
          `--snapshot=${exported?.id}`,
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${file}`,
          `--dbname=${dbname}`,
        ],
        { env, maxBuffer: 16 * 1024 * 1024 },
      );
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
      throw new Error(`pg_dump ist fehlgeschlagen: ${stderr || (error as Error).message}`);
    }
    await client.query('commit');
    return { kind: 'postgres', serverVersion: server.version, tables };
  } finally {
    await client.end();
  }
}
