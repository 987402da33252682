/**
 * The public first screens sent as HTML: `/`, `/login` and the public offer
 * page are rendered with React on the server (the PWA's own components, built by
 * `vite build --ssr src/entry-server.tsx` beside the PWA, see pwa-build.ts) and put into
 * `#root` of the built `index.html`; the offer page's GraphQL answer travels along in a JSON
 * script element (not executed, so the Content-Security-Policy needs no exception). The client
 * takes the page over with `hydrateRoot` (src/main.tsx). Without that build, or when a render
 * fails, the app shell is sent as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import {
  FIRST_SCREEN_DATA_ID,
  type FirstScreen,
  type RenderFirstScreen,
  SERVER_RENDERED_PAGES,
} from '../src/routes/first-screen';
import { routeScreensOf, withEarlyScript } from '../src/routes/route-screens';
import type { ErrorReporter } from './graphql/german-errors';

/** The server bundle's folder beside the PWA's build folder (never served). */
export function firstScreenDir(distDir: string): string {
  return `${distDir}-ssr`;
}

export const FIRST_SCREEN_ENTRY = 'entry-server.js';

const ROOT_ELEMENT = '<div id="root"></div>';
const HEAD_END = '</head>';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Vite's build manifest of `distDir`, or null without one. */
function readManifest(distDir: string): Manifest | null {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null;
}

/** `key` and the chunks it imports statically, transitively, added to `seen`. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * The style sheets of a split-off screen as `<link>` elements: the markup needs them at its first
 * paint (e.g. the entry layout's CSS module), not once the screen's code has arrived. What the
 * entry brings itself is left out; Vite's loader later finds the sheets there and does not add them
 * again. Its code is not linked (`modulepreload`): Lighthouse's simulated slow 4G counts every
 * request started before the first paint against it (offer page FCP 3.3 s with them, 2.3 s without).
 * Empty without Vite's manifest.
 */
export function screenStyleLinks(distDir: string, screen: string): string {
  const manifest = readManifest(distDir);
  if (!manifest) return '';
  const shell = staticClosure(manifest, 'index.html');
  return [...staticClosure(manifest, screen)]
    .filter((key) => !shell.has(key))
    .flatMap((key) => manifest[key]?.css ?? [])
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('');
}

/** An app shell page, as it is and compressed. */
export interface ShellPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The form of `page` that `acceptEncoding` (the request's `Accept-Encoding`) takes, brotli first. */
export function encodedShellPage(
  page: ShellPage,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return { body: page.br, encoding: 'br' };
  if (/\bgzip\b/.test(accepted)) return { body: page.gzip, encoding: 'gzip' };
  return { body: page.html, encoding: null };
}

/**
 * The app shell (`index.html`) of each route of `src/app/route-screens.ts`, with the code of the
 * route's lazy screens linked (`<link rel="modulepreload">`): the app renders a route only once
 * that code is there (`preloadRoute`), and without the links the browser asked for it only after
 * the entry's modules had run — on a 2-core machine ≈ 150–250 ms after the page arrived, and
 * behind the request of the depot's data the app sends first (the 2,000-position
 * depot's first visit). What the entry brings itself is left out. The pages are built (and
 * compressed with brotli and gzip) once, on the first request of each route; null for any other
 * path, or without Vite's manifest.
 */
export function shellPagesWithScreens(distDir: string): (pathname: string) => ShellPage | null {
  const shellFile = path.join(distDir, 'index.html');
  const manifest = readManifest(distDir);
  if (!manifest || !existsSync(shellFile)) return () => null;
  const shell = readFileSync(shellFile, 'utf8');
  const inShell = staticClosure(manifest, 'index.html');
  const pages = new Map<string, ShellPage>();
  return (pathname) => {
    const route = routeScreensOf(pathname);
    if (!route) return null;
    let page = pages.get(route.route);
    if (page === undefined) {
      const keys = new Set<string>();
      for (const screen of [...route.screens, ...(route.earlyScript ? [route.earlyScript] : [])])
        staticClosure(manifest, screen, keys);
      const links = [...keys]
        .filter((key) => !inShell.has(key))
        .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`)
        .join('');
      const early = route.earlyScript ? manifest[route.earlyScript]?.file : undefined;
      const withEarly = early ? withEarlyScript(shell, `/${early}`) : shell;
      const html = Buffer.from(withEarly.replace(HEAD_END, () => `${links}${HEAD_END}`));
      page = { html, br: brotliCompressSync(html), gzip: gzipSync(html) };
      pages.set(route.route, page);
    }
    return page;
  };
}

/** JSON inside `<script>`: `<` escaped, so no text in the data can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The app shell with the screen's links and global styles in the head, the rendered screen in
 * `#root` and its query answers after it.
 */
export function pageWithFirstScreen(shell: string, headLinks: string, screen: FirstScreen): string {
  const data = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${scriptJson(screen.queries)}</script>`;
  return shell
    .replace(HEAD_END, () => `${headLinks}${screen.head}${HEAD_END}`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${screen.html}</div>${data}`);
}

async function loadRenderer(distDir: string): Promise<RenderFirstScreen | null> {
  const entry = path.join(firstScreenDir(distDir), FIRST_SCREEN_ENTRY);
  if (!existsSync(entry)) return null;
  const module: { renderFirstScreen?: RenderFirstScreen } = await import(pathToFileURL(entry).href);
  return module.renderFirstScreen ?? null;
}

export interface FirstScreenRouteOptions {
  distDir: string;
  /** The render; by default the build's (`firstScreenDir`), tests pass the sources' own. */
  render?: RenderFirstScreen;
  graphqlEndpoint: string;
  /** The server's own GraphQL handler (yoga.fetch), called with the visitor's address for its limits. */
  graphqlFetch: (request: Request, clientIp: string) => Promise<Response>;
  reportError: ErrorReporter;
}

/**
 * GET of the server-rendered paths; a POST of the login form sent before the JavaScript ran is
 * sent back to the page (its fields are dropped unread).
 */
export async function registerFirstScreenRoutes(app: FastifyInstance, options: FirstScreenRouteOptions) {
  const render = options.render ?? (await loadRenderer(options.distDir));
  const shellFile = path.join(options.distDir, 'index.html');
  if (!render || !existsSync(shellFile) || !readFileSync(shellFile, 'utf8').includes(ROOT_ELEMENT)) return;
  const shell = readFileSync(shellFile, 'utf8');

  for (const page of SERVER_RENDERED_PAGES) {
    const headLinks = screenStyleLinks(options.distDir, page.screen);
    app.get(page.path, { compress: {} }, async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      reply.type('text/html; charset=utf-8');
      let screen: Awaited<ReturnType<RenderFirstScreen>> = null;
      try {
        screen = await render(request.url, {
          graphqlEndpoint: options.graphqlEndpoint,
          fetch: (input, init) => options.graphqlFetch(new Request(input, init), request.ip),
        });
      } catch (error) {
        options.reportError(error);
      }
      if (screen && 'redirectTo' in screen) return reply.redirect(screen.redirectTo, 302);
      return reply.send(screen ? pageWithFirstScreen(shell, headLinks, screen) : shell);
    });
  }

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      (_request, payload, done) => {
        payload.resume();
        payload.on('end', () => done(null, {}));
      },
    );
    scope.post('/login', (_request, reply) => reply.redirect('/login', 303));
  });
}
