/**
 * The background sync of the client area (issue 15), printed (no assertions): the first, full sync
 * of the demo client after the sign-in (seconds until the top bar says "Synchronisiert", bytes of
 * data, images, PDFs and code apart, queries, and what the browser stores), and a delta sync with
 * nothing changed ("Jetzt synchronisieren": bytes, ms, the requests it sent). Bytes are the bodies
 * the server wrote (no compression is configured) plus the request bodies, counted in the server.
 *
 *   npx tsx bench/sync.ts          (BENCH_SYNC_PORT, default 4345; BENCH_RUNS, default 5)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildApp } from '../server/http';
import { ensurePwaBuild } from '../server/pwa-build';
import { seedDemoData } from '../server/seed';
import { recordFigure } from './figures';
import { logIn } from './session';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_SYNC_PORT ?? 4345);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const origin = `http://localhost:${port}`;
const email = 'kunde@example.com';

type Category = 'Daten (GraphQL)' | 'Bilder' | 'PDFs' | 'Code (Assets)' | 'Sonstiges';

/** Bytes the server received and sent, by kind, since the last `reset`. */
class Traffic {
  bytes = new Map<Category, number>();
  requests: string[] = [];
  reset() {
    this.bytes.clear();
    this.requests = [];
  }
  add(category: Category, size: number) {
    this.bytes.set(category, (this.bytes.get(category) ?? 0) + size);
  }
  of(category: Category) {
    return this.bytes.get(category) ?? 0;
  }
}

function categoryOf(url: string): Category {
  const pathname = url.split('?')[0] ?? url;
  if (pathname === '/graphql') return 'Daten (GraphQL)';
  if (/^\/media\/.+\.(svg|jpe?g|png|webp|gif|avif)$/i.test(pathname)) return 'Bilder';
  if (/\.pdf$/i.test(pathname) || pathname.startsWith('/certificate')) return 'PDFs';
  if (pathname.startsWith('/assets/') || /\.(js|css|webmanifest|png|svg|ico)$/.test(pathname)) {
    return 'Code (Assets)';
  }
  return 'Sonstiges';
}

const size = (chunk: unknown) =>
  typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk instanceof Uint8Array ? chunk.length : 0;

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('de-DE', { maximumFractionDigits: 1 })} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const row = (label: string, value: string) => console.log(`  ${label.padEnd(58)} ${value}`);

/** Waits until the server has been quiet for `quietMs` (the image warm-up after the data is done). */
async function quiet(traffic: Traffic, quietMs = 3_000): Promise<void> {
  let last = -1;
  for (;;) {
    const seen = traffic.requests.length;
    if (seen === last) return;
    last = seen;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-bench-sync-'));
  const config = {
    ...loadConfig({ DATA_DIR: workDir, PORT: String(port) }),
    distDir: path.join(workDir, 'dist'),
  };
  await ensurePwaBuild(root, config.distDir, () => {});
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  await seedDemoData(database.db, { mediaDir: config.mediaDir });
  const app = await buildApp({ db: database.db, config });
  const traffic = new Traffic();
  app.addHook('onRequest', async (request, reply) => {
    const category = categoryOf(request.url);
    traffic.requests.push(request.url);
    traffic.add(category, Number(request.headers['content-length'] ?? 0));
    const raw = reply.raw;
    const write = raw.write.bind(raw) as (...args: unknown[]) => boolean;
    const end = raw.end.bind(raw) as (...args: unknown[]) => typeof raw;
    raw.write = ((chunk: unknown, ...rest: unknown[]) => {
      traffic.add(category, size(chunk));
      return write(chunk, ...rest);
    }) as typeof raw.write;
    raw.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') traffic.add(category, size(chunk));
      return end(chunk, ...rest);
    }) as typeof raw.end;
  });
  app.addHook('preHandler', async (request) => {
    const body = request.body as { operationName?: string } | undefined;
    if (request.url === '/graphql' && body?.operationName) {
      traffic.requests[traffic.requests.length - 1] = body.operationName;
    }
  });
  await app.listen({ port, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    console.log(`Synchronisierung der Demokundin (Produktions-Build, PGlite, ${runs} Delta-Läufe, Median)`);
    const context = await browser.newContext();
    const page = await context.newPage();
    // The app's code first (precache): not part of the sync.
    await page.goto(`${origin}/login`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await quiet(traffic, 1_500);
    traffic.reset();

    const status = page.getByTestId('sync-status');
    const started = performance.now();
    await logIn(page, origin, email);
    await status.and(page.locator('[data-phase="synced"]')).waitFor({ timeout: 180_000 });
    const dataSeconds = (performance.now() - started) / 1000;
    const dataBytes = traffic.of('Daten (GraphQL)');
    const queries = traffic.requests.filter((name) => !name.startsWith('/') || name === '/graphql').length;
    await quiet(traffic);
    const totalSeconds = (performance.now() - started) / 1000;
    const stored = await page.evaluate(async () => {
      const estimate = await navigator.storage.estimate();
      const details = (estimate as StorageEstimate & { usageDetails?: Record<string, number> }).usageDetails;
      return {
        usage: estimate.usage ?? 0,
        indexedDB: details?.indexedDB ?? null,
        caches: details?.caches ?? null,
      };
    });

    row('Erste Synchronisierung: bis "Synchronisiert"', `${dataSeconds.toFixed(1)} s`);
    recordFigure(
      'sync',
      'Erste Synchronisierung: Daten bis "Synchronisiert"',
      `${dataSeconds.toFixed(1)} s`,
      '≤ 10 s',
    );
    row(
      '  Daten (GraphQL, Anmeldung und Startseite eingeschlossen)',
      `${kb(dataBytes)} in ${queries} Anfragen`,
    );
    recordFigure('sync', 'Erste Synchronisierung: Daten (GraphQL)', kb(dataBytes), '≤ 5 MB');
    row('  bis alle Bilder geladen sind', `${totalSeconds.toFixed(1)} s`);
    row('  Bilder', kb(traffic.of('Bilder')));
    row('  PDFs', kb(traffic.of('PDFs')));
    row('  Code (Karte, Excel-Export; das App-Gerüst ist vorher geladen)', kb(traffic.of('Code (Assets)')));
    row(
      '  Speicher im Browser (IndexedDB / Cache Storage / gesamt)',
      `${stored.indexedDB === null ? '–' : kb(stored.indexedDB)} / ${stored.caches === null ? '–' : kb(stored.caches)} / ${kb(stored.usage)}`,
    );

    const deltaMs: number[] = [];
    const deltaBytes: number[] = [];
    let deltaRequests: string[] = [];
    const button = page.getByRole('button', { name: 'Jetzt synchronisieren' });
    for (let run = 0; run < runs; run++) {
      await quiet(traffic, 1_000);
      await status.click();
      traffic.reset();
      const answered = page.waitForResponse(
        (response) =>
          response.url().endsWith('/graphql') && /SyncChanges/.test(response.request().postData() ?? ''),
      );
      const start = performance.now();
      await button.click();
      await answered;
      await status.and(page.locator('[data-phase="synced"]')).waitFor({ timeout: 60_000 });
      deltaMs.push(performance.now() - start);
      deltaBytes.push(traffic.of('Daten (GraphQL)') + traffic.of('Bilder') + traffic.of('PDFs'));
      deltaRequests = [...traffic.requests];
      await status.click();
    }
    row('Delta ohne Änderung ("Jetzt synchronisieren"): Dauer', `${median(deltaMs).toFixed(0)} ms`);
    recordFigure('sync', 'Delta ohne Änderung: Dauer', `${median(deltaMs).toFixed(0)} ms`);
    row('  übertragen (Anfrage und Antwort, ohne HTTP-Köpfe)', `${median(deltaBytes)} Bytes`);
    recordFigure('sync', 'Delta ohne Änderung: übertragen', `${median(deltaBytes)} Bytes`, '≤ 5 KB');
    row('  Anfragen', deltaRequests.join(', ') || '–');
    await context.close();
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
