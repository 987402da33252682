/**
 * The production server (`server/start.ts`) as a child process, for the fault tests: its own data
 * folder, its own database (a fresh Postgres database, dropped afterwards, or PGlite files in the
 * data folder), killed with SIGKILL and started again on the same data.
 *
 * The child runs `node --import tsx server/start.ts`, so its pid is the server itself (a `tsx`
 * wrapper process would survive a SIGKILL of the wrapper and keep the port).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_COMPANY_ENV } from '../../../server/company';
import { openDatabase } from '../../../server/db/client';
import { demoStockReport } from '../../../server/services/warehouse-demo';
import {
  generateWarehouseKeyPair,
  type WarehouseKeyPair,
} from '../../../server/services/warehouse-signature';
import { createTestDatabase, type DatabaseTarget } from './harness';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** How long a (re)start may take on a loaded 2-core machine (the first one seeds the demo data). */
const START_TIMEOUT_MS = 150_000;

export interface ServerProcess {
  pid: number;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** True while the process runs. */
  alive(): boolean;
  /** Sends SIGKILL and waits until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful: the outbox dispatcher finishes its run, the database is closed) and wait. */
  stop(): Promise<void>;
  /** Sends SIGTERM without waiting; resolves with the exit code (null when a signal ended it). */
  terminate(): Promise<number | null>;
}

export interface ServerSetup {
  target: DatabaseTarget;
  port: number;
  dataDir: string;
  /** Postgres connection string of the run's own database; undefined on PGlite. */
  databaseUrl: string | undefined;
  env: Record<string, string>;
  /**
   * The bonded warehouse this setup plays: the server checks stock reports against its public key
   * (`WAREHOUSE_PUBLIC_KEY`), as in production, where no demo warehouse exists.
   */
  warehouseKeys: WarehouseKeyPair;
  /**
   * The signed stock report this warehouse would send for the ledger as it stands (on PGlite only
   * while no server process runs); `deliverStockReport` posts it.
   */
  stockReport(): Promise<{ csv: Buffer; signature: string }>;
  /** Opens the run's database from the test (on PGlite only while no server process runs). */
  withDatabase<T>(use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T>;
  /** Starts the server on this setup's data; resolves when it listens. */
  start(): Promise<ServerProcess>;
  /** Kills every process started here, drops the database and deletes the data folder. */
  cleanup(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * `preferred` when it is free on 127.0.0.1, otherwise a free port the system picks (another run of
 * the suite on the same machine may hold the preferred one).
 */
async function freePort(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(null));
      probe.listen(port, '127.0.0.1', () => {
        const { port: bound } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(bound));
      });
    });
  return (await tryListen(preferred)) ?? ((await tryListen(0)) as number);
}

export async function createServerSetup(
  target: DatabaseTarget,
  options: {
    port: number;
    env?: Record<string, string>;
    databaseUrl?: (url: string) => string;
    /** Another setup's Postgres database (a second instance); it is that setup's to drop. */
    sharedDatabaseUrl?: string;
    /** The same warehouse as another setup's (a restore of its data); a new one by default. */
    warehouseKeys?: WarehouseKeyPair;
  },
): Promise<ServerSetup> {
  const port = await freePort(options.port);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-faults-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (options.sharedDatabaseUrl) databaseUrl = options.sharedDatabaseUrl;
  else if (target === 'postgres')
    ({ url: databaseUrl, drop: dropDatabase } = await createTestDatabase('weindepot_faults'));
  const children = new Set<ChildProcess>();
  const warehouseKeys = options.warehouseKeys ?? generateWarehouseKeyPair();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // API only: no PWA build (the fault tests speak to /graphql), nothing served from dist/.
    BUILD_PWA: 'off',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET: 'fault-test-secret',
    WAREHOUSE_PUBLIC_KEY: warehouseKeys.publicKey,
    DATABASE_URL: databaseUrl && options.databaseUrl ? options.databaseUrl(databaseUrl) : (databaseUrl ?? ''),
    SMTP_URL: '',
    ...options.env,
  };

  const withDatabase: ServerSetup['withDatabase'] = async (use) => {
    const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
    try {
      return await use(database.db);
    } finally {
      await database.close();
    }
  };

  return {
    target,
    port,
    dataDir,
    databaseUrl,
    env,
    warehouseKeys,
    stockReport: () => withDatabase((db) => demoStockReport(db, warehouseKeys, new Date())),
    withDatabase,
    async start() {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
        cwd: repositoryRoot,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          ...DEMO_COMPANY_ENV,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      child.once('exit', () => children.delete(child));
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const server: ServerProcess = {
        pid: child.pid as number,
        url: `http://127.0.0.1:${port}`,
        output: () => output,
        alive: () => child.exitCode === null && child.signalCode === null,
        async kill() {
          child.kill('SIGKILL');
          await exited(child);
        },
        async stop() {
          child.kill('SIGTERM');
          await exited(child);
        },
        terminate() {
          const exit = exited(child).then(() => child.exitCode);
          child.kill('SIGTERM');
          return exit;
        },
      };
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`Server startete nicht in ${START_TIMEOUT_MS} ms:\n${output}`));
        }, START_TIMEOUT_MS);
        const onData = () => {
          if (output.includes('Portal läuft auf')) {
            clearTimeout(timer);
            child.stdout?.off('data', onData);
            resolve();
          }
        };
        child.stdout?.on('data', onData);
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`Server endete beim Start (${code ?? signal}):\n${output}`));
        });
      });
      return server;
    },
    async cleanup() {
      for (const child of children) {
        child.kill('SIGKILL');
        await exited(child);
      }
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface GraphQLResponse<Data = Record<string, unknown>> {
  status: number;
  headers: Headers;
  text: string;
  data: Data | null;
  errors: { message: string; extensions?: { code?: string } }[] | undefined;
}

/** One POST to /graphql over the network; a failed connection rejects. */
export async function postGraphQL<Data = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GraphQLResponse<Data>> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  let body: { data?: Data; errors?: GraphQLResponse['errors'] } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page would land here): the test inspects `text`.
  }
  return {
    status: response.status,
    headers: response.headers,
    text,
    data: body.data ?? null,
    errors: body.errors,
  };
}

/** Delivers a signed stock report the way the warehouse's system does (`POST /api/warehouse/stock-report`). */
export async function deliverStockReport(
  url: string,
  report: { csv: Buffer; signature: string },
): Promise<void> {
  const response = await fetch(`${url}/api/warehouse/stock-report`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', 'x-warehouse-signature': report.signature },
    body: new Uint8Array(report.csv),
  });
  if (response.status !== 201) {
    throw new Error(`Bestandsbericht abgelehnt (${response.status}): ${await response.text()}`);
  }
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const answer = await postGraphQL<{ tokenAuth: { token: string | null } }>(
    url,
    'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }',
    { email, password },
  );
  const token = answer.data?.tokenAuth.token;
  if (!token) throw new Error(`Anmeldung fehlgeschlagen: ${answer.text}`);
  return token;
}
