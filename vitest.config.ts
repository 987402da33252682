import { createRequire } from 'node:module';
import { configDefaults, defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/** API test files that run one at a time, after all others (project `api-serial`, see below). */
const serialApiFiles = [
  // Server processes (`support/server-process.ts`): killed and restarted on the same port, polled
  // against deadlines, clusters of workers; each start costs seconds of CPU.
  'tests/api/faults-order-list-replay.test.ts',
  'tests/api/faults-outbox-delivery.test.ts',
  'tests/api/faults-graceful-stop.test.ts',
  'tests/api/faults-database-restart.test.ts',
  'tests/api/cluster.test.ts',
  'tests/api/two-instances.test.ts',
  'tests/api/backup-restore-under-load.test.ts',
  'tests/api/backup-restore-previous-release.test.ts',
  // Depend on a quiet machine: a cheap request answered within a second while a PDF renders
  // (measured); eight argon2id sign-ins (64 MiB each) through a queue of one, within the timeout.
  'tests/api/pdf-rendering.test.ts',
  'tests/api/sign-in-storm.test.ts',
];

export default defineConfig({
  resolve: {
    // graphql 16 ships CommonJS and ESM side by side; Node (and graphql-yoga) load the CommonJS
    // entry, so tests must too, or `instanceof GraphQLError` fails across two copies.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/component/support/setup.ts'],
        },
      },
      // The API files run in two groups, one after the other (`npm run test:api` runs both):
      // `api`, two files at a time (each file has its own Postgres databases with random names, its
      // own mkdtemp data and mail folders, ports the system picks), then `api-serial`, one file at
      // a time with nothing beside it: the files that start the real server as child processes or
      // depend on a quiet machine (`serialApiFiles` above). Vitest runs group 1, then group 2.
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...serialApiFiles],
          environment: 'node',
          // The demo data seeded once per run; seeded portals start from a copy of it.
          globalSetup: ['tests/api/support/seeded-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'api-serial',
          include: serialApiFiles,
          environment: 'node',
          globalSetup: ['tests/api/support/seeded-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
