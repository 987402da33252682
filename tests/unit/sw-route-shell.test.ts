import { describe, expect, it } from 'vitest';
import { shellForRoute } from '../../src/sw/route-shell';

const SHELL =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

const cachedShell = () =>
  new Response(SHELL, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': String(SHELL.length) },
  });

describe("the service worker's app shell of a route", () => {
  it('runs the early requests before the app’s script on the depot’s page', async () => {
    const response = await shellForRoute(cachedShell(), '/admin/depot', 'assets/early-requests-x1.js');
    const html = await response.text();
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/early-requests-x1.js"></script><script type="module" crossorigin src="/assets/index-abc.js">',
    );
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The length of the cached shell no longer fits the page.
    expect(response.headers.get('content-length')).toBeNull();
  });

  it('sends the shell unchanged on other routes, and without the early script in the build', async () => {
    for (const [path, script] of [
      ['/admin/start', 'assets/early-requests-x1.js'],
      ['/login', 'assets/early-requests-x1.js'],
      ['/admin/depot/anna%40example.com', 'assets/early-requests-x1.js'],
      ['/admin/depot', undefined],
    ] as const) {
      const response = await shellForRoute(cachedShell(), path, script);
      expect(await response.text()).toBe(SHELL);
    }
  });
});
