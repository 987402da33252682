/**
 * PDFs render off the event loop: a worst-case document (a first name of
 * 150,000 characters without a space, stored before names had a limit) must not delay a parallel
 * cheap request beyond a second; the worker pool keeps a time budget and a bounded queue and
 * answers in German; the PDF routes are rate-limited per IP, signed-in requests per user.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, users } from '../../server/db/schema';
import { PdfPool, PdfRenderError, pdfMessages } from '../../server/pdf/pool';
import { rateLimits } from '../../server/services/rate-limit';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { pdfText } from './support/pdf-text';

const CHEAP = '{ __typename }';

describe.each(databaseTargets)('PDF-Erstellung im Worker-Pool (%s)', (target) => {
  let portal: TestPortal;
  let token: string;
  let invoiceNumber: string;
  let clientToken: string;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    const [invoice] = await portal.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.stage, 'PAID'), isNotNull(invoices.invoiceNumber)))
      .limit(1);
    if (!invoice?.invoiceNumber) throw new Error('Keine bezahlte Rechnung in den Demodaten');
    token = invoice.invoicePdfViewPermissionToken;
    invoiceNumber = invoice.invoiceNumber;
    // A name from before names had a limit (the API refuses such a name today).
    await portal.db
      .update(users)
      .set({ firstName: `${'Wolkenkratzerfensterputzer'.repeat(3)}${'x'.repeat(150_000)}` })
      .where(eq(users.id, invoice.userId));
    const [owner] = await portal.db.select().from(users).where(eq(users.id, invoice.userId));
    const signedIn = await portal.gql<{ tokenAuth: { token: string } }>(
      'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }',
      { email: owner?.email ?? '', password: 'Weindepot2026!' },
    );
    clientToken = signedIn.data?.tokenAuth.token ?? '';
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('answers a parallel cheap request within a second while a worst-case invoice PDF renders', async () => {
    let done = false;
    const pdf = portal.app
      .inject({ method: 'GET', url: `/invoices/${token}.pdf`, remoteAddress: '10.9.0.1' })
      .finally(() => {
        done = true;
      });
    let slowest = 0;
    let answered = 0;
    while (!done) {
      const started = performance.now();
      const answer = await portal.gql(CHEAP);
      slowest = Math.max(slowest, performance.now() - started);
      expect(answer.data).toEqual({ __typename: 'Query' });
      answered += 1;
    }
    const response = await pdf;
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(response.rawPayload)).toContain(`Rechnung ${invoiceNumber}`);
    expect(answered).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1_000);
  }, 120_000);

  it('cuts a document off at its time budget and refuses more than the queue holds, in German', async () => {
    const model = {
      title: 'Rechnung',
      metaTitle: 'Rechnung',
      metaSubject: 'Testdokument',
      recipient: ['Anna Berger'],
      facts: [],
      intro: ['x'.repeat(1_900)],
      table: null,
      totals: [],
      notes: [],
      verification: null,
    };
    const strict = new PdfPool({ workers: 1, queueLimit: 1, timeBudgetMs: 1 });
    try {
      await expect(strict.render(model)).rejects.toThrow(pdfMessages.timeout);
      const first = strict.render(model);
      const second = strict.render(model);
      const third = strict.render(model);
      await expect(third).rejects.toThrow(pdfMessages.busy);
      await expect(third).rejects.toBeInstanceOf(PdfRenderError);
      await Promise.allSettled([first, second]);
    } finally {
      await strict.close();
    }
    const roomy = new PdfPool({ workers: 1, queueLimit: 1, timeBudgetMs: 30_000 });
    try {
      // A fresh worker after a timeout renders normally.
      const pdf = await roomy.render(model);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await roomy.close();
    }
  }, 60_000);

  it('limits the PDF routes per IP and counts signed-in requests per user', async () => {
    const ip = '10.9.0.2';
    const unknown = '/invoices/nicht-vorhandenes-token-0000.pdf';
    for (let index = 0; index < rateLimits.pdfPerIp.limit; index++) {
      const response = await portal.app.inject({ method: 'GET', url: unknown, remoteAddress: ip });
      expect(response.statusCode).toBe(404);
    }
    const limited = await portal.app.inject({
      method: 'GET',
      url: `/certificate/${token}`,
      remoteAddress: ip,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toBe(
      'Zu viele Anfragen. Bitte warten Sie eine Weile und versuchen Sie es dann erneut.',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same address with the client's session: counted against the client, not the address.
    const signedIn = await portal.app.inject({
      method: 'GET',
      url: `/invoices/${token}.pdf`,
      remoteAddress: ip,
      headers: { authorization: `JWT ${clientToken}` },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(rateLimits.pdfPerUser.limit).toBeGreaterThanOrEqual(500);
  }, 120_000);
});
