/**
 * Start-up of the production server: the TypeScript sources through tsx (as
 * `npm start` ran until 2026-11-24) against the compiled bundle with plain node (`npm start` now,
 * `dist-server/start.js`). Each run starts a process on an already migrated and seeded PGlite data
 * folder (no PWA build), measures process start → first GraphQL answer, then the resident memory
 * of the idle server after a few seconds. Several runs, medians printed; never asserted.
 *
 *   npx tsx bench/startup.ts        BENCH_STARTUP_RUNS (default 5), BENCH_STARTUP_PORT (default 4690)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { DEMO_COMPANY_ENV } from '../server/company';
import { EXAMPLE_WAREHOUSE_ENV } from '../server/services/warehouse-signature';
import { recordFigure } from './figures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const port = Number(process.env.BENCH_STARTUP_PORT ?? 4690);
const IDLE_MS = 3_000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Resident memory of a process in MiB (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

async function firstAnswer(deadline: number): Promise<void> {
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  throw new Error('Der Server antwortete nicht in 120 s');
}

async function measure(command: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; mib: number }> {
  const started = performance.now();
  const child: ChildProcess = spawn(command[0] as string, command.slice(1), {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  try {
    await firstAnswer(started + 120_000);
    const ms = performance.now() - started;
    await sleep(IDLE_MS);
    return { ms, mib: rssMiB(child.pid as number) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-startup-'));
try {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    ...DEMO_COMPANY_ENV,
    ...EXAMPLE_WAREHOUSE_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    BUILD_PWA: 'off',
    DIST_DIR: path.join(dataDir, 'no-dist'),
  };
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('Server-Build fehlgeschlagen');
  // The first start migrates and seeds; it is not measured.
  await measure([process.execPath, 'dist-server/start.js'], env);
  const modes = [
    ['tsx (TypeScript-Quellen)', [process.execPath, '--import', 'tsx', 'server/start.ts']],
    ['node dist-server/start.js', [process.execPath, 'dist-server/start.js']],
  ] as const;
  console.log(`Start bis zur ersten Antwort und Speicher im Leerlauf (${runs} Läufe, Median):`);
  for (const [label, command] of modes) {
    const results = [];
    for (let run = 0; run < runs; run++) results.push(await measure([...command], env));
    const ms = median(results.map((result) => result.ms));
    const mib = median(results.map((result) => result.mib));
    console.log(
      `  ${label.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms   ${mib.toFixed(0).padStart(4)} MiB RSS`,
    );
    recordFigure('startup', `${label}: Start`, `${ms.toFixed(0)} ms`);
    recordFigure('startup', `${label}: Speicher`, `${mib.toFixed(0)} MiB`);
  }
  console.log(`  (${os.cpus().length} Kerne, Lastdurchschnitt ${os.loadavg()[0]?.toFixed(1)})`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
