/**
 * CPU time of processes on this machine (Linux /proc), for the benches' "CPU per request": the
 * server process, and the Postgres backends serving one database (found through pg_stat_activity),
 * so another database's work on the same Postgres server (other tests, other benches) is not counted.
 */
import { readFile } from 'node:fs/promises';
import type pg from 'pg';

const clockTicks = 100; // USER_HZ on Linux

/** User and system CPU time of a process in ms; zero for one that has ended. */
export async function processCpuMs(pid: number): Promise<{ user: number; system: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  if (!stat) return { user: 0, system: 0 };
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: (Number(fields[11]) * 1000) / clockTicks, system: (Number(fields[12]) * 1000) / clockTicks };
}

/** CPU time (ms) of every backend connected to `database`, by process id. */
export async function databaseBackendsCpuMs(
  admin: pg.ClientBase,
  database: string,
): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const { user, system } = await processCpuMs(pid);
    cpu.set(pid, user + system);
  }
  return cpu;
}

/**
 * The CPU time the backends of `database` spent between two readings: a backend seen only at the
 * end counts in full (it started in between), one seen only at the start is lost (it ended; the
 * server's pool keeps its connections open, so this is rare and counts too little, never too much).
 */
export function backendsCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
