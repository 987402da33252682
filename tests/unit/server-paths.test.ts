import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkoutRoutes } from '../../server/routes/checkout';
import type { CheckoutRouteDeps } from '../../server/routes/checkout-http';
import { isServerPath, isSpaPath } from '../../src/domain/server-paths';

describe('Server-Pfade und App-Routen (Server-Fallback und Service Worker)', () => {
  it.each([
    ['/invoices/AbC_12-x.pdf', 'the invoice PDF'],
    ['/graphql', 'the API'],
    ['/pay/in_local_17', 'the hosted payment page'],
    ['/pay/portal/token', 'the customer portal'],
    ['/pay', 'the bare payment prefix'],
    ['/webhooks/stripe', 'a webhook'],
    ['/certificate/token', 'the storage certificate'],
    ['/verify/0a1b', 'the public verify page'],
    ['/media/wines/margaux.jpg', 'a media file'],
    ['/assets/index-abc.js', 'a built file'],
    ['/healthz', 'the liveness probe'],
    ['/readyz', 'the readiness probe'],
    ['/metrics', 'the Prometheus metrics'],
  ])('%s (%s) is answered by the server, never the app', (pathname) => {
    expect(isServerPath(pathname)).toBe(true);
    expect(isSpaPath(pathname)).toBe(false);
  });

  it.each([
    '/',
    '/login',
    '/register/10125902015',
    '/confirm-email/abc123',
    '/set-password/abc123',
    '/index-chart',
    '/angebot/17',
    '/portfolio/uid-1',
    '/verify-later',
    '/admin/orderlist',
    '/admin/invoices',
    '/admin/depot/kundendepot/kunde@example.com',
  ])('%s is a route of the app', (pathname) => {
    expect(isSpaPath(pathname)).toBe(true);
  });

  it('treats a missing file outside the app as no page of the app', () => {
    expect(isSpaPath('/robots.txt')).toBe(false);
    expect(isSpaPath('/icons/unknown.png')).toBe(false);
  });

  it('covers every page the server serves outside GraphQL, so none opens the app instead', async () => {
    const app = Fastify();
    const urls: string[] = [];
    app.addHook('onRoute', (route) => {
      urls.push(route.url);
    });
    // Registering reads only the public address; the routes are listed, never called.
    const deps = { config: { publicUrl: 'https://portal.example' } } as unknown as CheckoutRouteDeps;
    await app.register(checkoutRoutes, deps);
    await app.ready();
    expect(urls).toEqual(expect.arrayContaining(['/invoices/:file', '/pay/:id', '/certificate/:token']));
    for (const url of urls) expect(isSpaPath(url.replace(/:\w+/g, 'x')), url).toBe(false);
    await app.close();
  });
});
