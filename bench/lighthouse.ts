/**
 * Lighthouse 13 (mobile preset with its simulated throttling, Debian's Chromium) on the pages a
 * phone meets first: `/login`, the public offer page `/angebot/<lwin11>` and
 * `/admin/depot` signed in as the demo client. Prints the scores (performance, accessibility, best
 * practices) and the metrics (FCP, LCP, TBT, CLS, Speed Index) and what Lighthouse names as the
 * biggest opportunities. Printed, never asserted.
 *
 * Runs against `BENCH_BASE_URL` when given (a portal you started), otherwise starts the production
 * server (`node scripts/start.mjs`: compiled server, PWA build, demo data) on `BENCH_LIGHTHOUSE_PORT`
 * (default 4692) with a fresh data folder. The signed-in page: Chromium is started once with its
 * debugging port, Playwright signs in through it, and Lighthouse then runs in the same browser
 * without clearing its storage.
 *
 *   npx tsx bench/lighthouse.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO_COMPANY_ENV } from '../server/company';
import { DEMO_PASSWORD } from '../server/seed';
import { EXAMPLE_WAREHOUSE_ENV } from '../server/services/warehouse-signature';
import { recordFigure } from './figures';

/** The installed Lighthouse's own version, so the printed figures name the one that made them. */
const lighthouseVersion = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8')) as {
    version: string;
  }
).version;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 4692);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

async function startPortal(): Promise<{ base: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_BASE_URL) return { base: process.env.BENCH_BASE_URL, stop: async () => {} };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-lighthouse-'));
  const base = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...DEMO_COMPANY_ENV,
      ...EXAMPLE_WAREHOUSE_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'dist'),
      PUBLIC_URL: base,
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/login`)).ok) break;
    } catch {
      // Still building or seeding.
    }
    if (Date.now() > deadline) throw new Error('Das Portal startete nicht in 5 Minuten');
    await sleep(500);
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The LWIN-11 of a promoted offer (the public offer page's address). */
async function promotedLwin11(base: string): Promise<string> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: '{ allWineries(promote: true, withOfferOnly: true) { topOffer { vintage { lwin11 } } } }',
    }),
  });
  const body = (await response.json()) as {
    data?: { allWineries: { topOffer: { vintage: { lwin11: string } } | null }[] };
  };
  const lwin11 = body.data?.allWineries.find((winery) => winery.topOffer)?.topOffer?.vintage.lwin11;
  if (!lwin11) throw new Error(`Kein beworbenes Angebot gefunden: ${JSON.stringify(body)}`);
  return lwin11;
}

interface Row {
  page: string;
  scores: Record<string, number | null>;
  metrics: Record<string, string>;
  opportunities: string[];
  /** Load-independent: bytes transferred, render-blocking requests, the LCP element. */
  transfer: string;
}

/** The LCP element's selector as Lighthouse names it, or '–'. */
function lcpElement(audit: { details?: unknown } | undefined): string {
  const text = JSON.stringify(audit?.details ?? {});
  return /"selector":"([^"]+)"/.exec(text)?.[1] ?? '–';
}

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

async function audit(url: string, chromePort: number, keepStorage: boolean): Promise<Row> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: keepStorage,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse lieferte nichts für ${url}`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    Object.entries(lhr.categories).map(([key, category]) => [
      key,
      category.score === null ? null : Math.round(category.score * 100),
    ]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([label, id]) => [label, lhr.audits[id]?.displayValue ?? '–']),
  );
  const opportunities = Object.values(lhr.audits)
    // Lighthouse 13 reports its advice as insights (ids ending in `-insight`); the classic
    // opportunities that remain keep their details type.
    .filter(
      (item) =>
        item.score !== null &&
        item.score < 0.9 &&
        (item.details?.type === 'opportunity' || item.id.endsWith('-insight')),
    )
    .map((item) => `${item.title}${item.displayValue ? ` (${item.displayValue})` : ''}`)
    .slice(0, 6);
  const blocking = (lhr.audits['render-blocking-insight']?.details as { items?: unknown[] } | undefined)
    ?.items;
  const transfer = `übertragen ${lhr.audits['total-byte-weight']?.displayValue ?? '–'}, renderblockierend ${blocking?.length ?? 0} Anfrage(n), LCP-Element ${lcpElement(lhr.audits['lcp-breakdown-insight'])}`;
  const longTasks = (
    (lhr.audits['long-tasks']?.details as { items?: { url?: string; duration?: number }[] })?.items ?? []
  )
    .slice(0, 4)
    .map(
      (task) => `${Math.round(task.duration ?? 0)} ms ${String(task.url ?? '').replace(/^.*\//, '') || '–'}`,
    )
    .join(', ');
  return {
    page: new URL(url).pathname,
    scores,
    metrics,
    opportunities,
    transfer: `${transfer}; längste Aufgaben: ${longTasks || 'keine'}`,
  };
}

const portal = await startPortal();
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const rows: Row[] = [];
  const offer = `${portal.base}/angebot/${await promotedLwin11(portal.base)}`;
  for (const url of [`${portal.base}/login`, offer]) rows.push(await audit(url, chrome.port, false));

  // Signed in: Playwright logs in through the same browser, Lighthouse keeps its storage.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  await page.goto(`${portal.base}/login`);
  await page
    .getByLabel(/e-?mail/i)
    .first()
    .fill('kunde@example.com');
  await page
    .getByLabel(/passwort/i)
    .first()
    .fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await page.waitForURL(/\/admin\//, { timeout: 60_000 });
  await page.close();
  rows.push(await audit(`${portal.base}/admin/depot`, chrome.port, true));
  await browser.close();

  console.log(
    `Lighthouse ${lighthouseVersion} (mobil, simulierte Drosselung), ${os.cpus().length} Kerne, Lastdurchschnitt ${os.loadavg()[0]?.toFixed(1)}`,
  );
  for (const row of rows) {
    const scores = Object.entries(row.scores)
      .map(([key, value]) => `${key} ${value ?? '–'}`)
      .join(', ');
    const metrics = Object.entries(row.metrics)
      .map(([key, value]) => `${key} ${value}`)
      .join(', ');
    console.log(`  ${row.page}\n    ${scores}\n    ${metrics}\n    ${row.transfer}`);
    for (const opportunity of row.opportunities) console.log(`    – ${opportunity}`);
    const page = row.page.startsWith('/angebot/') ? '/angebot/<lwin11>' : row.page;
    // The goals are for the two public pages; the signed-in depot is printed beside them.
    const goal = (text: string) => (page === '/admin/depot' ? '' : text);
    recordFigure('lighthouse', `${page}: Performance`, String(row.scores.performance ?? '–'), goal('≥ 90'));
    recordFigure('lighthouse', `${page}: LCP`, row.metrics.LCP ?? '–', goal('≤ 2,5 s'));
    recordFigure('lighthouse', `${page}: CLS`, row.metrics.CLS ?? '–', goal('≤ 0,1'));
  }
} finally {
  chrome.kill();
  await portal.stop();
}
