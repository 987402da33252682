/**
 * The public first screens arrive as HTML: `/login` carries the login form and
 * the public offer page the offer, before any JavaScript runs, with the offer's answer for the
 * client beside it; an offer page without offer moves on as the app would; other pages stay the
 * app shell. The render is the sources' own (`src/entry-server.tsx`), as the build bundles it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/http';
import { wineSeeds } from '../../server/seed/data/wines';
import { renderFirstScreen } from '../../src/entry-server';
import { FIRST_SCREEN_DATA_ID } from '../../src/routes/first-screen';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const SHELL =
  '<!doctype html><html lang="de"><head><title>Weindepot</title></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>';

/** Vite's build manifest as far as it matters here: the entry and the entry screen's chunk with their styles. */
const MANIFEST = {
  'index.html': { file: 'assets/index.js', css: ['assets/index.css'], imports: ['_Box.js'] },
  '_Box.js': { file: 'assets/Box.js', css: ['assets/Box.css'] },
  'src/features/entry/ui/EntryScreen.tsx': {
    file: 'assets/EntryScreen.js',
    css: ['assets/EntryScreen.css'],
    imports: ['index.html', '_Box.js'],
  },
};

function lwin11(wineKey: string, year: number): string {
  const wine = wineSeeds.find((seed) => seed.key === wineKey);
  if (!wine) throw new Error(`The seed has no wine ${wineKey}`);
  return `${wine.lwin}${year}`;
}

/** The text a visitor reads in `#root` (tags, styles and the data element removed). */
function visibleText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`<script type="application/json"`));
  return root
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe.each(databaseTargets)('Erste Seite als HTML (%s)', (target) => {
  let portal: TestPortal;
  let app: FastifyInstance;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    const distDir = path.join(portal.config.dataDir, 'dist');
    mkdirSync(distDir, { recursive: true });
    writeFileSync(path.join(distDir, 'index.html'), SHELL);
    mkdirSync(path.join(distDir, '.vite'));
    writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    app = await buildApp({ db: portal.db, config: { ...portal.config, distDir }, renderFirstScreen });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await portal?.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '10.30.0.1' });

  it('sends /login with its heading and fields, the form posting (never into the address)', async () => {
    const answer = await get('/login');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    const text = visibleText(answer.body);
    expect(text).toContain('Login');
    expect(text).toContain('Melden Sie sich an, um Ihr Weindepot zu sehen.');
    expect(text).toContain('E-Mail');
    expect(text).toContain('Passwort');
    expect(text).toContain('Einloggen');
    expect(answer.body).toMatch(/<input(?=[^>]*type="email")(?=[^>]*autoComplete="username")[^>]*>/);
    expect(answer.body).toMatch(
      /<input(?=[^>]*type="password")(?=[^>]*autoComplete="current-password")[^>]*>/,
    );
    expect(answer.body).toMatch(/<form[^>]*method="post"/);
    expect(answer.body).toContain('<script type="module" src="/app.js"></script>');
  });

  it('links the entry screen’s own styles from the head, so the form is styled before its code arrives', async () => {
    const answer = await get('/login');
    const head = answer.body.slice(0, answer.body.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/EntryScreen.css">');
    // The entry's own styles are linked by index.html already.
    expect(head).not.toContain('/assets/Box.css');
  });

  it('answers a login form posted before the JavaScript ran with the login page again, dropping the fields', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=kunde%40example.com&password=geheim',
      remoteAddress: '10.30.0.1',
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/login');
  });

  it('sends the public offer page with the wine, and its answer for the client beside it', async () => {
    const sassicaia = lwin11('sassicaia', 2019);
    const answer = await get(`/angebot/${sassicaia}`);
    expect(answer.statusCode).toBe(200);
    const text = visibleText(answer.body);
    expect(text).toContain('Sassicaia 2019');
    expect(text).toContain('Jetzt sichern');
    const data = answer.body.match(
      new RegExp(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">(.*?)</script>`),
    )?.[1];
    const queries = JSON.parse(data ?? 'null') as {
      queries: { state: { data: { offer: { vintage: { lwin11: string } } } } }[];
    };
    expect(queries.queries[0]?.state.data.offer.vintage.lwin11).toBe(sassicaia);
  });

  it('moves an offer page without offer on to the first offer, as the app does', async () => {
    const answer = await get('/angebot/99999999999');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toMatch(/^\/angebot\/\d{11}$/);
    const target = await get(String(answer.headers.location));
    expect(target.statusCode).toBe(200);
    expect(visibleText(target.body)).toContain('Jetzt sichern');
  });

  it('sends the signed-in area as the empty app shell (no one’s data rendered on the server)', async () => {
    const answer = await get('/admin/depot');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(SHELL);
  });
});
