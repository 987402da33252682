import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ACCOUNT_TEXTS } from '../../src/domain/account-form';
import { MANAGEMENT_SUBTABS } from '../../src/features/backoffice/model/backoffice-navigation';
import { staffDepotPath } from '../../src/routes/depot-routes';
import {
  type ADMIN_ROUTE_PATH,
  type ADMIN_ROUTE_PATHS,
  allRoutePaths,
  type ENTRY_ROUTE_PATHS,
  type LEGAL_ROUTE_PATHS,
  type SERVER_PAGE_PATHS,
} from '../../src/routes/route-paths';
import { registerActivatedClient, uniqueEmail } from '../e2e/support/accounts';
import { seriousAxeFindings } from '../e2e/support/axe';
import { expectLoadersGone } from '../e2e/support/loaders';
import { pathSegmentAfter, waitForMailLink } from '../e2e/support/mail';
import { inspectPage } from './inspect';
import {
  AUDIT_ROLES,
  type AuditFixtures,
  apiToken,
  graphql,
  type Role,
  readFixtures,
  storageStatePath,
} from './support';

/**
 * The screen audit: every route of the PWA (from the same module the router is built from) and
 * every page the server renders, as the roles that see it, at desktop and phone size. See
 * docs/quality.md, "Screen audit".
 */

type EntryPath = (typeof ENTRY_ROUTE_PATHS)[keyof typeof ENTRY_ROUTE_PATHS];
type AdminPath = `${typeof ADMIN_ROUTE_PATH}/${(typeof ADMIN_ROUTE_PATHS)[keyof typeof ADMIN_ROUTE_PATHS]}`;
type ServerPath = (typeof SERVER_PAGE_PATHS)[keyof typeof SERVER_PAGE_PATHS];
type LegalPath = (typeof LEGAL_ROUTE_PATHS)[number];
type RoutePath = EntryPath | AdminPath | ServerPath | LegalPath;

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

interface Screen {
  /** Unique name; also the PNG's name. */
  name: string;
  role: Role;
  /** The URL to open; called once per viewport, so a route that changes data gets a fresh token each time. */
  url: (fixtures: AuditFixtures, request: APIRequestContext) => string | Promise<string>;
  /** After the page has loaded: waits for its content or opens a dialog. */
  ready?: (page: Page, viewport: Viewport) => Promise<void>;
  /** Charts that must be drawn (at least). */
  charts?: number;
  /** 'overflow-only': at 390 px only the page-level overflow is checked (the desktop back office). */
  phone?: 'full' | 'overflow-only';
  /** Requests that may fail on this screen (URL patterns). */
  expectedFailures?: RegExp[];
  /**
   * A state the screen leaves on its own (the activation's success text, shown 2 s before it moves
   * on to the login): `ready` waits for it without settling first, and the PNG is taken at once.
   */
  transient?: boolean;
  /** A dialog over the screen: the PNG shows the viewport (the dialog), not the whole page behind it. */
  dialog?: boolean;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

const openDialog =
  (opener: string, charts = true) =>
  async (page: Page) => {
    await page.getByRole('button', { name: opener }).first().click();
    // The pointer leaves the opener, so no chart under it shows a hover tooltip in the PNG.
    await page.mouse.move(0, 0);
    const dialog = page.getByRole('dialog');
    await expect(dialog.first()).toBeVisible();
    if (charts)
      await expect(
        dialog.locator('.recharts-responsive-container, .recharts-wrapper').first(),
      ).toBeAttached();
  };

/** The proposal pages ask a visitor for consent first (once per browser: the second size has it). */
async function acceptConsent(page: Page): Promise<void> {
  const consent = page.getByRole('dialog', { name: 'Ihre Zustimmung ist gefordert' });
  if (!(await consent.isVisible())) return;
  await consent.getByRole('checkbox').nth(0).check();
  await consent.getByRole('checkbox').nth(1).check();
  await consent.getByRole('button', { name: 'Zustimmen und fortfahren' }).click();
  await expect(consent).toBeHidden();
}

/** A fresh client that has not clicked its activation link: the link's path. */
async function freshActivationPath(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('audit-activate');
  await graphql(
    request,
    `mutation ($e: String!, $p: String!) { register(email: $e, password: $p, passwordRepeat: $p, salutation: "Frau",
      firstName: "Erika", lastName: "Audit") { success } }`,
    { e: email, p: 'Weindepot2026!' },
  );
  return new URL(await waitForMailLink(email, '/activate/')).pathname;
}

/** A fresh client that asked to change its e-mail address: the confirmation link's path. */
async function freshConfirmEmailPath(request: APIRequestContext): Promise<string> {
  const client = await registerActivatedClient(request, 'audit-confirm');
  const token = await apiToken(request, client.email, client.password);
  const newEmail = uniqueEmail('audit-confirmed');
  await graphql(
    request,
    'mutation ($e: String!) { changeUser(email: $e) { success } }',
    { e: newEmail },
    token,
  );
  const link = await waitForMailLink(newEmail, '/confirm-email/');
  return `/confirm-email/${pathSegmentAfter(link, '/confirm-email/')}`;
}

/** The same client screen as kunde (with depot and invoices) and as neukunde (new, no profile). */
function asClients(name: string, screen: Omit<Screen, 'name' | 'role'>): Screen[] {
  return [
    { ...screen, name: `kunde-${name}`, role: 'kunde' },
    { ...screen, name: `neukunde-${name}`, role: 'neukunde', charts: undefined },
  ];
}

const SCREENS: Record<RoutePath, Screen[]> = {
  '/': [{ name: 'root', role: 'visitor', url: () => '/', ready: heading('Login') }],
  '/login': [{ name: 'login', role: 'visitor', url: () => '/login', ready: heading('Login') }],
  '/register/:lwin?': [
    { name: 'register', role: 'visitor', url: () => '/register', ready: heading(/Registrier/) },
    {
      name: 'register-offer',
      role: 'visitor',
      url: (f) => `/register/${f.offerLwin11}`,
      ready: heading(/Registrier/),
    },
  ],
  '/activate/:uid/:lwin?': [
    {
      name: 'activate',
      role: 'visitor',
      url: (_, request) => freshActivationPath(request),
      ready: heading('Konto erfolgreich aktiviert!'),
      transient: true,
    },
  ],
  '/set-password/:token': [
    {
      name: 'set-password',
      role: 'visitor',
      url: () => '/set-password/ein-beliebiger-token',
      ready: heading('Neues Passwort festlegen'),
    },
  ],
  '/confirm-email/:token': [
    { name: 'confirm-email', role: 'visitor', url: (_, request) => freshConfirmEmailPath(request) },
  ],
  '/vintage/:id': [{ name: 'vintage', role: 'visitor', url: (f) => `/vintage/${f.vintageId}`, charts: 1 }],
  '/chateaus/:id': [{ name: 'winery', role: 'visitor', url: (f) => `/chateaus/${f.wineryId}` }],
  '/index-chart': [{ name: 'index-chart', role: 'visitor', url: () => '/index-chart', charts: 1 }],
  '/angebot/:id': [{ name: 'public-offer', role: 'visitor', url: (f) => `/angebot/${f.offerLwin11}` }],
  '/portfolio/:uid': [
    {
      name: 'portfolio',
      role: 'visitor',
      url: (f) => `/portfolio/${f.proposalUid}`,
      charts: 1,
      ready: acceptConsent,
    },
  ],
  '/present/:uid': [
    {
      name: 'present',
      role: 'visitor',
      url: (f) => `/present/${f.proposalUid}`,
      charts: 1,
      ready: acceptConsent,
    },
  ],
  '/quote/:uid': [{ name: 'quote', role: 'visitor', url: (f) => `/quote/${f.proposalUid}`, charts: 1 }],
  '/embed/:uid': [{ name: 'embed', role: 'visitor', url: (f) => `/embed/${f.proposalUid}`, charts: 1 }],
  '/impressum': [
    { name: 'impressum', role: 'visitor', url: () => '/impressum', ready: heading('Impressum') },
  ],
  '/datenschutz': [
    {
      name: 'datenschutz',
      role: 'visitor',
      url: () => '/datenschutz',
      ready: heading('Datenschutzerklärung'),
    },
  ],
  '/agb': [
    { name: 'agb', role: 'visitor', url: () => '/agb', ready: heading('Allgemeine Geschäftsbedingungen') },
  ],
  '/widerruf': [
    { name: 'widerruf', role: 'visitor', url: () => '/widerruf', ready: heading('Widerrufsbelehrung') },
  ],
  '/barrierefreiheit': [
    {
      name: 'barrierefreiheit',
      role: 'visitor',
      url: () => '/barrierefreiheit',
      ready: heading('Erklärung zur Barrierefreiheit'),
    },
  ],

  '/admin/start': [
    ...asClients('start', { url: () => '/admin/start' }),
    // The demo's new client at its first sign-in: the account nudge, then the questionnaire.
    {
      name: 'neukunde-first-login-nudge',
      role: 'erstanmeldung',
      url: () => '/admin/start',
      ready: async (page) => {
        await expect(page.getByRole('dialog', { name: ACCOUNT_TEXTS.nudgingTitle })).toBeVisible();
      },
      dialog: true,
    },
    {
      name: 'neukunde-first-login-wizard',
      role: 'erstanmeldung',
      url: () => '/admin/start',
      ready: async (page) => {
        const nudge = page.getByRole('dialog', { name: ACCOUNT_TEXTS.nudgingTitle });
        await expect(nudge).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(nudge).toBeHidden();
        await expect(page.getByRole('dialog', { name: 'Ihr Anlegerprofil' })).toBeVisible();
      },
      dialog: true,
    },
  ],
  '/admin/weinangebot': asClients('offers', { url: () => '/admin/weinangebot' }),
  '/admin/angebot': asClients('hot-deals', { url: () => '/admin/angebot' }),
  '/admin/angebot/:lwin11': [
    ...asClients('offer', { url: (f) => `/admin/angebot/${f.offerLwin11}` }),
    { name: 'kunde-offer-sold-out', role: 'kunde', url: (f) => `/admin/angebot/${f.soldOutLwin11}` },
    {
      name: 'kunde-offer-info-drawer',
      role: 'kunde',
      url: (f) => `/admin/angebot/${f.offerLwin11}`,
      ready: openDialog('Weininformationen', false),
      dialog: true,
    },
  ],
  '/admin/depot': [
    ...asClients('depot', { url: () => '/admin/depot' }),
    {
      name: 'kunde-depot-table',
      role: 'kunde',
      url: () => '/admin/depot',
      ready: async (page) => {
        await page.getByText('Tabelle', { exact: true }).click();
        await expect(page.getByTestId('depot-table-row').first()).toBeVisible();
      },
    },
    {
      name: 'kunde-depot-zeitverlauf',
      role: 'kunde',
      url: () => '/admin/depot',
      ready: openDialog('Zeitverlauf'),
      dialog: true,
      charts: 1,
    },
  ],
  '/admin/kd-7f3a9c2e41/:clientsMail': [
    {
      name: 'staff-client-depot',
      role: 'staff',
      url: () => staffDepotPath('kunde@example.com'),
      ready: heading('Weindepot'),
    },
  ],
  '/admin/academy-overview': asClients('academy', { url: () => '/admin/academy-overview' }),
  '/admin/academy/:slug': asClients('academy-video', { url: (f) => `/admin/academy/${f.academySlug}` }),
  '/admin/all-wineries': asClients('wineries', { url: () => '/admin/all-wineries' }),
  '/admin/chateaus/:id': asClients('winery', { url: (f) => `/admin/chateaus/${f.wineryId}` }),
  '/admin/vintage/:id': asClients('vintage', { url: (f) => `/admin/vintage/${f.vintageId}`, charts: 1 }),
  '/admin/blog/:slug': asClients('blog', { url: (f) => `/admin/blog/${f.blogSlug}` }),
  '/admin/orderlist': asClients('orderlist', { url: () => '/admin/orderlist' }),
  '/admin/invoices': asClients('invoices', { url: () => '/admin/invoices' }),
  '/admin/selection': asClients('selection', { url: () => '/admin/selection', charts: 1 }),
  '/admin/selection/wt': asClients('selection-composed', { url: () => '/admin/selection/wt', charts: 1 }),
  '/admin/portfolio-entwicklung': asClients('portfolio-development', {
    url: () => '/admin/portfolio-entwicklung',
  }),
  '/admin/management': [...MANAGEMENT_SUBTABS.map(({ key }) => key), 'orders'].map((tab) => ({
    name: `staff-management-${tab}`,
    role: 'staff',
    url: () => `/admin/management#${tab}`,
    phone: 'overflow-only',
  })),

  '/pay/:id': [{ name: 'pay', role: 'visitor', url: (f) => f.payPath }],
  '/pay/portal/:token': [{ name: 'payment-portal', role: 'visitor', url: (f) => f.portalPath }],
  '/verify/:fingerprint': [
    { name: 'verify', role: 'visitor', url: (f) => `/verify/${f.certificateFingerprint}` },
  ],
};

test('every route of the router and every server page is in the audit', () => {
  expect(Object.keys(SCREENS).sort()).toEqual(allRoutePaths().sort());
});

const SCREENS_DIR = path.join('test-results', 'screens');
mkdirSync(SCREENS_DIR, { recursive: true });
const softPoll = expect.configure({ soft: true });

/** Waits until the page is loaded and quiet: network idle, no loader spinning, animations ended. */
async function settle(page: Page): Promise<void> {
  // The network goes quiet, unless the background sync still warms the device's caches (a client's
  // invoice PDFs and images, for minutes on a busy machine): then the loaders below decide.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await expectLoadersGone(page);
  // A full-page PNG does not scroll, so images further down that load lazily would stay empty.
  await page.evaluate(async () => {
    const images = [...document.querySelectorAll('img')];
    for (const image of images) if (image.loading === 'lazy') image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  });
  await page.waitForTimeout(400);
}

async function auditViewport(
  page: Page,
  request: APIRequestContext,
  screen: Screen,
  viewport: Viewport,
  fixtures: AuditFixtures,
): Promise<void> {
  const where = `${screen.name} at ${viewport.width}×${viewport.height}`;
  const problems: string[] = [];
  const onConsole = (message: import('@playwright/test').ConsoleMessage) => {
    const text = message.text();
    if (message.type() === 'error') problems.push(`console error: ${text}`);
    else if (/recharts|width\(-?\d+\) and height\(-?\d+\)/i.test(text)) problems.push(`Recharts: ${text}`);
  };
  const onPageError = (error: Error) => problems.push(`uncaught: ${error.message}`);
  const expected = screen.expectedFailures ?? [];
  const onFailed = (failed: import('@playwright/test').Request) => {
    const reason = failed.failure()?.errorText ?? '';
    // A request the page itself cancelled (navigation, an aborted media range) is no failure.
    if (reason === 'net::ERR_ABORTED') return;
    if (!expected.some((pattern) => pattern.test(failed.url())))
      problems.push(`request failed: ${failed.url()} (${reason})`);
  };
  const onResponse = (response: import('@playwright/test').Response) => {
    if (response.status() >= 400 && !expected.some((pattern) => pattern.test(response.url())))
      problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  try {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const png = path.join(SCREENS_DIR, `${screen.name}-${viewport.width}x${viewport.height}.png`);
    await page.goto(await screen.url(fixtures, request));
    if (!screen.transient) await settle(page);
    if (screen.ready) await screen.ready(page, viewport);
    if (screen.transient) await page.screenshot({ path: png, fullPage: true });
    // What `ready` opened (a dialog, a tab) loads and animates in as well.
    else if (screen.ready) await settle(page);

    const full = viewport.name === 'desktop' || screen.phone !== 'overflow-only';
    // Charts animate in: their marks are measured until drawn (or the time is up).
    await softPoll
      .poll(async () => (await inspectPage(page)).overflow, { message: `horizontal overflow on ${where}` })
      .toEqual([]);
    if (full) {
      // A chart whose code is still loading is not in the page yet (no findings either): the screen's
      // charts are counted until all are drawn, then their marks and axes are checked.
      await softPoll
        .poll(async () => (await inspectPage(page)).drawnCharts, { message: `drawn charts on ${where}` })
        .toBeGreaterThanOrEqual(screen.charts ?? 0);
      await softPoll
        .poll(async () => (await inspectPage(page)).charts, { message: `charts on ${where}` })
        .toEqual([]);
      const findings = await inspectPage(page);
      expect
        .soft(findings.clipped, `clipped text in buttons, tabs and table headers on ${where}`)
        .toEqual([]);
      expect.soft(problems, `console errors, Recharts warnings and failed requests on ${where}`).toEqual([]);
    }
    if (viewport.name === 'desktop') {
      const serious = await seriousAxeFindings(page);
      expect.soft(serious, `axe-core findings on ${screen.name}`).toEqual([]);
    }
    if (!screen.transient) {
      // The fixed top bar and sidebar are drawn where the viewport is: a full page is taken from the top.
      if (!screen.dialog) await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: png, fullPage: !screen.dialog });
    }
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('requestfailed', onFailed);
    page.off('response', onResponse);
  }
}

const everyScreen = Object.entries(SCREENS).flatMap(([route, screens]) =>
  screens.map((screen) => ({ route, screen })),
);

for (const role of ['visitor', ...AUDIT_ROLES] as const) {
  test.describe(`as ${role}`, () => {
    if (role !== 'visitor') test.use({ storageState: storageStatePath(role) });
    for (const { route, screen } of everyScreen.filter((entry) => entry.screen.role === role)) {
      test(`${screen.name} (${route})`, async ({ page, request }) => {
        const fixtures = readFixtures();
        for (const viewport of VIEWPORTS) await auditViewport(page, request, screen, viewport, fixtures);
      });
    }
  });
}
