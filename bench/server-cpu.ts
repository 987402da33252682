/**
 * CPU time of the server per request, printed, no assertions: the compiled server
 * (`scripts/start.mjs`, NODE_ENV=production) as a child process on the load bench's data set
 * (`bench/load.ts`), a fixed number of requests per operation through autocannon, and the
 * server process's user + system CPU time (from /proc) divided by the requests. CPU per request
 * hardly moves with other work on the machine (wall time and req/s do), so it is the figure to
 * compare code changes by on a shared machine. Beside it the CPU time per request of the local
 * Postgres server's backends serving the bench's database (other databases' work is not counted)
 * and of the load generator (this process).
 *
 *   npx tsx bench/server-cpu.ts
 *     BENCH_DATABASE_URL  Postgres server (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
 *     BENCH_KEEP_DB       name of a database to keep between runs (created with the data on the first run)
 *     BENCH_LOAD_PORT     port of the server (default 4682)
 *     BENCH_REQUESTS      requests per operation (default 1,000)
 *     BENCH_CONNECTIONS   connections (default 10)
 *     BENCH_ONLY          operations, e.g. `clientsDepot,orderPositionList,offerPage,searchOffersDefault`,
 *                         `offerPageAfterChange` (the offer page after each write of a tranche;
 *                         default all five reads and it)
 *     BENCH_NODE_ARGS     node options of the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 *     BENCH_SERVER_ROOTS  checkouts whose server to measure, comma-separated, each run in turn
 *                         `BENCH_ROUNDS` times (default this one; e.g. an export of the previous
 *                         commit with a node_modules link, for a before/after under the same load)
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { print } from 'graphql';
import pg from 'pg';
import type { Database } from '../server/db/client';
import * as schema from '../server/db/schema';
import { DEMO_PASSWORD, seedDemoData } from '../server/seed';
import {
  ClientsDepotDocument,
  OfferPageDocument,
  OrderListDocument,
  SearchOffersDocument,
} from '../src/api/graphql.generated';
import {
  defaultOfferFilter,
  OFFER_PAGE_SIZE,
  offerSearchVariables,
} from '../src/features/offers/model/offer-filter';
import { scaleSql } from './load';
import { backendsCpuBetween, databaseBackendsCpuMs, processCpuMs } from './process-cpu';
import {
  benchAdminUrl as adminUrl,
  productionServerPort as port,
  startProductionServer,
} from './production-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requests = Number(process.env.BENCH_REQUESTS ?? 1000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const only = process.env.BENCH_ONLY?.split(',').map((entry) => entry.trim());
const benchClient = 'bench-kunde-1@example.com';
const serverRoots = process.env.BENCH_SERVER_ROOTS?.split(',').filter(Boolean) ?? [root];
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);

async function prepareDatabase(admin: pg.Client, name: string, dataDir: string): Promise<boolean> {
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount) return false;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  try {
    const db = drizzle(pool, { schema }) as unknown as Database;
    await migrate(drizzle(pool), { migrationsFolder: path.join(root, 'server/db/migrations') });
    await seedDemoData(db, { mediaDir: path.join(dataDir, 'media') });
    for (const statement of scaleSql) await pool.query(statement);
  } finally {
    await pool.end();
  }
  return true;
}

/** Starts the server of `serverRoot`, measures each operation, and returns the running server. */
async function measure(
  serverRoot: string,
  name: string,
  dataDir: string,
  admin: pg.Client,
): Promise<ChildProcess> {
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const server = await startProductionServer(serverRoot, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl.toString(),
    BUILD_PWA: 'off',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    JWT_SECRET: 'bench-secret',
  });
  const pid = server.pid as number;
  const url = `http://127.0.0.1:${port}/graphql`;
  const signIn = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }',
      variables: { e: benchClient, p: DEMO_PASSWORD },
    }),
  });
  const token = ((await signIn.json()) as { data: { tokenAuth: { token: string } } }).data.tokenAuth.token;
  const bodies: Record<string, string> = {
    clientsDepot: JSON.stringify({ query: print(ClientsDepotDocument) }),
    searchOffers: JSON.stringify({
      query: print(SearchOffersDocument),
      variables: offerSearchVariables({ ...defaultOfferFilter(), search: 'bellac' }),
    }),
    orderPositionList: JSON.stringify({ query: print(OrderListDocument) }),
    // One generated vintage's offer page: the carousel over the 50,000 offers beside it.
    offerPage: JSON.stringify({ query: print(OfferPageDocument), variables: { lwin11: 'B0012342018' } }),
    // The top-offers page without a search term (25,000 promoted offers): its first page as the
    // PWA asks for it.
    searchOffersDefault: JSON.stringify({
      query: print(SearchOffersDocument),
      variables: { ...offerSearchVariables(defaultOfferFilter()), first: OFFER_PAGE_SIZE },
    }),
  };
  const headers = { 'content-type': 'application/json', authorization: `JWT ${token}` };
  const run = async (body: string, amount: number) => {
    let failed = 0;
    const result = await autocannon({
      url,
      connections,
      amount,
      requests: [
        {
          method: 'POST',
          headers,
          body,
          onResponse: (status, responseBody) => {
            if (status !== 200 || responseBody.includes('"errors":[')) failed += 1;
          },
        },
      ],
    });
    return { result, failed };
  };
  for (const [operation, body] of Object.entries(bodies)) {
    if (only && !only.includes(operation)) continue;
    await run(body, Math.max(100, requests / 5)); // warm-up: JIT, pool, caches
    const before = await processCpuMs(pid);
    const postgresBefore = await databaseBackendsCpuMs(admin, name);
    const generatorBefore = process.cpuUsage();
    const started = performance.now();
    const { result, failed } = await run(body, requests);
    const wall = performance.now() - started;
    const generator = process.cpuUsage(generatorBefore);
    const postgres = backendsCpuBetween(postgresBefore, await databaseBackendsCpuMs(admin, name)) / requests;
    const after = await processCpuMs(pid);
    const user = (after.user - before.user) / requests;
    const system = (after.system - before.system) / requests;
    console.log(
      `  ${operation.padEnd(18)} CPU ${(user + system).toFixed(2)} ms/Anfrage (davon System ${system.toFixed(2)}) · Postgres ${postgres.toFixed(2)} ms · Lastgenerator ${((generator.user + generator.system) / 1000 / requests).toFixed(2)} ms · ${((requests * 1000) / wall).toFixed(0)} Anfragen/s · p99 ${result.latency.p99} ms · Fehler ${failed + result.errors + result.timeouts}`,
    );
  }
  if (!only || only.includes('offerPageAfterChange'))
    await offerPageAfterChange({ url, headers, body: bodies.offerPage as string, pid, name });
  return server;
}

/**
 * The offer page right after a change of the catalogue, as after every reservation or tranche
 * edit: each request follows a write of one tranche (its quantity written unchanged, which still
 * counts as a change), one at a time. The writer's own backend is not counted.
 */
async function offerPageAfterChange(target: {
  url: string;
  headers: Record<string, string>;
  body: string;
  pid: number;
  name: string;
}) {
  const amount = Math.max(50, Math.round(requests / 10));
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${target.name}`;
  const writer = new pg.Client({ connectionString: databaseUrl.toString() });
  await writer.connect();
  let failed = 0;
  try {
    const [tranche] = (await writer.query<{ id: number }>('select min(id) as id from partial_offers')).rows;
    const page = async () => {
      await writer.query('update partial_offers set quantity_available = quantity_available where id = $1', [
        tranche?.id,
      ]);
      const response = await fetch(target.url, {
        method: 'POST',
        headers: target.headers,
        body: target.body,
      });
      if (response.status !== 200 || (await response.text()).includes('"errors":[')) failed += 1;
    };
    for (let warmUp = 0; warmUp < 5; warmUp++) await page();
    const before = await processCpuMs(target.pid);
    const postgresBefore = await databaseBackendsCpuMs(writer, target.name);
    for (let request = 0; request < amount; request++) await page();
    const postgres =
      backendsCpuBetween(postgresBefore, await databaseBackendsCpuMs(writer, target.name)) / amount;
    const after = await processCpuMs(target.pid);
    const server = (after.user + after.system - before.user - before.system) / amount;
    console.log(
      `  ${'offerPage nach Änderung'.padEnd(18)} CPU ${server.toFixed(2)} ms/Anfrage · Postgres ${postgres.toFixed(2)} ms · ${amount} Anfragen nacheinander, je nach dem Schreiben einer Tranche · Fehler ${failed}`,
    );
  } finally {
    await writer.end();
  }
}

async function main(): Promise<void> {
  const kept = process.env.BENCH_KEEP_DB;
  const name = kept ?? `weindepot_cpu_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-bench-cpu-'));
  let server: ChildProcess | undefined;
  try {
    const created = await prepareDatabase(admin, name, dataDir);
    console.log(
      `Datenbank ${name}${created ? ' (neu angelegt)' : ''}; ${requests} Anfragen je Operation, ${connections} Verbindungen`,
    );
    for (let round = 1; round <= rounds; round++) {
      for (const serverRoot of serverRoots) {
        console.log(`Server aus ${serverRoot} (Runde ${round}), Last ${os.loadavg()[0]?.toFixed(1)}`);
        server = await measure(serverRoot, name, dataDir, admin);
        server.kill('SIGTERM');
        await once(server, 'exit').catch(() => undefined);
        server = undefined;
      }
    }
    console.log(`  Last am Ende ${os.loadavg()[0]?.toFixed(1)}`);
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await once(server, 'exit').catch(() => undefined);
    }
    if (!kept) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
