/**
 * Compression on the wire: the PWA's files go out as the build's brotli or gzip copies (whichever
 * the browser accepts), GraphQL answers above a threshold are compressed on the fly, small answers
 * and clients that accept no encoding get plain bytes, and request bodies are never decompressed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, GRAPHQL_COMPRESSION_THRESHOLD_BYTES } from '../../server/http';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

/** A public query whose answer is far above the threshold (the demo wineries with their descriptions). */
const BIG_QUERY = '{ allWineries { id title description } }';
const SMALL_QUERY = '{ __typename }';

describe.each(databaseTargets)('Komprimierung (%s)', (target) => {
  let portal: TestPortal;
  let app: FastifyInstance;
  const script = `${'console.log("Weindepot");\n'.repeat(400)}`;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    const distDir = path.join(portal.config.dataDir, 'dist');
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Weindepot</title>');
    // What vite-plugin-compression2 writes beside each asset (vite.config.ts).
    writeFileSync(path.join(distDir, 'assets', 'app.js'), script);
    writeFileSync(path.join(distDir, 'assets', 'app.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(distDir, 'assets', 'app.js.gz'), gzipSync(script));
    app = await buildApp({ db: portal.db, config: { ...portal.config, distDir } });
  });
  afterAll(async () => {
    await app?.close();
    await portal?.close();
  });

  it('sends the build’s brotli copy of an asset to a browser that accepts it, gzip otherwise, plain without', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses large GraphQL answers as the client accepts, leaves small ones and plain clients alone', async () => {
    const ask = (query: string, encoding: string) =>
      app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
        payload: { query },
      });
    const plain = await ask(BIG_QUERY, '');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(GRAPHQL_COMPRESSION_THRESHOLD_BYTES);
    const answer = JSON.parse(plain.body) as { data: { allWineries: unknown[] } };
    expect(answer.data.allWineries.length).toBeGreaterThan(5);

    const br = await ask(BIG_QUERY, 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/json/);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(answer);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length);

    const gz = await ask(BIG_QUERY, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(answer);

    const small = await ask(SMALL_QUERY, 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body)).toEqual({ data: { __typename: 'Query' } });
  });

  it('does not unpack a compressed request body', async () => {
    const body = gzipSync(JSON.stringify({ query: SMALL_QUERY }));
    const answer = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(answer.body).not.toContain('__typename":"Query');
  });
});
