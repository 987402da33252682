/**
 * The background sync of the client area, printed (no assertions), for the demo client
 * and for a depot of 2,000 positions (each on a fresh database): the first, full sync after the
 * sign-in (seconds until the top bar says "Synchronisiert", bytes of data, images, PDFs and code
 * apart, queries, and what the browser stores), a delta sync with nothing changed ("Jetzt
 * synchronisieren": bytes, ms, the requests it sent), and, offline with the service worker's
 * network blocked too, the time to the data on every client route (warm: synchronised before,
 * never opened): as a navigation inside the app and as a fresh load of the page. Bytes are what
 * the server wrote (bodies as sent: GraphQL answers from 1 KB on brotli/gzip-compressed, as the
 * browser accepts) plus the request bodies, without HTTP headers, counted in the server.
 *
 *   npx tsx bench/sync.ts   (BENCH_SYNC_PORT, default 4345; BENCH_RUNS, default 5 delta runs;
 *                            BENCH_ROUTE_RUNS, default 3; BENCH_POSITIONS, default 2000)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildApp } from '../server/http';
import { ensurePwaBuild } from '../server/pwa-build';
import { DEMO_PASSWORD, seedDemoData } from '../server/seed';
import { recordFigure } from './figures';
import { seedLargeDepot } from './large-depot';
import { logIn } from './session';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_SYNC_PORT ?? 4345);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const routeRuns = Number(process.env.BENCH_ROUTE_RUNS ?? 3);
const largeDepot = Number(process.env.BENCH_POSITIONS ?? 2000);
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

interface Scenario {
  /** Printed and recorded with each figure ("Demokundin", "Depot mit 2.000 Positionen"). */
  name: string;
  /** Fills the depot of the demo client up to this many positions; undefined: the demo data. */
  positions?: number;
  /** Goals apply to the demo client (the goals); the large depot is reported beside it. */
  goals: boolean;
}

/** A GraphQL answer for the demo client, read in the bench (not counted: the traffic is reset after). */
async function graphql<Data>(query: string): Promise<Data> {
  const call = async (body: unknown, token?: string) =>
    (await (
      await fetch(`${origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as { data: Data };
  const signIn = await call({
    query:
      'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }',
    variables: { email, password: DEMO_PASSWORD },
  });
  const token = (signIn.data as { tokenAuth: { token: string } }).tokenAuth.token;
  return (await call({ query }, token)).data;
}

interface OfflineRoute {
  path: string;
  /** What shows the route's data (not its frame, not a loader). */
  data: (page: Page) => ReturnType<Page['locator']>;
}

/** Every client route, with the element that shows its data. */
async function offlineRoutes(): Promise<OfflineRoute[]> {
  const samples = await graphql<{
    searchOffers: { available: { vintage: { id: number; title: string; lwin11: string } }[] };
    getAllAcademyVideos: { slug: string; title: string; isPublished: boolean }[];
    allWineries: { id: number; title: string }[];
  }>(`{ searchOffers(isPromoted: true) { available { vintage { id title lwin11 } } }
        getAllAcademyVideos { slug title isPublished }
        allWineries(withOfferOnly: true) { id title } }`);
  const offer = samples.searchOffers.available[0];
  const video = samples.getAllAcademyVideos.find((candidate) => candidate.isPublished);
  const winery = samples.allWineries[0];
  if (!offer || !video || !winery) throw new Error('Demo-Daten fehlen');
  return [
    { path: '/admin/start', data: (page) => page.locator('section[aria-label="Aus dem Blog"] a').first() },
    { path: '/admin/academy-overview', data: (page) => page.getByText(video.title).first() },
    { path: `/admin/academy/${video.slug}`, data: (page) => page.getByText('Video offline nicht verfügbar') },
    { path: '/admin/weinangebot', data: (page) => page.getByTestId('offer-card').first() },
    {
      path: `/admin/angebot/${encodeURIComponent(offer.vintage.lwin11)}`,
      data: (page) => page.getByTestId('offer-total'),
    },
    {
      path: `/admin/vintage/${offer.vintage.id}`,
      data: (page) => page.getByText(offer.vintage.title).first(),
    },
    // The wine list's country groups (the map's labels are drawn later, by MapLibre).
    { path: '/admin/all-wineries', data: (page) => page.locator('main h2').first() },
    {
      path: `/admin/chateaus/${winery.id}`,
      data: (page) => page.getByText(winery.title).first(),
    },
    {
      path: '/admin/depot',
      data: (page) =>
        page.locator('[data-testid="depot-position-card"], [data-testid="depot-table-row"]').first(),
    },
    { path: '/admin/invoices', data: (page) => page.getByTestId('paid-invoice').first() },
    { path: '/admin/selection', data: (page) => page.getByTestId('adviser-offer').first() },
    { path: '/admin/orderlist', data: (page) => page.getByRole('heading', { name: 'Mein Orderbuch' }) },
  ];
}

/**
 * Offline (page and service worker), the time from the navigation to the route's data: inside the
 * running app (a link: history push) and as a fresh load of the page (reload, the app's code from
 * the precache). Between two runs the app goes back to another route.
 */
async function timeOfflineRoutes(page: Page, routes: OfflineRoute[], scenario: Scenario): Promise<void> {
  const context = page.context();
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  const navigate = (path: string) =>
    page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  let slowest = { path: '', ms: 0 };
  let slowestLoad = { path: '', ms: 0 };
  console.log(`  Offline, Zeit bis zu den Daten (warm, Median aus ${routeRuns}): in der App / Neuladen`);
  for (const route of routes) {
    const inApp: number[] = [];
    const load: number[] = [];
    for (let run = 0; run < routeRuns; run++) {
      const away = route.path === '/admin/start' ? '/admin/orderlist' : '/admin/start';
      await navigate(away);
      await page.waitForURL(`**${away}`);
      await page.waitForTimeout(200);
      let start = performance.now();
      await navigate(route.path);
      await route.data(page).waitFor({ timeout: 30_000 });
      inApp.push(performance.now() - start);
      start = performance.now();
      await page.goto(`${origin}${route.path}`);
      await route.data(page).waitFor({ timeout: 30_000 });
      load.push(performance.now() - start);
    }
    const inAppMs = median(inApp);
    const loadMs = median(load);
    if (inAppMs > slowest.ms) slowest = { path: route.path, ms: inAppMs };
    if (loadMs > slowestLoad.ms) slowestLoad = { path: route.path, ms: loadMs };
    row(
      `    ${route.path.replace(/^\/admin\//, '').slice(0, 40)}`,
      `${inAppMs.toFixed(0)} ms / ${loadMs.toFixed(0)} ms`,
    );
  }
  recordFigure(
    'sync',
    `${scenario.name}: langsamste Offline-Route in der App (${slowest.path})`,
    `${slowest.ms.toFixed(0)} ms`,
    '≤ 500 ms',
  );
  recordFigure(
    'sync',
    `${scenario.name}: langsamste Offline-Route neu geladen (${slowestLoad.path})`,
    `${slowestLoad.ms.toFixed(0)} ms`,
  );
  await context.unroute('**/*');
  await context.setOffline(false);
}

async function runScenario(browser: Browser, scenario: Scenario, workDir: string, distDir: string) {
  const dataDir = await mkdtemp(path.join(workDir, 'data-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, PORT: String(port) }), distDir };
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  await seedDemoData(database.db, { mediaDir: config.mediaDir });
  if (scenario.positions) await seedLargeDepot(database.db, email, scenario.positions);
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
  const goal = (value: string) => (scenario.goals ? value : '');
  const deltaRuns = scenario.goals ? runs : Math.min(runs, 3);
  try {
    console.log(`\n${scenario.name} (Produktions-Build, PGlite, ${deltaRuns} Delta-Läufe, Median)`);
    const routes = await offlineRoutes();
    const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    // The app's code first (precache): not part of the sync.
    await page.goto(`${origin}/login`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await quiet(traffic, 1_500);
    traffic.reset();

    const status = page.getByTestId('sync-status');
    const started = performance.now();
    await logIn(page, origin, email);
    await status.and(page.locator('[data-phase="synced"]')).waitFor({ timeout: 300_000 });
    const dataSeconds = (performance.now() - started) / 1000;
    const dataBytes = traffic.of('Daten (GraphQL)');
    const queries = traffic.requests.filter((name) => !name.startsWith('/') || name === '/graphql').length;
    await quiet(traffic);
    const totalSeconds = (performance.now() - started) / 1000;
    const stored = await page.evaluate(async () => {
      const estimate = await navigator.storage.estimate();
      const details = (estimate as StorageEstimate & { usageDetails?: Record<string, number> }).usageDetails;
      const rows = await new Promise<number>((resolve) => {
        const open = indexedDB.open('weindepot');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const request = open.result.transaction('queryCache').objectStore('queryCache').count();
          request.onsuccess = () => resolve(request.result);
        };
      });
      return {
        usage: estimate.usage ?? 0,
        indexedDB: details?.indexedDB ?? null,
        caches: details?.caches ?? null,
        rows,
      };
    });

    row('Erste Synchronisierung: bis "Synchronisiert"', `${dataSeconds.toFixed(1)} s`);
    recordFigure(
      'sync',
      `${scenario.name}: erste Synchronisierung, Daten bis "Synchronisiert"`,
      `${dataSeconds.toFixed(1)} s`,
      goal('≤ 10 s'),
    );
    row(
      '  Daten (GraphQL, Anmeldung und Startseite eingeschlossen)',
      `${kb(dataBytes)} in ${queries} Anfragen`,
    );
    recordFigure(
      'sync',
      `${scenario.name}: erste Synchronisierung, Daten (GraphQL)`,
      kb(dataBytes),
      goal('≤ 5 MB'),
    );
    row('  bis alle Bilder geladen sind', `${totalSeconds.toFixed(1)} s`);
    row('  Bilder', kb(traffic.of('Bilder')));
    row('  PDFs', kb(traffic.of('PDFs')));
    row('  Code (Karte, Excel-Export; das App-Gerüst ist vorher geladen)', kb(traffic.of('Code (Assets)')));
    recordFigure(
      'sync',
      `${scenario.name}: erste Synchronisierung, Bilder / PDFs / Code`,
      `${kb(traffic.of('Bilder'))} / ${kb(traffic.of('PDFs'))} / ${kb(traffic.of('Code (Assets)'))}`,
    );
    row(
      '  Speicher im Browser (IndexedDB / Cache Storage / gesamt)',
      `${stored.indexedDB === null ? '–' : kb(stored.indexedDB)} / ${stored.caches === null ? '–' : kb(stored.caches)} / ${kb(stored.usage)}`,
    );
    row('  gespeicherte Abfragen (Zeilen in IndexedDB)', String(stored.rows));
    recordFigure(
      'sync',
      `${scenario.name}: IndexedDB nach der ersten Synchronisierung`,
      `${stored.indexedDB === null ? '–' : kb(stored.indexedDB)} (${stored.rows} Abfragen)`,
    );

    const deltaMs: number[] = [];
    const deltaBytes: number[] = [];
    let deltaRequests: string[] = [];
    const button = page.getByRole('button', { name: 'Jetzt synchronisieren' });
    for (let run = 0; run < deltaRuns; run++) {
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
    recordFigure('sync', `${scenario.name}: Delta ohne Änderung, Dauer`, `${median(deltaMs).toFixed(0)} ms`);
    row('  übertragen (Anfrage und Antwort, ohne HTTP-Köpfe)', `${median(deltaBytes)} Bytes`);
    recordFigure(
      'sync',
      `${scenario.name}: Delta ohne Änderung, übertragen`,
      `${median(deltaBytes)} Bytes`,
      goal('≤ 5 KB'),
    );
    row('  Anfragen', deltaRequests.join(', ') || '–');

    await timeOfflineRoutes(page, routes, scenario);
    await context.close();
  } finally {
    await app.close();
    await database.close();
  }
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-bench-sync-'));
  const distDir = path.join(workDir, 'dist');
  await ensurePwaBuild(root, distDir, () => {});
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    console.log(
      `Synchronisierung des Kundenbereichs (${os.cpus().length} Kerne, Last ${os.loadavg()[0]?.toFixed(1)})`,
    );
    const scenarios: Scenario[] = [
      { name: 'Demokundin', goals: true },
      {
        name: `Depot mit ${largeDepot.toLocaleString('de-DE')} Positionen`,
        positions: largeDepot,
        goals: false,
      },
    ];
    const only = process.env.BENCH_SCENARIO;
    for (const [index, scenario] of scenarios.entries()) {
      if (only === undefined || only === String(index))
        await runScenario(browser, scenario, workDir, distDir);
    }
    console.log(`  Last danach: ${os.loadavg()[0]?.toFixed(1)}`);
  } finally {
    await browser.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
