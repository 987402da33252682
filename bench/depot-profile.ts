/**
 * Where the depot screen's time goes with a large depot: seeds `BENCH_POSITIONS` (2,000) positions,
 * signs in, waits for the first sync, and records a Chromium CPU profile (CDP `Profiler`) of opening
 * the depot until its table shows: online and offline (page and service worker blocked) inside the
 * running app, and offline as a fresh load. Prints the time and the main thread's busy time by
 * source file of the app (through the build's source maps), self and inclusive. No assertions.
 *
 *   npx tsx bench/depot-profile.ts   (BENCH_PORT, default 4347; BENCH_POSITIONS, default 2000;
 *                                     BENCH_PROFILE_DIR: also writes the .cpuprofile files there)
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { type CDPSession, chromium, type Page } from '@playwright/test';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildApp } from '../server/http';
import { ensurePwaBuild } from '../server/pwa-build';
import { seedDemoData } from '../server/seed';
import { seedLargeDepot } from './large-depot';
import { logIn } from './session';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 4347);
const positionCount = Number(process.env.BENCH_POSITIONS ?? 2000);
const profileDir = process.env.BENCH_PROFILE_DIR;
const origin = `http://localhost:${port}`;
const email = 'kunde@example.com';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Maps a frame of the built bundle to its source file (`src/…`, `node_modules/<package>`). */
function sourceLocator(distDir: string) {
  const maps = new Map<string, TraceMap | null>();
  return (frame: ProfileNode['callFrame']): string => {
    if (!frame.url) return `(${frame.functionName || 'program'})`;
    const file = new URL(frame.url).pathname;
    if (!maps.has(file)) {
      try {
        maps.set(file, new TraceMap(readFileSync(path.join(distDir, `${file}.map`), 'utf8')));
      } catch {
        maps.set(file, null);
      }
    }
    const map = maps.get(file);
    if (!map || frame.lineNumber < 0) return file;
    const source = originalPositionFor(map, {
      line: frame.lineNumber + 1,
      column: frame.columnNumber,
    }).source;
    if (!source) return file;
    const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (packageMatch) return `npm:${packageMatch[1]}`;
    return source.replace(/^.*?\/src\//, 'src/');
  };
}

/** Self and inclusive milliseconds per source file over the profile's samples. */
function summarise(profile: CpuProfile, locate: (frame: ProfileNode['callFrame']) => string) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const fileOf = new Map<number, string>();
  const fileOfNode = (id: number): string => {
    let file = fileOf.get(id);
    if (file === undefined) {
      const frame = (byId.get(id) as ProfileNode).callFrame;
      file = locate(frame);
      // A browser function (layout, DOM) is named with the app file that called it.
      const caller = parent.get(id);
      if (!frame.url && frame.functionName && caller !== undefined && !file.startsWith('((')) {
        file = `${file} ← ${fileOfNode(caller)}`;
      }
      fileOf.set(id, file);
    }
    return file;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? profile.timeDeltas[index] ?? 0) / 1000;
    self.set(fileOfNode(id), (self.get(fileOfNode(id)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(fileOfNode(at));
    for (const file of seen) inclusive.set(file, (inclusive.get(file) ?? 0) + ms);
  });
  const idle = (self.get('((idle))') ?? 0) + (self.get('(idle)') ?? 0);
  const total = [...self.values()].reduce((sum, ms) => sum + ms, 0);
  return { self, inclusive, busy: total - idle };
}

function print(title: string, ms: number, summary: ReturnType<typeof summarise>) {
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .filter(([file]) => !file.startsWith('((idle') && file !== '(idle)' && file !== '(root)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([file, value]) => `      ${value.toFixed(0).padStart(5)} ms  ${file}`)
      .join('\n');
  console.log(
    `\n${title}: ${ms.toFixed(0)} ms bis zur Tabelle, Hauptthread beschäftigt ${summary.busy.toFixed(0)} ms`,
  );
  console.log(`    selbst:\n${top(summary.self, 14)}`);
  console.log(
    `    einschließlich (nur src/):\n${top(new Map([...summary.inclusive].filter(([file]) => file.startsWith('src/'))), 14)}`,
  );
}

async function profiled(
  page: Page,
  session: CDPSession,
  open: () => Promise<unknown>,
): Promise<{ ms: number; profile: CpuProfile }> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  const started = performance.now();
  await open();
  await page.getByTestId('depot-table-row').first().waitFor({ timeout: 60_000 });
  const ms = performance.now() - started;
  // The work after the table (charts, lists) belongs to the screen too.
  await page.waitForTimeout(1_500);
  const { profile } = (await session.send('Profiler.stop')) as { profile: CpuProfile };
  return { ms, profile };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-bench-profile-'));
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '' }),
    distDir: path.join(root, 'dist'),
  };
  await ensurePwaBuild(root, config.distDir, (line) => console.log(`  ${line}`));
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  await seedDemoData(database.db, { mediaDir: config.mediaDir });
  await seedLargeDepot(database.db, email, positionCount);
  const app = await buildApp({ db: database.db, config });
  await app.listen({ port, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const locate = sourceLocator(config.distDir);
  try {
    // The first visit right after the sign-in: a fresh profile, nothing on the device yet.
    const firstContext = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    await firstContext.addCookies([{ name: 'showTable', value: 'true', url: origin }]);
    const firstPage = await firstContext.newPage();
    await logIn(firstPage, origin, email);
    const firstSession = await firstContext.newCDPSession(firstPage);
    const first = await profiled(firstPage, firstSession, () => firstPage.goto(`${origin}/admin/depot`));
    print('Erster Besuch direkt nach der Anmeldung', first.ms, summarise(first.profile, locate));
    if (profileDir) {
      await writeFile(path.join(profileDir, 'Erster-Besuch.cpuprofile'), JSON.stringify(first.profile));
    }
    await firstContext.close();

    const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    await context.addCookies([{ name: 'showTable', value: 'true', url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await logIn(page, origin, email);
    await page
      .getByTestId('sync-status')
      .and(page.locator('[data-phase="synced"]'))
      .waitFor({ timeout: 300_000 });
    const session = await context.newCDPSession(page);
    const navigate = (target: string) =>
      page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, target);
    const runs: { title: string; open: () => Promise<unknown> }[] = [
      { title: 'Online, in der App', open: () => navigate('/admin/depot') },
      { title: 'Offline, in der App', open: () => navigate('/admin/depot') },
      { title: 'Offline, Neuladen', open: () => page.goto(`${origin}/admin/depot`) },
    ];
    for (const run of runs) {
      if (run.title.startsWith('Offline') && !(await page.evaluate(() => !navigator.onLine))) {
        await context.setOffline(true);
        await context.route('**/*', (route) => route.abort('internetdisconnected'));
      }
      await navigate('/admin/start');
      await page.waitForTimeout(1_000);
      const { ms, profile } = await profiled(page, session, run.open);
      print(run.title, ms, summarise(profile, locate));
      if (profileDir) {
        await writeFile(
          path.join(profileDir, `${run.title.replace(/\W+/g, '-')}.cpuprofile`),
          JSON.stringify(profile),
        );
      }
    }
    console.log(
      `\nLast: ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
