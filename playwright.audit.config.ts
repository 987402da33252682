import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

/**
 * The screen audit (`tests/audit`, `npm run test:audit`): every route of the PWA and every page the
 * server renders, at 1440×900 and 390×844, against its own fresh server (same set-up as the
 * end-to-end suite, see playwright.config.ts). A separate configuration, so CI runs it as its own
 * step with its own time limit. The PNGs go to `test-results/screens/`.
 */
const port = Number(process.env.E2E_PORT ?? 4319);
const chromium = e2e.projects?.[0]?.use ?? {};

export default defineConfig({
  ...e2e,
  testDir: 'tests/audit',
  outputDir: process.env.E2E_PORT ? `test-results/audit-port-${port}` : 'test-results/audit',
  // One test is one screen at both sizes; the client depot's full-page PNG at 390 px is 13,000 px tall.
  timeout: 180_000,
  // A hanging audit ends instead of eating the pipeline (CI stops at 90 minutes in all).
  globalTimeout: process.env.CI ? 35 * 60_000 : 0,
  // Screens of different roles run side by side; each test is one route at both sizes.
  fullyParallel: true,
  projects: [
    { name: 'audit-setup', testMatch: /setup\.ts$/, use: chromium },
    { name: 'audit', testMatch: /\.spec\.ts$/, dependencies: ['audit-setup'], use: chromium },
  ],
  webServer: {
    ...(e2e.webServer as { command: string }),
    // While working on the audit, AUDIT_REUSE_SERVER=1 lets it run against a server already started
    // on E2E_PORT (with E2E_DATA_DIR set to that server's DATA_DIR).
    reuseExistingServer: Boolean(process.env.AUDIT_REUSE_SERVER),
  },
});
