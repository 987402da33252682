/**
 * Sign-in storm: 100 correct sign-ins of the demo client at the same moment, each
 * from its own client address (so the per-IP counters and the lockout are not what is measured),
 * against the whole HTTP application in this process (Fastify's inject: routing, GraphQL, the
 * counters in the database and argon2id behind its bounded queue; no sockets). Prints how many were
 * answered with a session and how many were asked to retry, and p50/p99/max of the answer times.
 * Printed, never asserted.
 *
 *   npx tsx bench/sign-in-storm.ts
 *     BENCH_STORM_SIZE          simultaneous sign-ins (default 100)
 *     PASSWORD_HASH_CONCURRENCY / PASSWORD_HASH_QUEUE_LIMIT as for the server (README)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildApp } from '../server/http';
import { DEMO_PASSWORD, demoAccounts, seedDemoData } from '../server/seed';
import { recordFigure } from './figures';

const size = Number(process.env.BENCH_STORM_SIZE ?? 100);
const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-storm-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
try {
  await database.migrate();
  await seedDemoData(database.db, { mediaDir: config.mediaDir });
  const app = await buildApp({ db: database.db, config });
  const client =
    demoAccounts.find((account) => account.email.startsWith('kunde@'))?.email ?? 'kunde@example.com';
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: size }, async (_, index) => {
      const begin = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: LOGIN, variables: { email: client, password: DEMO_PASSWORD } }),
      });
      const body = response.json() as {
        data?: { tokenAuth?: { token?: string } | null };
        errors?: { extensions?: { code?: string } }[];
      };
      return {
        ms: performance.now() - begin,
        ok: Boolean(body.data?.tokenAuth?.token),
        code: body.errors?.[0]?.extensions?.code,
      };
    }),
  );
  const total = performance.now() - started;
  await app.close();
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const signedIn = answers.filter((answer) => answer.ok).length;
  const retry = answers.filter((answer) => answer.code === 'SERVICE_UNAVAILABLE').length;
  const other = answers.length - signedIn - retry;
  const { concurrency, queueLimit } = config.passwordHashing;
  console.log(
    `Anmeldesturm: ${size} gleichzeitige richtige Anmeldungen, Passwortprüfung ${concurrency} parallel, Warteschlange ${queueLimit}`,
  );
  console.log(
    `  angemeldet ${signedIn}, „bitte gleich erneut versuchen“ ${retry}, andere Antworten ${other}`,
  );
  console.log(
    `  Antwortzeit p50 ${percentile(times, 0.5).toFixed(0)} ms, p99 ${percentile(times, 0.99).toFixed(0)} ms, max ${percentile(times, 1).toFixed(0)} ms; alle beantwortet nach ${total.toFixed(0)} ms`,
  );
  console.log(`  (${os.cpus().length} Kerne, Lastdurchschnitt ${os.loadavg()[0]?.toFixed(1)})`);
  recordFigure('sign-in-storm', `${size} Anmeldungen: angemeldet`, String(signedIn), `${size}`);
  recordFigure('sign-in-storm', `${size} Anmeldungen: p99`, `${percentile(times, 0.99).toFixed(0)} ms`);
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
