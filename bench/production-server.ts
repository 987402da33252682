/**
 * The production server as `npm start` runs it (compiled JavaScript, built when stale), started
 * by the load and server-CPU benches; BENCH_NODE_ARGS adds node options, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/profiles`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { DEMO_COMPANY_ENV } from '../server/company';
import { EXAMPLE_WAREHOUSE_ENV } from '../server/services/warehouse-signature';

/** The Postgres server the load benches create their databases on. */
export const benchAdminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** The port the production server listens on in the load benches. */
export const productionServerPort = Number(process.env.BENCH_LOAD_PORT ?? 4682);

/** Starts the server in `serverRoot` with `env` added; resolves once it listens. */
export function startProductionServer(
  serverRoot: string,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/start.mjs'], {
    cwd: serverRoot,
    env: { ...process.env, NODE_ENV: 'production', ...DEMO_COMPANY_ENV, ...EXAMPLE_WAREHOUSE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', () => {
      if (output.includes('Portal läuft auf')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`Server endete (${code}):\n${output}`)));
  });
}
