/**
 * Vitest global setup of the API projects: the demo data is seeded once per run and database
 * target, and every seeded test portal starts from a copy of it (`startTestPortal`, harness.ts)
 * instead of migrating and seeding again: PGlite from a dump of its data folder, Postgres from a
 * template database. A copy holds exactly what seeding would have written (the same rows, the
 * demo media files and the demo warehouse's keys in the data folder); only its dates are those of
 * the run's start, which the seed's day-based dates do not notice.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { seedDemoData } from '../../../server/seed';

export interface SeededTemplate {
  /** A data folder as the seed leaves it (media, secrets.json): copied into each portal's. */
  dataDir: string;
  /** The seeded PGlite data folder, dumped (`dumpDataDir`). */
  pgliteDump: string;
  /** The seeded Postgres database to copy (`CREATE DATABASE … TEMPLATE`); undefined without Postgres. */
  postgresTemplate: string | undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate;
  }
}

async function seededPglite(dataDir: string, mediaDir: string, config: ReturnType<typeof loadConfig>) {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await database.migrate();
    await seedDemoData(database.db, { mediaDir, warehouse: config });
    const dump = await database.pglite?.dumpDataDir('none');
    if (!dump) throw new Error('PGlite-Abbild nicht erstellt');
    const file = path.join(dataDir, '..', 'pglite-seeded.tar');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

async function seededPostgres(adminUrl: string, config: ReturnType<typeof loadConfig>) {
  const name = `weindepot_template_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
  try {
    await database.migrate();
    // The media files are the PGlite run's already (the same bytes): written to a folder of its own.
    await seedDemoData(database.db, {
      mediaDir: path.join(config.dataDir, 'media-postgres'),
      warehouse: config,
    });
  } finally {
    // A template database may have no session while it is copied.
    await database.close();
  }
  return name;
}

async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'weindepot-seeded-'));
  const dataDir = path.join(root, 'data');
  // The same keys in every copy: the seeded report's signature checks with the copy's demo key.
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://portal.test', JWT_SECRET: 'template' });
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [pgliteDump, postgresTemplate] = await Promise.all([
    seededPglite(dataDir, config.mediaDir, config),
    adminUrl ? seededPostgres(adminUrl, config) : Promise.resolve(undefined),
  ]);
  await rm(path.join(dataDir, 'media-postgres'), { recursive: true, force: true });
  project.provide('seededTemplate', { dataDir, pgliteDump, postgresTemplate });
  return async () => {
    if (adminUrl && postgresTemplate) await dropDatabase(adminUrl, postgresTemplate);
    await rm(root, { recursive: true, force: true });
  };
}
