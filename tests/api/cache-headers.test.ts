/**
 * Cache lifetimes per kind of answer: the build's hashed files and the public
 * images are kept a year without asking again; the app's page and its unhashed files are checked
 * on every use; whatever belongs to one client (GraphQL answers, PDFs, invoice and payment pages,
 * signed video addresses, the unlock page) is kept by no cache at all.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, vintages } from '../../server/db/schema';
import { buildApp } from '../../server/http';
import { portalToken } from '../../server/services/payments/local';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const LONG = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const NOWHERE = 'private, no-store';

describe.each(databaseTargets)('Cache-Header je Art der Antwort (%s)', (target) => {
  let portal: TestPortal;
  let app: FastifyInstance;
  let invoice: typeof invoices.$inferSelect;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    const distDir = path.join(portal.config.dataDir, 'dist');
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    mkdirSync(path.join(distDir, 'icons'), { recursive: true });
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Weindepot</title>');
    writeFileSync(path.join(distDir, 'assets', 'index-B2xq9Kc1.js'), 'console.log("Weindepot");');
    writeFileSync(path.join(distDir, 'assets', 'index-CnbAkggX.css'), 'body { margin: 0 }');
    writeFileSync(path.join(distDir, 'service-worker.js'), 'self.skipWaiting();');
    writeFileSync(path.join(distDir, 'icons', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildApp({ db: portal.db, config: { ...portal.config, distDir } });
    const [paid] = await portal.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.stage, 'PAID'), isNotNull(invoices.invoiceNumber)))
      .limit(1);
    if (!paid) throw new Error('Keine bezahlte Rechnung in den Demodaten');
    invoice = paid;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await portal?.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '10.20.0.1' });

  it('keeps the build’s hashed scripts and styles and the public images for a year', async () => {
    for (const url of ['/assets/index-B2xq9Kc1.js', '/assets/index-CnbAkggX.css']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe(LONG);
    }
    const wine = readdirSync(path.join(portal.config.mediaDir, 'wines'))[0];
    const [vintage] = await portal.db.select().from(vintages).where(isNotNull(vintages.thumbnail)).limit(1);
    for (const url of [`/media/wines/${wine}`, vintage?.thumbnail ?? '/media/fehlt.svg']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe(LONG);
    }
  });

  it('has the browser ask again for the app’s page and its unhashed files', async () => {
    for (const url of ['/login', '/admin/depot', '/service-worker.js', '/icons/icon.svg']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe(REVALIDATE);
    }
  });

  it('lets no cache keep what belongs to one client', async () => {
    const graphql = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: '{ __typename }' },
    });
    expect(graphql.statusCode).toBe(200);
    expect(graphql.headers['cache-control']).toBe(NOWHERE);

    const token = invoice.invoicePdfViewPermissionToken;
    const [video] = (await portal.db.query.vintages.findMany()).filter((entry) => entry.videoUrl);
    const signed = await portal.gql<{ vintageDetails: { videoUrl: string | null } }>(
      'query ($id: Int!) { vintageDetails(vintageId: $id) { videoUrl } }',
      { id: video?.id ?? 0 },
    );
    const urls = [
      `/invoices/${token}.pdf`,
      `/certificate/${token}`,
      `/pay/portal/${portalToken(invoice.userId, portal.config.paymentWebhookSecret)}`,
      `/unlock/${'a'.repeat(32)}`,
      signed.data?.vintageDetails.videoUrl ?? '/media/videos/fehlt.webm',
    ];
    for (const url of urls) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe(NOWHERE);
    }
  });
});
