import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium against the real production server (`npm start`, compiled:
 * builds the PWA when `dist/` is stale, migrates, seeds the demo data) on a fresh data directory.
 */
// E2E_PORT lets several runs (e.g. parallel work on one machine) use their own server.
const port = Number(process.env.E2E_PORT ?? 4319);
const baseURL = `http://localhost:${port}`;

// This file is evaluated by the runner and again by every worker. Only the first evaluation creates
// the data directory; workers inherit the variable and so read the mails of the same server. It is
// removed after a passing run and kept after a failing one (or always with E2E_KEEP_DATA=1).
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weindepot-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', (code) => {
    if (code === 0 && !process.env.E2E_KEEP_DATA) {
      rmSync(dataDir, { recursive: true, force: true });
    } else {
      console.log(`E2E data directory kept for inspection (database, mail/): ${dataDir}`);
    }
  });
}
const dataDir = process.env.E2E_DATA_DIR;

/** Debian's Chromium, as a desktop Chrome. */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Per port, so parallel runs on one machine never delete each other's traces.
  outputDir: process.env.E2E_PORT ? `test-results/port-${port}` : 'test-results',
  timeout: 60_000,
  // CI machines differ by a factor of two or more: on the one of 2026-11-27 a lazily loaded screen
  // (the back office's tabs, the depot's time-series dialog) took more than 10 s to appear beside
  // the second worker.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  // In CI a hanging run ends instead of eating the pipeline's time (includes the server start).
  // 17 min on the machine of 2026-11-25, about twice that on the slower one of 2026-11-27.
  globalTimeout: process.env.CI ? 50 * 60_000 : 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // Locally no retries: a failure is shown at once. In CI one retry, because a browser-level hiccup
  // on the shared 2-core machine (a dropped CDP event, a starved worker) must not throw away a whole
  // run; a test that passes only on its retry is listed as "flaky" in the output and gets fixed, and
  // a test that fails twice still fails the run. Every journey creates its own accounts, so a retry
  // starts from the same state.
  retries: process.env.CI ? 1 : 0,
  // Two cores: one worker per core; the server and Chromium share them.
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    screenshot: 'only-on-failure',
    // Recording a trace (DOM snapshots and a screencast of every action) nearly doubled the CPU of a
    // journey on the 2-core CI machine of 2026-11-27 (browser and GPU processes, the test worker) and
    // starved the page's own timers. In CI only the retry of a failed test records one; locally every
    // failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  projects: [
    { name: 'chromium', grepInvert: /@alone/, use: chromium },
    // Journeys tagged @alone need the server to themselves (nothing else changing the catalogue):
    // they run after all others, one at a time. To run one of them on its own: `--no-deps`.
    { name: 'chromium-alone', grep: /@alone/, dependencies: ['chromium'], workers: 1, use: chromium },
  ],
  webServer: {
    // `npm start` without npm: the compiled server (scripts/start.mjs builds dist-server/ when stale).
    command: 'node scripts/start.mjs',
    url: `${baseURL}/`,
    // Empty DATABASE_URL and SMTP_URL: always a fresh PGlite database and mails written as files.
    // The build goes into the run's own folder, so parallel runs never share a half-written dist/.
    // E2E_DIST_DIR names a finished build instead (CI builds once, in its budgets step, for the
    // end-to-end suite and the audit; a stale one is built again by the server's start).
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DIST_DIR: process.env.E2E_DIST_DIR || path.join(dataDir, 'dist'),
      PUBLIC_URL: baseURL,
      DATABASE_URL: '',
      SMTP_URL: '',
      // tests/e2e/embed.spec.ts frames the chart from a page on 127.0.0.1 (any port).
      EMBED_ORIGINS: "'self' http://127.0.0.1:*",
    },
    // The first start builds the PWA and seeds the demo data.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
