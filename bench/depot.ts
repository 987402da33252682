/**
 * Depot at scale: seeds a depot of 2,000 positions into a fresh PGlite, serves the production
 * build with `buildApp` and prints (no assertions) the time of the depot GraphQL query and of
 * the rendered table in headless Chromium: the first visit right after the sign-in on its three
 * ways, the reload after the first sync, sorting and scrolling.
 *
 *   npx tsx bench/depot.ts            (BENCH_PORT, default 4343; BENCH_POSITIONS, default 2000;
 *                                      BENCH_FIRST_VISITS, default 7 per way;
 *                                      BENCH_CPU_THROTTLE, default 1: the pages' CPU slowed down
 *                                      this many times, as Chromium's DevTools do, to see the
 *                                      figures as a slower device or machine would)
 */

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { print } from 'graphql';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildApp } from '../server/http';
import { ensurePwaBuild } from '../server/pwa-build';
import { DEMO_PASSWORD, seedDemoData } from '../server/seed';
import { ClientsDepotDocument } from '../src/api/graphql.generated';
import { depotRowAt, timeDepotRows } from './depot-row-time';
import { recordFigure } from './figures';
import { seedLargeDepot } from './large-depot';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 4343);
const positionCount = Number(process.env.BENCH_POSITIONS ?? 2000);
const benchEmail = 'kunde@example.com';
const cpuThrottle = Number(process.env.BENCH_CPU_THROTTLE ?? 1);
const throttled = cpuThrottle > 1 ? `, CPU ${cpuThrottle}× verlangsamt` : '';

/** A new page of `context`, its CPU slowed down by `BENCH_CPU_THROTTLE` (the server's is not). */
async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  if (cpuThrottle > 1) {
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  }
  return page;
}

const ms = (start: number) => `${(performance.now() - start).toFixed(0)} ms`;
/**
 * Signs in on /login. `asPerson`: fills the form only once the service worker is installed, as it is
 * while a person types the address and password (≈ 4 s here); the bench would otherwise sign in
 * while the worker still fetches the app's 190 files for offline use.
 */
async function logInThroughForm(page: Page, { asPerson = false } = {}): Promise<void> {
  await page.goto('/login');
  await fillLoginForm(page, { asPerson });
  await page.waitForURL('**/admin/start');
}

async function fillLoginForm(page: Page, { asPerson = false } = {}): Promise<void> {
  if (asPerson) await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.getByLabel('E-Mail').fill(benchEmail);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Einloggen' }).click();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    DIST_DIR: path.join(dataDir, 'dist'),
    PUBLIC_URL: `http://localhost:${port}`,
    JWT_SECRET: 'bench-secret',
    DATABASE_URL: '',
  });
  if (cpuThrottle > 1) console.log(`CPU der Seiten ${cpuThrottle}× verlangsamt (BENCH_CPU_THROTTLE)`);
  console.log('Baue die PWA (Produktionsbuild) …');
  await ensurePwaBuild(root, config.distDir, (line) => console.log(`  ${line}`));

  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  await seedDemoData(database.db, { mediaDir: config.mediaDir });
  let started = performance.now();
  await seedLargeDepot(database.db, benchEmail, positionCount);
  console.log(`Depot mit ${positionCount} Positionen angelegt in ${ms(started)}`);

  const app = await buildApp({ db: database.db, config });
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://localhost:${port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const login = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }',
        variables: { email: benchEmail, password: DEMO_PASSWORD },
      }),
    });
    const token = ((await login.json()) as { data: { tokenAuth: { token: string } } }).data.tokenAuth.token;
    const query = print(ClientsDepotDocument);
    const timings: number[] = [];
    let bytes = 0;
    let positions = 0;
    for (let run = 0; run < 6; run += 1) {
      started = performance.now();
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
        body: JSON.stringify({ query }),
      });
      const body = await response.text();
      const elapsed = performance.now() - started;
      if (run > 0) timings.push(elapsed);
      bytes = body.length;
      positions = (JSON.parse(body) as { data: { clientsDepot: unknown[] } }).data.clientsDepot.length;
    }
    recordFigure(
      'depot',
      `clientsDepot, ${positions} Positionen: Antwort`,
      `${(bytes / 1024).toFixed(0)} KiB`,
    );
    recordFigure(
      'depot',
      `clientsDepot, ${positions} Positionen: Median`,
      `${median(timings).toFixed(0)} ms`,
    );
    console.log(
      `GraphQL clientsDepot (${positions} Positionen, ${(bytes / 1024).toFixed(0)} KiB): Median ${median(timings).toFixed(0)} ms, Minimum ${Math.min(...timings).toFixed(0)} ms (5 Läufe nach einem Aufwärmlauf)`,
    );

    // The first visit right after the sign-in, each in a fresh profile (nothing on the device yet),
    // in turn on the three ways there: the depot's address opened as a new page; the menu's link
    // on the start page the sign-in leads to (pointed at for 150 ms, timed from the click); and a
    // bookmarked depot while signed out, which the sign-in leads to (timed from the moment the
    // app goes there, after the sign-in's answer).
    const firstVisitRuns = Number(process.env.BENCH_FIRST_VISITS ?? 7);
    const ways = [
      {
        title: 'als neue Seite (Adresse eingegeben, nach der Anmeldung)',
        open: async (page: Page) => {
          await logInThroughForm(page, { asPerson: true });
          await page.goto('/admin/depot');
          return 0;
        },
      },
      {
        title: 'in der App, Klick auf „Depot“ auf der Startseite (Zeiger 150 ms auf dem Link)',
        open: async (page: Page) => {
          await logInThroughForm(page, { asPerson: true });
          // As a person does: the start page has loaded, the pointer rests on the link, then clicks.
          await page.waitForLoadState('networkidle');
          await page.locator('a[href="/admin/depot"]').first().hover();
          await page.waitForTimeout(150);
          return page.evaluate(() => {
            const at = performance.now();
            document.querySelector<HTMLAnchorElement>('a[href="/admin/depot"]')?.click();
            return at;
          });
        },
      },
      {
        title: 'Lesezeichen, die Anmeldung führt hin (ab der Antwort der Anmeldung)',
        open: async (page: Page) => {
          await page.goto('/admin/depot');
          await page.waitForURL('**/login');
          await fillLoginForm(page, { asPerson: true });
          await page.waitForURL('**/admin/depot');
          return page.evaluate(() => (window as unknown as { __depotPathAt: number }).__depotPathAt);
        },
      },
    ];
    const firstVisits = ways.map(() => [] as number[]);
    for (let run = 0; run < ways.length * firstVisitRuns; run += 1) {
      const way = run % ways.length;
      const fresh = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin', baseURL: base });
      await fresh.addCookies([{ name: 'showTable', value: 'true', url: base }]);
      await timeDepotRows(fresh);
      // When the app's address becomes the depot's (the login's navigation after its answer).
      await fresh.addInitScript(`
        for (const name of ['pushState', 'replaceState']) {
          const original = history[name].bind(history);
          history[name] = (state, title, url) => {
            if (url && new URL(url, location.href).pathname === '/admin/depot' && !window.__depotPathAt)
              window.__depotPathAt = performance.now();
            return original(state, title, url);
          };
        }
      `);
      const freshPage = await newPage(fresh);
      const from = await (ways[way] as (typeof ways)[number]).open(freshPage);
      await freshPage.getByTestId('depot-table-row').first().waitFor();
      firstVisits[way]?.push((await depotRowAt(freshPage)) - from);
      await fresh.close();
      // The server finishes what the closed page had asked for before the next visit begins.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    ways.forEach((way, index) => {
      const values = firstVisits[index] ?? [];
      recordFigure(
        'depot',
        `Depot-Seite bis zur Tabelle, erster Besuch direkt nach der Anmeldung, ${way.title} (${positionCount.toLocaleString('de-DE')} Positionen, Median${throttled})`,
        `${median(values).toFixed(0)} ms`,
        '≤ 600 ms',
      );
      console.log(
        `Depot-Seite bis zur gerenderten Tabelle, erster Besuch direkt nach der Anmeldung, ${way.title}: Median ${median(values).toFixed(0)} ms (${values.map((value) => value.toFixed(0)).join(', ')})`,
      );
    });

    const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin', baseURL: base });
    await context.addCookies([{ name: 'showTable', value: 'true', url: base }]);
    await timeDepotRows(context);
    const rowAt = () => depotRowAt(page);
    const page = await newPage(context);
    await logInThroughForm(page);
    await page.goto('/admin/depot');
    // Sold positions are listed apart ("1.500 Positionen · 500 verkauft"): the table holds the rest.
    const countLabel = page.getByTestId('depot-position-count');
    await countLabel.filter({ hasText: 'Position' }).waitFor({ timeout: 300_000 });
    const [, heldText = '', soldText = '0'] =
      /^([\d.]+) Positionen?(?: · ([\d.]+) verkauft)?$/.exec(
        ((await countLabel.textContent()) ?? '').trim(),
      ) ?? [];
    const heldCount = Number(heldText.replaceAll('.', ''));
    if (heldCount + Number(soldText.replaceAll('.', '')) !== positionCount)
      throw new Error(
        `Depot zeigt „${await countLabel.textContent()}“, angelegt waren ${positionCount} Positionen`,
      );
    await page
      .getByTestId('sync-status')
      .and(page.locator('[data-phase="synced"]'))
      .waitFor({ timeout: 300_000 });
    const warm: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      await page.reload();
      await page.getByTestId('depot-table-row').first().waitFor();
      warm.push(await rowAt());
    }
    recordFigure(
      'depot',
      `Depot-Seite bis zur Tabelle, neu geladen nach der Synchronisierung (${positionCount.toLocaleString('de-DE')} Positionen${throttled})`,
      `${median(warm).toFixed(0)} ms`,
      '≤ 600 ms',
    );
    console.log(
      `Depot-Seite neu geladen nach der ersten Synchronisierung bis zur Tabelle: Median ${median(warm).toFixed(0)} ms (${warm.map((value) => value.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  gerenderte Tabellenzeilen (virtualisiert): ${await page.getByTestId('depot-table-row').count()}`,
    );

    started = performance.now();
    const firstBefore = await page.getByTestId('depot-table-row').first().getAttribute('aria-label');
    await page
      .getByRole('columnheader', { name: /^Wein\s*[▲▼]?$/ })
      .getByRole('button')
      .click();
    await page.waitForFunction(
      (before) =>
        document.querySelector('[data-testid="depot-table-row"]')?.getAttribute('aria-label') !== before,
      firstBefore,
    );
    console.log(`Tabelle nach Wein sortieren: ${ms(started)}`);

    started = performance.now();
    await page.getByTestId('depot-table-scroll').evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await page.waitForFunction(
      (last) => document.querySelector(`[aria-rowindex="${last}"]`) !== null,
      heldCount + 1,
    );
    console.log(`Ans Tabellenende scrollen: ${ms(started)}`);
    await context.close();
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
