/**
 * A database on the schema of the release before this one, with the demo data: for the test that a
 * backup of it restores and the current server migrates it (backup-restore-previous-release.test.ts).
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../../server/db/client';
import { seedDemoData } from '../../../server/seed';
import { rowsOf } from './db-checksum';
import { repositoryRoot, type ServerSetup } from './server-process';

export const migrationsFolder = path.join(repositoryRoot, 'server/db/migrations');

/**
 * The database of the release before this one: the migrations without the newest, filled with the
 * demo data (seeded on the current schema in memory, then copied column by column into the older
 * one). Built from the migrations folder rather than an archived file, so it follows every new
 * migration by itself. Answers the columns of each table of that schema.
 */
export async function buildPreviousReleaseDatabase(setup: ServerSetup): Promise<Record<string, string[]>> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const previousFolder = await mkdtemp(path.join(os.tmpdir(), 'weindepot-migrations-'));
  await mkdir(path.join(previousFolder, 'meta'));
  const entries = journal.entries.slice(0, -1);
  await writeFile(path.join(previousFolder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    await copyFile(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(previousFolder, `${entry.tag}.sql`),
    );

  const current = await openDatabase({ pgliteDir: 'memory://' });
  const previous = await openDatabase({
    databaseUrl: setup.databaseUrl,
    pgliteDir: path.join(setup.dataDir, 'db'),
    migrationsFolder: previousFolder,
  });
  try {
    await current.migrate();
    await seedDemoData(current.db, { mediaDir: path.join(setup.dataDir, 'media') });
    await previous.migrate();

    const columns = await rowsOf<{ table: string; column: string }>(
      previous.db,
      `select table_name as table, column_name as column from information_schema.columns
       where table_schema = 'public' order by table_name, ordinal_position`,
    );
    const byTable: Record<string, string[]> = {};
    for (const { table, column } of columns) byTable[table] = [...(byTable[table] ?? []), column];
    await previous.db.transaction(async (tx) => {
      // Rows in any order: foreign keys are not checked while copying.
      await tx.execute(sql.raw('set local session_replication_role = replica'));
      for (const table of Object.keys(byTable)) {
        const [row] = await rowsOf<{ rows: unknown }>(
          current.db,
          `select coalesce(json_agg(t), '[]'::json) as rows from "${table}" t`,
        );
        // The copy replaces what a migration wrote itself (e.g. the one row of a summary table).
        await tx.execute(sql`delete from ${sql.identifier(table)}`);
        await tx.execute(
          sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(row?.rows ?? [])}::json)`,
        );
      }
      const serials = await rowsOf<{ table: string; column: string }>(
        tx as unknown as Database,
        `select table_name as table, column_name as column from information_schema.columns
         where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`,
      );
      for (const { table, column } of serials) {
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('"${table}"', '${column}'), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`,
          ),
        );
      }
    });
    return byTable;
  } finally {
    await Promise.all([current.close(), previous.close()]);
    await rm(previousFolder, { recursive: true, force: true });
  }
}

/** Row count and hash sum of every table over the given columns only (an older schema's). */
export async function projectedChecksums(db: Database, columns: Record<string, string[]>) {
  // Left out: the day's holdings proof, which a server started after its daily time builds on its own.
  const parts = Object.entries(columns)
    .filter(([table]) => !table.startsWith('holdings_'))
    .map(
      ([table, names]) =>
        `select '${table}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(row(${names.map((name) => `t."${name}"`).join(', ')})::text, 0)), 0)::text as sum from "${table}" t`,
    );
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local timezone = 'UTC'"));
    return rowsOf<{ name: string; sum: string }>(tx as unknown as Database, parts.join(' union all '));
  });
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}
