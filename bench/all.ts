/**
 * `npm run bench`: runs the depot, value, PWA, sync and load benchmarks one after the other (each prints its
 * details) and then prints every key figure in one table.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figure } from './figures';

const dir = mkdtempSync(path.join(os.tmpdir(), 'weindepot-bench-'));
const figuresFile = path.join(dir, 'figures.jsonl');
const failed: string[] = [];
try {
  for (const bench of [
    'depot',
    'depot-performance',
    'pwa',
    'sync',
    'load',
    'sign-in-storm',
    'startup',
    'lighthouse',
  ]) {
    console.log(`\n==> bench/${bench}.ts`);
    const result = spawnSync('npx', ['tsx', path.join(import.meta.dirname, `${bench}.ts`)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_FIGURES_FILE: figuresFile },
    });
    if (result.status !== 0) failed.push(bench);
  }
  let figures: Figure[] = [];
  try {
    figures = readFileSync(figuresFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Figure);
  } catch {
    // No bench recorded anything.
  }
  const header: Figure = { bench: 'Bench', figure: 'Kennzahl', value: 'Wert', goal: 'Ziel' };
  const rows = [header, ...figures];
  const width = (key: keyof Figure) => Math.max(...rows.map((row) => row[key].length));
  const line = (row: Figure) =>
    `  ${row.bench.padEnd(width('bench'))}  ${row.figure.padEnd(width('figure'))}  ${row.value.padStart(width('value'))}  ${row.goal}`;
  console.log(
    `\nAlle Kennzahlen (${os.cpus().length} Kerne, Lastdurchschnitt ${os.loadavg()[0]?.toFixed(1)})`,
  );
  for (const row of rows) console.log(line(row));
  if (failed.length > 0) {
    console.log(`\nFehlgeschlagen: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
