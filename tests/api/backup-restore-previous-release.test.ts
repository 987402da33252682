/**
 * A backup of a database on the previous release's schema restores, the current server migrates it
 * on start, and every row of the old columns is unchanged.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { recordDatabase } from '../../server/backup/records';
import { loadConfig } from '../../server/config';
import {
  backUp,
  cleanUpAfterEach,
  newSetup,
  ports,
  restoreInto,
  TEST_TIMEOUT_MS,
  temporaryFolder,
} from './support/backup-restore';
import { rowsOf } from './support/db-checksum';
import { databaseTargets } from './support/harness';
import {
  buildPreviousReleaseDatabase,
  migrationsFolder,
  projectedChecksums,
} from './support/previous-release';

describe.each(databaseTargets)('Wiederherstellung einer Sicherung der vorigen Version (%s)', (target) => {
  cleanUpAfterEach();

  it(
    "restores a backup of the previous release's schema, and the server migrates it",
    async () => {
      const source = await newSetup(target, { port: ports.previousRelease[target] });
      const previousColumns = await buildPreviousReleaseDatabase(source);
      // The previous release's files and its record of the database, as its server leaves them.
      loadConfig({ DATA_DIR: source.dataDir });
      await recordDatabase(source.dataDir, source.databaseUrl);
      const previous = await source.withDatabase((db) => projectedChecksums(db, previousColumns));

      // The portal is stopped: the PGlite backup opens the database itself.
      const archive = await backUp(source.dataDir, await temporaryFolder('weindepot-backups-'));
      const restored = await newSetup(target, { port: ports.previousRelease[target] });
      const restore = await restoreInto(restored, archive);
      expect(restore.code, restore.output).toBe(0);

      // Ready means migrated to this release (readiness checks the migrations). No sign-in here: it
      // would write to the tables compared below.
      const server = await restored.start();
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      await server.stop();

      await restored.withDatabase(async (db) => {
        const latest = readMigrationFiles({ migrationsFolder }).length;
        const [applied] = await rowsOf<{ count: number }>(
          db,
          'select count(*)::int as count from drizzle.__drizzle_migrations',
        );
        expect(applied?.count).toBe(latest);
        expect(await projectedChecksums(db, previousColumns)).toEqual(previous);
      });
    },
    TEST_TIMEOUT_MS,
  );
});
