/**
 * Every HTML document the portal sends is valid HTML (the Nu HTML checker finds no error): the
 * server-rendered first screens (`/`, `/login`, the public offer page), the app shell, the local
 * provider's pay page and customer portal, the certificate pages, the unlock page and the HTML
 * part of every mail, which is a whole document (doctype, `lang`, `<title>`) beside its plain
 * text. With `HTML_CHECK_DIST` (CI: the build of the budgets step) the pages come from that build
 * and its server render; without, from `index.html` and the sources' render.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../server/db/schema';
import { buildApp } from '../../server/http';
import { wineSeeds } from '../../server/seed/data/wines';
import { contactFormMail, emailChangeMail, emailTakenNoticeMail } from '../../server/services/account-mail';
import type { MailMessage } from '../../server/services/mail';
import { activationMail, loginUnlockMail, passwordResetMail } from '../../server/services/mail-templates';
import {
  checkDoneMail,
  invoiceCancelledMail,
  orderReceivedMail,
  paymentAfterCancellationMail,
  paymentReceivedMail,
  refundTaskMail,
} from '../../server/services/order-mails';
import { portalToken } from '../../server/services/payments/local';
import { renderFirstScreen } from '../../src/entry-server';
import { startTestPortal, type TestPortal } from './support/harness';
import { type HtmlDocument, nuErrors } from './support/nu-checker';

const builtDist = process.env.HTML_CHECK_DIST;

const client = {
  email: 'anna.berger@example.com',
  salutation: 'Frau',
  title: 'Dr.',
  firstName: 'Anna',
  lastName: 'Berger',
};
const invoice = { id: 17, overallSum: '1234.50', invoiceNumber: 'WD-2026-0017' };
const link = 'https://portal.test/admin/orderlist?a=1&b=2';

/** Every mail template, with data that needs escaping (`&`, `<`, quotes). */
const mails: Record<string, MailMessage> = {
  activationMail: activationMail(client, link),
  passwordResetMail: passwordResetMail(client, link),
  loginUnlockMail: loginUnlockMail(client, link),
  emailChangeMail: emailChangeMail(client, 'neu@example.com', link),
  emailTakenNoticeMail: emailTakenNoticeMail('alt@example.com'),
  contactFormMail: contactFormMail(
    'service@weindepot.example',
    { name: 'Anna Berger', email: client.email },
    { sender: 'A. "Berger" & Co', replyAddress: 'antwort@example.com' },
    'Frage zu <Lieferung>\nZweite Zeile',
  ),
  orderReceivedMail: orderReceivedMail(client, invoice),
  checkDoneMail: checkDoneMail(client, invoice, link),
  paymentReceivedMail: paymentReceivedMail(client, invoice, link),
  invoiceCancelledMail: invoiceCancelledMail(client, invoice, 'Kunde wünscht <Storno>', link, {
    number: 'WD-2026-0018',
    pdfUrl: link,
  }),
  paymentAfterCancellationMail: paymentAfterCancellationMail(client, invoice, link),
  refundTaskMail: refundTaskMail('service@weindepot.example', client, invoice, 'local', link),
};

function lwin11(wineKey: string, year: number): string {
  const wine = wineSeeds.find((seed) => seed.key === wineKey);
  if (!wine) throw new Error(`The seed has no wine ${wineKey}`);
  return `${wine.lwin}${year}`;
}

describe('Gültiges HTML (Nu HTML Checker)', () => {
  let portal: TestPortal;
  let app: FastifyInstance;

  beforeAll(async () => {
    portal = await startTestPortal('pglite', { seed: true });
    let distDir = builtDist;
    if (!distDir) {
      distDir = path.join(portal.config.dataDir, 'dist');
      mkdirSync(distDir, { recursive: true });
      writeFileSync(path.join(distDir, 'index.html'), readFileSync('index.html'));
    } else if (!existsSync(path.join(distDir, 'index.html'))) {
      throw new Error(`HTML_CHECK_DIST=${distDir} enthält keinen Build`);
    }
    app = await buildApp({
      db: portal.db,
      config: { ...portal.config, distDir },
      ...(builtDist ? {} : { renderFirstScreen }),
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await portal?.close();
  });

  /** The page at `url` as a document to check, after asserting it is HTML with `status`. */
  async function page(url: string, status = 200): Promise<HtmlDocument> {
    const answer = await app.inject({ method: 'GET', url, remoteAddress: '10.40.0.1' });
    expect(answer.statusCode, url).toBe(status);
    expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
    return { name: `GET ${url}`, html: answer.body };
  }

  it('sends every mail with a plain-text part and a whole HTML document', () => {
    for (const [name, mail] of Object.entries(mails)) {
      expect(mail.text, name).not.toMatch(/<p>|<br>/);
      expect(mail.html, name).toMatch(/^<!doctype html><html lang="de">/);
      expect(mail.html, name).toContain(`<title>`);
    }
  });

  it('finds no error in the pages and mails', async () => {
    const [paid] = await portal.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.stage, 'PAID'), isNotNull(invoices.invoiceNumber)))
      .limit(1);
    if (!paid) throw new Error('Keine bezahlte Rechnung in den Demodaten');
    // The local provider's pay page with its card form: another invoice, made open and local.
    const [open] = await portal.db.select().from(invoices).where(ne(invoices.id, paid.id)).limit(1);
    if (!open) throw new Error('Nur eine Rechnung in den Demodaten');
    await portal.db
      .update(invoices)
      .set({ paymentProvider: 'local', providerInvoiceId: 'html-check', stage: 'WAITING_FOR_PAYMENT' })
      .where(eq(invoices.id, open.id));
    const certificate = await app.inject({
      method: 'GET',
      url: `/certificate/${paid.invoicePdfViewPermissionToken}`,
    });
    const fingerprint = String(certificate.headers['x-certificate-fingerprint'] ?? '');

    const documents: HtmlDocument[] = [
      await page('/'),
      await page('/login'),
      await page(`/angebot/${lwin11('sassicaia', 2019)}`),
      await page('/admin/depot'),
      await page('/pay/html-check'),
      await page(`/pay/portal/${portalToken(paid.userId, portal.config.paymentWebhookSecret)}`),
      await page(`/verify/${fingerprint}`),
      await page(`/verify/${String(certificate.headers['x-document-id'] ?? '')}`),
      await page(`/verify/${'0'.repeat(64)}`, 404),
      await page('/verify/aaaaaaaaaaaa', 404),
      await page(`/unlock/${'a'.repeat(32)}`),
      ...Object.entries(mails).map(([name, mail]) => ({ name: `Mail ${name}`, html: mail.html ?? '' })),
    ];
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // Mantine's global styles moved into the head, not away.
    const login = documents[1]?.html ?? '';
    expect(login.slice(0, login.indexOf('</head>'))).toContain('<style data-mantine-styles="true">');
    expect(await nuErrors(documents)).toEqual([]);
  }, 120_000);
});
