/**
 * HTTP routes of the checkout outside GraphQL: the local provider's hosted invoice page
 * (`/pay/<id>`) and customer portal (`/pay/portal/<token>`), the providers' webhooks
 * (`/webhooks/local`, `/webhooks/stripe`, signatures checked on the raw body), the storage
 * certificate (`/certificate/<token>`; 409 with a German page while no case of the invoice is
 * stored), its public check (`/verify/<fingerprint>`) and the
 * invoice PDF (`/invoices/<token>.pdf`) and a business client's e-invoice XML beside it
 * (`/invoices/<token>/rechnung.xml`, `…/stornorechnung.xml`). Registered as an encapsulated plugin, so its raw-body
 * parsers do not touch GraphQL.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INVOICE_STAGES } from '../../src/domain/invoice-stages';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { sendPdf as sendPdfFrom, withinPdfLimit as withinPdfLimitFor } from '../pdf/http';
import type { PdfPool } from '../pdf/pool';
import { certificateDocument } from '../services/certificate-pdf';
import { verifyCertificate } from '../services/certificate-verification';
import { certificateFor } from '../services/certificates';
import { localInvoice, payPageInvoice, portalInvoices } from '../services/checkout-views';
import { E_INVOICE_XML_FILES, type EInvoiceKind } from '../services/e-invoice';
import {
  documentOf,
  INVOICE_DOCUMENT_FILES,
  type InvoiceDocumentKind,
  invoiceClient,
} from '../services/invoice-documents';
import {
  type PaymentOutcome,
  payLocalInvoice,
  recordPaymentResult,
} from '../services/invoice-payment-results';
import { cancellationInvoiceDocument, finalInvoiceDocument, invoiceDocument } from '../services/invoice-pdf';
import { findInvoiceByToken } from '../services/invoices';
import {
  checkDocument,
  type DocumentRequest,
  documentBySha256,
  isDocumentId,
} from '../services/issued-documents';
import { cardOutcome, portalUserId } from '../services/payments/local';
import { LOCAL_SIGNATURE_HEADER, verifySignature } from '../services/payments/signature';
import { constructStripeEvent } from '../services/payments/stripe';
import { verifySettlement } from '../services/settlement-pdf';
import {
  documentNotFoundPage,
  documentVerifyPage,
  noCertificatePage,
  payPage,
  portalPage,
  settlementCheckHtml,
  VERIFY_CHECK_SCRIPT,
  verifyPage,
} from './checkout-pages';

export interface CheckoutRouteDeps {
  db: Database;
  config: ServerConfig;
  nudgeOutbox: () => void;
  pdfPool: PdfPool;
}

/** Pages of one client's invoices and payments: kept by no cache, shared or the browser's. */
const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(body);

const notFound = (reply: FastifyReply) =>
  reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden.');

const stripeOutcomes: Record<string, PaymentOutcome> = {
  'invoice.paid': 'paid',
  'invoice.payment_succeeded': 'paid',
  'invoice.payment_failed': 'failed',
};

export async function checkoutRoutes(app: FastifyInstance, deps: CheckoutRouteDeps): Promise<void> {
  const { db, config, pdfPool } = deps;

  const withinPdfLimit = (request: FastifyRequest, reply: FastifyReply) =>
    withinPdfLimitFor(db, config, request, reply);
  const sendPdf = (reply: FastifyReply, request: DocumentRequest) =>
    sendPdfFrom(pdfPool, db, config.publicUrl, reply, request);

  // Webhook signatures and the card form need the body as sent: keep it as a string here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const backLink = `${config.publicUrl}/admin/orderlist`;

  app.get<{ Params: { token: string } }>('/pay/portal/:token', async (request, reply) => {
    const userId = portalUserId(request.params.token, config.paymentWebhookSecret);
    if (userId === null) return notFound(reply);
    const portal = await portalInvoices(db, config, userId);
    if (!portal) return notFound(reply);
    return html(
      reply,
      200,
      portalPage(portal.clientName, portal.invoices, `${config.publicUrl}/admin/depot`),
    );
  });

  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const invoice = await localInvoice(db, request.params.id);
    if (!invoice) return notFound(reply);
    if (invoice.stage === 'CANCELLED') {
      const view = await payPageInvoice(db, invoice);
      return html(
        reply,
        410,
        payPage(
          view,
          {
            kind: 'cancelled',
            reason: invoice.cancellationReason,
            refunded: invoice.lateProviderEventOutcome === 'paid',
          },
          backLink,
        ),
      );
    }
    const paid = INVOICE_STAGES[invoice.stage].paid;
    return html(
      reply,
      200,
      payPage(await payPageInvoice(db, invoice), { kind: paid ? 'already-paid' : 'form' }, backLink),
    );
  });

  app.post<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const invoice = await localInvoice(db, request.params.id);
    if (!invoice) return notFound(reply);
    const view = await payPageInvoice(db, invoice);
    if (INVOICE_STAGES[invoice.stage].paid) {
      return html(reply, 200, payPage(view, { kind: 'already-paid' }, backLink));
    }
    // A cancelled invoice is void: no card is charged and no webhook is sent.
    if (invoice.stage === 'CANCELLED') {
      return html(
        reply,
        410,
        payPage(
          view,
          {
            kind: 'cancelled',
            reason: invoice.cancellationReason,
            refunded: invoice.lateProviderEventOutcome === 'paid',
          },
          backLink,
        ),
      );
    }
    if (invoice.stage !== 'WAITING_FOR_PAYMENT' && invoice.stage !== 'PAYMENT_FAILED') {
      return html(
        reply,
        409,
        payPage(
          view,
          { kind: 'error', message: 'Diese Rechnung kann derzeit nicht bezahlt werden.' },
          backLink,
        ),
      );
    }
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const outcome = cardOutcome(form.get('cardNumber') ?? '');
    if (outcome === 'invalid') {
      return html(
        reply,
        422,
        payPage(view, { kind: 'error', message: 'Bitte geben Sie eine gültige Kartennummer ein.' }, backLink),
      );
    }
    // Checked, charged and recorded under the invoice's row lock (the cancellation takes it too):
    // the answer below is what the database holds, never "paid" for a cancelled invoice.
    const charged = await payLocalInvoice(db, config, {
      invoiceId: invoice.id,
      outcome,
      eventId: `evt_local_${randomBytes(12).toString('hex')}`,
      at: new Date(),
    });
    if (charged.kind === 'paid' || charged.kind === 'failed') deps.nudgeOutbox();
    if (charged.kind === 'not-found') return notFound(reply);
    if (charged.kind === 'cancelled') {
      return html(
        reply,
        410,
        payPage(view, { kind: 'cancelled', reason: charged.reason, refunded: charged.refunded }, backLink),
      );
    }
    if (charged.kind === 'already-paid')
      return html(reply, 200, payPage(view, { kind: 'already-paid' }, backLink));
    if (charged.kind === 'not-payable') {
      return html(
        reply,
        409,
        payPage(
          view,
          { kind: 'error', message: 'Diese Rechnung kann derzeit nicht bezahlt werden.' },
          backLink,
        ),
      );
    }
    if (outcome === 'failed') {
      return html(
        reply,
        402,
        payPage(
          view,
          {
            kind: 'error',
            message: 'Ihre Karte wurde abgelehnt. Bitte versuchen Sie es mit einer anderen Karte.',
          },
          backLink,
        ),
      );
    }
    return html(reply, 200, payPage(view, { kind: 'paid' }, backLink));
  });

  async function applyEvent(
    provider: string,
    eventId: string,
    providerInvoiceId: string,
    outcome: PaymentOutcome,
  ) {
    const result = await recordPaymentResult(db, config, {
      provider,
      eventId,
      providerInvoiceId,
      outcome,
      at: new Date(),
    });
    if (result === 'applied') deps.nudgeOutbox();
    return result;
  }

  app.post('/webhooks/local', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers[LOCAL_SIGNATURE_HEADER];
    if (
      !verifySignature(
        raw,
        typeof signature === 'string' ? signature : undefined,
        config.paymentWebhookSecret,
      )
    ) {
      return reply.code(400).send({ error: 'Ungültige Signatur' });
    }
    let event: { id?: unknown; type?: unknown; data?: { object?: { id?: unknown } } };
    try {
      event = JSON.parse(raw);
    } catch {
      return reply.code(400).send({ error: 'Ungültiger Inhalt' });
    }
    const outcome = typeof event.type === 'string' ? stripeOutcomes[event.type] : undefined;
    const invoiceId = event.data?.object?.id;
    if (typeof event.id !== 'string' || typeof invoiceId !== 'string' || !outcome) {
      return reply.code(200).send({ received: true, ignored: true });
    }
    const result = await applyEvent('local', event.id, invoiceId, outcome);
    return reply.code(200).send({ received: true, result });
  });

  app.post('/webhooks/stripe', async (request, reply) => {
    const secret = config.stripeWebhookSecret;
    if (!secret) return notFound(reply);
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers['stripe-signature'];
    let event: ReturnType<typeof constructStripeEvent>;
    try {
      event = constructStripeEvent(raw, typeof signature === 'string' ? signature : undefined, secret);
    } catch {
      return reply.code(400).send({ error: 'Ungültige Signatur' });
    }
    const outcome = stripeOutcomes[event.type];
    const object = event.data.object as { id?: unknown; object?: unknown };
    if (!outcome || object.object !== 'invoice' || typeof object.id !== 'string') {
      return reply.code(200).send({ received: true, ignored: true });
    }
    const result = await applyEvent('stripe', event.id, object.id, outcome);
    return reply.code(200).send({ received: true, result });
  });

  app.get<{ Params: { token: string } }>('/certificate/:token', async (request, reply) => {
    if (!(await withinPdfLimit(request, reply))) return reply;
    const certificate = await certificateFor(db, request.params.token, (token) =>
      findInvoiceByToken(db, token),
    );
    if (!certificate) return notFound(reply);
    if (certificate.kind === 'nothing-stored') {
      return html(reply, 409, noCertificatePage(certificate, `${config.publicUrl}/admin/invoices`));
    }
    reply.header('x-certificate-fingerprint', certificate.fingerprint);
    const issuedBy = {
      company: config.company,
      customerNumber: (await invoiceClient(db, certificate.invoice))?.customerNumber ?? null,
    };
    return sendPdf(reply, {
      kind: 'CERTIFICATE',
      subject: certificate.fingerprint,
      series: `certificates:${certificate.invoice.id}`,
      userId: certificate.invoice.userId,
      filename: `Einlagerungszertifikat-${certificate.content.invoiceNumber}.pdf`,
      model: (id, verifyUrl) => certificateDocument(certificate.content, id, verifyUrl, issuedBy),
    });
  });

  // `/verify/<document id>` (printed in the documents and their QR codes since they are issued
  // once); `/verify/<file SHA-256>` leads there; `/verify/<content fingerprint>` is the address
  // certificates printed before and keeps answering.
  app.get<{ Params: { fingerprint: string } }>('/verify/:fingerprint', async (request, reply) => {
    const key = request.params.fingerprint.toLowerCase();
    if (isDocumentId(key)) {
      const check = await checkDocument(db, key);
      if (!check) return html(reply, 404, documentNotFoundPage(key));
      const certificate =
        check.document.kind === 'CERTIFICATE' ? await verifyCertificate(db, check.document.subject) : null;
      const details =
        check.document.kind === 'SETTLEMENT'
          ? { html: settlementCheckHtml(await verifySettlement(db, check.document.subject)) }
          : { certificate };
      return html(reply, 200, documentVerifyPage(check, details, config.documentSigning));
    }
    const byFile = /^[0-9a-f]{64}$/.test(key) ? await documentBySha256(db, key) : null;
    if (byFile) return reply.redirect(`/verify/${byFile.id}`, 303);
    const result = await verifyCertificate(db, key);
    return html(reply, result ? 200 : 404, verifyPage(result, key));
  });

  app.get('/verify-check.js', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(VERIFY_CHECK_SCRIPT),
  );

  app.get<{ Params: { file: string } }>('/invoices/:file', async (request, reply) => {
    if (!(await withinPdfLimit(request, reply))) return reply;
    const match = /^([A-Za-z0-9_-]+)\.pdf$/.exec(request.params.file);
    const invoice = match?.[1] ? await findInvoiceByToken(db, match[1]) : null;
    if (!invoice?.invoiceNumber) return notFound(reply);
    const model = await invoiceDocument(db, invoice, config.company);
    return sendPdf(reply, {
      kind: 'INVOICE',
      series: `invoice:${invoice.id}`,
      userId: invoice.userId,
      filename: `Rechnung-${invoice.invoiceNumber}.pdf`,
      model: () => model,
    });
  });

  // A business client's e-invoice XML alone, beside its PDF and under the same token: the XML
  // embedded in that PDF, taken from the same document model. A consumer's invoice has none (404).
  const eInvoiceKinds = new Map(
    (Object.entries(E_INVOICE_XML_FILES) as [EInvoiceKind, string][]).map(([kind, file]) => [file, kind]),
  );
  async function sendEInvoiceXml(token: string, kind: EInvoiceKind, reply: FastifyReply) {
    const invoice = await findInvoiceByToken(db, token);
    if (!invoice?.invoiceNumber) return notFound(reply);
    const document = kind === 'INVOICE' ? null : await documentOf(db, invoice.id, kind);
    if (kind !== 'INVOICE' && !document) return notFound(reply);
    const model =
      document?.kind === 'CANCELLATION'
        ? await cancellationInvoiceDocument(db, invoice, document, config.company)
        : document?.kind === 'FINAL'
          ? await finalInvoiceDocument(db, invoice, document, config.company)
          : await invoiceDocument(db, invoice, config.company);
    if (!model.facturX) return notFound(reply);
    const number = document?.number ?? invoice.invoiceNumber;
    const name = { INVOICE: 'Rechnung', CANCELLATION: 'Stornorechnung', FINAL: 'Schlussrechnung' }[kind];
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${name}-${number}.xml"`)
      .type('application/xml; charset=utf-8')
      .send(model.facturX.xml);
  }

  // The documents issued about an invoice later (cancellation, final invoice), under its token.
  const documentKinds = new Map(
    (Object.entries(INVOICE_DOCUMENT_FILES) as [InvoiceDocumentKind, string][]).map(([kind, file]) => [
      `${file}.pdf`,
      kind,
    ]),
  );
  app.get<{ Params: { token: string; file: string } }>('/invoices/:token/:file', async (request, reply) => {
    if (!(await withinPdfLimit(request, reply))) return reply;
    const eInvoiceKind = eInvoiceKinds.get(request.params.file);
    if (eInvoiceKind) return sendEInvoiceXml(request.params.token, eInvoiceKind, reply);
    const kind = documentKinds.get(request.params.file);
    const invoice = kind ? await findInvoiceByToken(db, request.params.token) : null;
    const document = invoice && kind ? await documentOf(db, invoice.id, kind) : null;
    if (!invoice || !document) return notFound(reply);
    const model =
      document.kind === 'CANCELLATION'
        ? await cancellationInvoiceDocument(db, invoice, document, config.company)
        : await finalInvoiceDocument(db, invoice, document, config.company);
    const name = document.kind === 'CANCELLATION' ? 'Stornorechnung' : 'Schlussrechnung';
    return sendPdf(reply, {
      kind: document.kind,
      series: `invoice-document:${document.id}`,
      userId: invoice.userId,
      filename: `${name}-${document.number}.pdf`,
      model: () => model,
    });
  });
}
