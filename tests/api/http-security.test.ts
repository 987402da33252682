/**
 * HTTP hardening: security headers with a strict Content-Security-Policy on every answer, HSTS only
 * over TLS (a proxy's X-Forwarded-Proto counts only from a trusted proxy), client addresses for the
 * rate limits not spoofable through X-Forwarded-For, and no path out of the media and PWA folders.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedOrigins, loadConfig, type ServerConfig } from '../../server/config';
import { buildApp } from '../../server/http';
import { HSTS_HEADER } from '../../server/security-headers';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

/** The policy's directives as a map: `script-src` → ["'self'"]. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe.each(databaseTargets)('HTTP-Sicherheit (%s)', (target) => {
  let portal: TestPortal;
  let app: FastifyInstance;
  let config: ServerConfig;
  let jwtSecret: string;

  /** An app with a (tiny) PWA build inside the data folder, next to `secrets.json`. */
  async function appWith(overrides: Partial<ServerConfig> = {}) {
    return buildApp({ db: portal.db, config: { ...config, ...overrides } });
  }

  beforeAll(async () => {
    portal = await startTestPortal(target);
    const distDir = path.join(portal.config.dataDir, 'dist');
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><title>Weindepot</title><div id="root"></div>',
    );
    writeFileSync(path.join(distDir, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
    writeFileSync(path.join(distDir, 'assets', 'app.js.map'), '{"version":3,"sources":["src/geheim.ts"]}');
    writeFileSync(path.join(distDir, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
    mkdirSync(portal.config.mediaDir, { recursive: true });
    writeFileSync(path.join(portal.config.mediaDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    config = { ...portal.config, distDir };
    jwtSecret = JSON.parse(readFileSync(path.join(config.dataDir, 'secrets.json'), 'utf8')).jwtSecret;
    expect(jwtSecret.length).toBeGreaterThan(20);
    app = await appWith();
  });
  afterAll(async () => {
    await app?.close();
    await portal?.close();
  });

  it('sends a strict Content-Security-Policy with the app, its API, media and service worker', async () => {
    for (const url of [
      '/',
      '/admin/depot',
      '/service-worker.js',
      '/assets/app.js',
      '/media/logo.svg',
      '/graphql?query=%7B__typename%7D',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(policy.get('style-src'), url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get('worker-src'), url).toEqual(["'self'", 'blob:']);
      expect(policy.get('connect-src'), url).toEqual(["'self'"]);
      expect(policy.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(policy.get('base-uri'), url).toEqual(["'self'"]);
      expect(policy.get('form-action'), url).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('lets the embeddable chart be framed by the configured origins only, every other route by no one', async () => {
    const byDefault = await app.inject({ method: 'GET', url: '/embed/abc123?size=small' });
    expect(byDefault.statusCode).toBe(200);
    expect(directives(byDefault.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      "'self'",
    ]);
    expect(byDefault.headers['x-frame-options']).toBeUndefined();

    const withPartners = await appWith({
      embedOrigins: embedOrigins("'self' https://partner.example, http://127.0.0.1:*"),
    });
    try {
      const embed = await withPartners.inject({ method: 'GET', url: '/embed/abc123' });
      const policy = directives(embed.headers['content-security-policy']);
      expect(policy.get('frame-ancestors')).toEqual([
        "'self'",
        'https://partner.example',
        'http://127.0.0.1:*',
      ]);
      // The rest of the policy is the app's.
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('frame-src')).toEqual(["'none'"]);
      expect(embed.headers['x-frame-options']).toBeUndefined();
      for (const url of [
        '/',
        '/login',
        '/portfolio/abc123',
        '/present/abc123',
        '/admin/depot',
        '/embed',
        '/graphql?query=%7B__typename%7D',
        '/pay/1',
      ]) {
        const response = await withPartners.inject({ method: 'GET', url });
        expect(directives(response.headers['content-security-policy']).get('frame-ancestors'), url).toEqual([
          "'none'",
        ]);
        expect(response.headers['x-frame-options'], url).toBe('DENY');
      }
    } finally {
      await withPartners.close();
    }
    // A mistyped entry stops the start instead of being dropped (or smuggling in a directive).
    expect(() => embedOrigins('https://partner.example; script-src *')).toThrow(/EMBED_ORIGINS/);
    expect(() => embedOrigins('partner.example')).toThrow(/EMBED_ORIGINS/);
    expect(embedOrigins(undefined)).toEqual(["'self'"]);
  });

  it('allows the configured map tile servers for images and the map worker’s fetches, nothing else', async () => {
    const withTiles = await appWith({
      mapTileOrigins: ['https://tiles.example', 'https://*.terrain.example'],
    });
    try {
      const policy = directives(
        (await withTiles.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      expect(policy.get('connect-src')).toEqual([
        "'self'",
        'https://tiles.example',
        'https://*.terrain.example',
      ]);
      expect(policy.get('img-src')).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://tiles.example',
        'https://*.terrain.example',
      ]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
    } finally {
      await withTiles.close();
    }
  });

  it('sends HSTS only over TLS: directly, or as a trusted proxy reports it', async () => {
    const direct = await app.inject({ method: 'GET', url: '/' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    // A proxy on the same host (loopback, trusted by default) reports TLS.
    const viaProxy = await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe(HSTS_HEADER);
    // Anyone else claiming TLS is not believed.
    const spoofed = await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const forced = await appWith({ hsts: 'on' });
    try {
      expect((await forced.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBe(
        HSTS_HEADER,
      );
    } finally {
      await forced.close();
    }
  });

  it('counts rate limits per real client address: X-Forwarded-For of an untrusted client is ignored', async () => {
    const activate = (remoteAddress: string, forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        payload: JSON.stringify({
          query: 'mutation { activate(uid: "unbekannt") { success errors { code } } }',
        }),
      });
    const codes: unknown[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      const answer = (await activate('203.0.113.8', `198.51.100.${attempt}`)).json();
      codes.push(answer.errors?.[0]?.extensions?.code ?? answer.data?.activate?.errors?.[0]?.code);
    }
    expect(codes.slice(0, 30).every((code) => code === 'INVALID_TOKEN')).toBe(true);
    expect(codes[30]).toBe('RATE_LIMITED');
    // Behind the trusted proxy every client counts on its own.
    const proxied = (await activate('127.0.0.1', '198.51.100.77')).json();
    expect(proxied.data?.activate?.errors?.[0]?.code).toBe('INVALID_TOKEN');
  });

  it('serves media and the PWA only from their folders, whatever the encoding of ../', async () => {
    expect((await app.inject({ method: 'GET', url: '/media/logo.svg' })).statusCode).toBe(200);
    const escapes = [
      '/media/../secrets.json',
      '/media/..%2fsecrets.json',
      '/media/..%2Fsecrets.json',
      '/media/%2e%2e/secrets.json',
      '/media/%2e%2e%2fsecrets.json',
      '/media/..%252fsecrets.json',
      '/media/%252e%252e%252fsecrets.json',
      '/media/..%5csecrets.json',
      '/media/....//secrets.json',
      '/media/%c0%ae%c0%ae/secrets.json',
      '/media/logo.svg%00../../secrets.json',
      '/assets/..%2f..%2fsecrets.json',
      '/assets/%2e%2e/%2e%2e/secrets.json',
      '/..%2fsecrets.json',
      '/%2e%2e/secrets.json',
      '/%252e%252e%252fsecrets.json',
      '/media/..%2f..%2fdist%2findex.html%2f..%2f..%2fsecrets.json',
    ];
    for (const url of escapes) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain(jwtSecret);
      expect(response.body, url).not.toContain('paymentWebhookSecret');
    }
  });

  it('allows cross-origin calls only from the portal itself and the configured origins (CORS)', async () => {
    const configured = await appWith({
      corsOrigins: loadConfig({
        PUBLIC_URL: 'https://portal.example/',
        CORS_ORIGINS: 'https://partner.example, kein-origin',
      }).corsOrigins,
    });
    try {
      expect(
        loadConfig({
          PUBLIC_URL: 'https://portal.example/',
          CORS_ORIGINS: 'https://partner.example, kein-origin',
        }).corsOrigins,
      ).toEqual(['https://portal.example', 'https://partner.example']);
      const call = (origin: string, method: 'POST' | 'OPTIONS' = 'POST') =>
        configured.inject({
          method,
          url: '/graphql',
          headers: {
            origin,
            ...(method === 'OPTIONS'
              ? { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' }
              : { 'content-type': 'application/json' }),
          },
          payload: method === 'POST' ? JSON.stringify({ query: '{ me { email } }' }) : undefined,
        });
      for (const origin of ['https://evil.example', 'null', 'https://portal.example.evil.example']) {
        for (const method of ['POST', 'OPTIONS'] as const) {
          const response = await call(origin, method);
          expect(response.headers['access-control-allow-origin'], `${method} ${origin}`).toBeUndefined();
          expect(response.headers['access-control-allow-credentials'], `${method} ${origin}`).toBeUndefined();
        }
      }
      for (const origin of ['https://portal.example', 'https://partner.example']) {
        const preflight = await call(origin, 'OPTIONS');
        expect(preflight.statusCode).toBe(204);
        expect(preflight.headers['access-control-allow-origin']).toBe(origin);
        expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
        const response = await call(origin);
        expect(response.headers['access-control-allow-origin']).toBe(origin);
        expect(response.headers['access-control-allow-credentials']).toBe('true');
        expect(String(response.headers.vary)).toMatch(/origin/i);
      }
    } finally {
      await configured.close();
    }
  });

  it('serves no source maps unless configured, and answers HEAD on the app’s pages like GET', async () => {
    const map = await app.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('geheim');
    expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    const withMaps = await appWith({ serveSourceMaps: true });
    try {
      const served = await withMaps.inject({ method: 'GET', url: '/assets/app.js.map' });
      expect(served.statusCode).toBe(200);
      expect(served.body).toContain('geheim');
    } finally {
      await withMaps.close();
    }
    for (const url of ['/', '/login', '/admin/depot', '/admin/angebot/10123162016']) {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(get.statusCode, url).toBe(200);
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.body, url).toBe('');
    }
    expect((await app.inject({ method: 'HEAD', url: '/gibt-es-nicht.txt' })).statusCode).toBe(404);
  });

  it('cuts off a client that trickles its request body', async () => {
    const slow = await appWith({ requestTimeoutMs: 1_000 });
    try {
      await slow.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      const started = Date.now();
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      const closed = new Promise<number>((resolve) =>
        socket.on('close', () => resolve(Date.now() - started)),
      );
      // The server may reset the connection while a trickled byte is under way; the 408 before it is the answer.
      socket.on('error', () => undefined);
      socket.write(
        'POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      // One byte every 200 ms keeps the connection busy, never silent; only the request timeout ends it.
      const trickle = setInterval(() => {
        if (!socket.destroyed) socket.write(' ');
      }, 200);
      const elapsed = await closed;
      clearInterval(trickle);
      expect(elapsed).toBeLessThan(8_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await slow.close();
    }
  });

  it('keeps the request timeout within a minute by default', () => {
    const defaults = loadConfig({ DATA_DIR: config.dataDir });
    expect(defaults.requestTimeoutMs).toBeGreaterThan(0);
    // Cut off after the timeout plus Node's check interval (at most 5 s).
    expect(defaults.requestTimeoutMs + 5_000).toBeLessThanOrEqual(60_000);
  });
});
