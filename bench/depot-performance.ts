/**
 * "Wertentwicklung" at scale: a depot of 2,000 positions (BENCH_POSITIONS) over 10 years with
 * monthly Wine-Searcher valuations of every vintage for those 10 years, in a fresh PGlite; prints
 * (no assertions) the median time and answer size of `depotPerformance` over GraphQL (in-process,
 * `app.inject`, so no port is needed).
 *
 *   npx tsx bench/depot-performance.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { print } from 'graphql';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import {
  bottleSizes,
  depotPositionStatuses,
  depotPositions,
  sellOrders,
  users,
  valuations,
  vintages,
} from '../server/db/schema';
import { buildApp } from '../server/http';
import { DEMO_PASSWORD, seedDemoData } from '../server/seed';
import { loadDepotPerformance } from '../server/services/depot-performance';
import { computePriceIndex } from '../server/services/wineries';
import { DepotPerformanceDocument } from '../src/api/graphql.generated';
import { recordFigure } from './figures';
import { generatedDepotPosition } from './large-depot';

const positionCount = Number(process.env.BENCH_POSITIONS ?? 2000);
const runs = Number(process.env.BENCH_RUNS ?? 11);
const email = 'kunde@example.com';
const DAY = 24 * 60 * 60 * 1000;
const YEARS = 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-bench-perf-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret',
    DATABASE_URL: '',
  });
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await database.migrate();
    await seedDemoData(database.db, { mediaDir: config.mediaDir });
    const db = database.db;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!owner) throw new Error(`Demokundin ${email} fehlt`);
    const allVintages = await db.select({ id: vintages.id }).from(vintages);
    const sizes = await db.select({ id: bottleSizes.id }).from(bottleSizes);
    const now = Date.now();

    // Ten years of monthly valuations for every vintage (replacing the demo's 38 months).
    await db.delete(valuations);
    const valuationRows = allVintages.flatMap((vintage, v) =>
      Array.from({ length: YEARS * 12 }, (_, month) => ({
        vintageId: vintage.id,
        sourceOfValuation: 'WINE_SEARCHER_EUROPE_AVERAGE_EURO' as const,
        value: (200 + v * 3 + month * 1.5 + 20 * Math.sin(month / 3 + v)).toFixed(2),
        datetimeCreated: new Date(now - (5 + month * 30.44) * DAY),
      })),
    );
    for (let start = 0; start < valuationRows.length; start += 2000) {
      await db.insert(valuations).values(valuationRows.slice(start, start + 2000));
    }

    // The demo's sell orders point at the client's positions; they go with them.
    await db.delete(sellOrders).where(eq(sellOrders.sellerId, owner.id));
    await db.delete(depotPositions).where(eq(depotPositions.ownerId, owner.id));
    for (let start = 0; start < positionCount; start += 500) {
      const batch = Array.from(
        { length: Math.min(500, positionCount - start) },
        (_, offset) => start + offset,
      );
      const rows = await db
        .insert(depotPositions)
        .values(batch.map((index) => generatedDepotPosition(owner.id, index, allVintages, sizes)))
        .returning({ id: depotPositions.id });
      await db.insert(depotPositionStatuses).values(
        rows.flatMap((row, offset) => {
          const index = start + offset;
          const purchased = new Date(now - (10 + ((index * 131) % (YEARS * 365 - 20))) * DAY);
          return [
            { depotPositionId: row.id, status: 'PURCHASED' as const, datetimeStatusUpdate: purchased },
            ...(index % 10 === 9
              ? [
                  {
                    depotPositionId: row.id,
                    status: 'SOLD' as const,
                    datetimeStatusUpdate: new Date(purchased.getTime() + 5 * DAY),
                  },
                ]
              : []),
          ];
        }),
      );
    }
    console.log(
      `Depot: ${positionCount} Positionen über ${YEARS} Jahre, ${valuationRows.length} Bewertungen (${allVintages.length} Jahrgänge × ${YEARS * 12} Monate)`,
    );

    const app = await buildApp({ db, config });
    const login = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: 'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }',
        variables: { e: email, p: DEMO_PASSWORD },
      },
    });
    const token = (login.json() as { data: { tokenAuth: { token: string } } }).data.tokenAuth.token;
    const query = print(DepotPerformanceDocument);
    const load = () =>
      os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' / ');
    console.log(`Load average (1 / 5 / 15 min) vor den Läufen: ${load()} bei ${os.cpus().length} Kernen`);
    const timings: number[] = [];
    const cpuTimes: number[] = [];
    let bytes = 0;
    let points = 0;
    for (let run = 0; run <= runs; run += 1) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `JWT ${token}` },
        payload: { query, variables: {} },
      });
      const elapsed = performance.now() - started;
      const used = process.cpuUsage(cpu);
      if (run > 0) {
        timings.push(elapsed);
        cpuTimes.push((used.user + used.system) / 1000);
      }
      bytes = response.body.length;
      const answer = response.json() as {
        data?: { depotPerformance: { points: unknown[] } };
        errors?: unknown;
      };
      if (!answer.data) throw new Error(JSON.stringify(answer.errors));
      points = answer.data.depotPerformance.points.length;
    }
    await app.close();
    // Where the time goes: the service alone (SQL + rule) and the price index query alone.
    const serviceTimes: number[] = [];
    const indexTimes: number[] = [];
    for (let run = 0; run <= runs; run += 1) {
      let started = performance.now();
      await loadDepotPerformance(db, owner.id);
      if (run > 0) serviceTimes.push(performance.now() - started);
      started = performance.now();
      await computePriceIndex(db);
      if (run > 0) indexTimes.push(performance.now() - started);
    }
    console.log(
      `Davon: loadDepotPerformance (SQL + Regel) Median ${median(serviceTimes).toFixed(0)} ms, darin Preisindex Median ${median(indexTimes).toFixed(0)} ms`,
    );
    recordFigure(
      'depot-performance',
      `depotPerformance, ${positionCount} Positionen, ${YEARS} Jahre: Median`,
      `${median(timings).toFixed(0)} ms`,
      '≤ 150 ms',
    );
    recordFigure(
      'depot-performance',
      `depotPerformance, ${positionCount} Positionen: Antwort`,
      `${(bytes / 1024).toFixed(1)} KiB`,
    );
    console.log(
      `GraphQL depotPerformance (${points} Punkte, ${(bytes / 1024).toFixed(1)} KiB): Median ${median(timings).toFixed(0)} ms, Minimum ${Math.min(...timings).toFixed(0)} ms, CPU-Zeit des Prozesses Median ${median(cpuTimes).toFixed(0)} ms (${runs} Läufe nach einem Aufwärmlauf)`,
    );
    console.log(`Load average (1 / 5 / 15 min) danach: ${load()}`);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
