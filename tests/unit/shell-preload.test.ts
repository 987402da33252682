import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedShellPage, shellPagesWithScreens } from '../../server/first-screen';
import { routeScreensOf } from '../../src/routes/route-screens';

function distWithManifest(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'shell-preload-'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><title>Weindepot</title><script type="module" crossorigin src="/assets/index-A.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-A.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-B.js' },
      '_box.js': { file: 'assets/Box-C.js', imports: ['_react.js'] },
      'src/app/layout/AdminLayout.tsx': { file: 'assets/AdminLayout-D.js', imports: ['_box.js'] },
      'src/features/depot/ui/DepotScreen.tsx': {
        file: 'assets/DepotScreen-E.js',
        imports: ['_box.js', '_react.js'],
      },
      'src/app/start-early-requests.ts': {
        file: 'assets/early-requests-F.js',
        isEntry: true,
        imports: ['_react.js'],
      },
    }),
  );
  return dist;
}

describe('the app shell links the code of its route’s screens', () => {
  it('names the route a path opens, with its parameters and a trailing slash', () => {
    expect(routeScreensOf('/admin/depot')?.screens).toContain('src/features/depot/ui/DepotScreen.tsx');
    expect(routeScreensOf('/admin/depot/')?.route).toBe('/admin/depot');
    expect(routeScreensOf('/admin/angebot/12345678901')?.route).toBe('/admin/angebot/:lwin11');
    expect(routeScreensOf('/admin/angebot/')).toBeUndefined();
    expect(routeScreensOf('/admin/depot/extra')).toBeUndefined();
    expect(routeScreensOf('/admin/unbekannt')).toBeUndefined();
  });

  it('links each chunk of the route’s screens once, without what the entry brings, compressed alike', () => {
    const page = shellPagesWithScreens(distWithManifest())('/admin/depot');
    if (!page) throw new Error('keine Seite');
    const html = page.html.toString();
    const links = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(links.sort()).toEqual([
      '/assets/AdminLayout-D.js',
      '/assets/Box-C.js',
      '/assets/DepotScreen-E.js',
      '/assets/early-requests-F.js',
    ]);
    // The early requests run before the app's own script.
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/early-requests-F.js"></script><script type="module" crossorigin src="/assets/index-A.js">',
    );
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
    expect(brotliDecompressSync(page.br).toString()).toBe(html);
    expect(gunzipSync(page.gzip).toString()).toBe(html);
    expect(encodedShellPage(page, 'gzip, deflate, br').encoding).toBe('br');
    expect(encodedShellPage(page, 'gzip').encoding).toBe('gzip');
    expect(encodedShellPage(page, undefined)).toEqual({ body: page.html, encoding: null });
  });

  it('sends the plain shell for other paths and without a manifest', () => {
    expect(shellPagesWithScreens(distWithManifest())('/admin/unbekannt')).toBeNull();
    const start = shellPagesWithScreens(distWithManifest())('/admin/start')?.html.toString() ?? '';
    expect(start).toContain('AdminLayout-D.js');
    expect(start).not.toContain('early-requests');
    const bare = mkdtempSync(path.join(os.tmpdir(), 'shell-bare-'));
    writeFileSync(path.join(bare, 'index.html'), '<html><head></head></html>');
    expect(shellPagesWithScreens(bare)('/admin/depot')).toBeNull();
  });
});
