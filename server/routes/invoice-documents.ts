/**
 * The documents of an invoice: the storage certificate (`/certificate/<token>`; 409 with a German
 * page while no case of the invoice is stored), the public check of every issued document
 * (`/verify/<id>`), the invoice PDF (`/invoices/<token>.pdf`), the documents issued about it later
 * (`/invoices/<token>/stornorechnung.pdf`, …) and a business client's e-invoice XML beside each.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CompanyDetails } from '../company';
import type { Database } from '../db/client';
import { sendPdf as sendPdfFrom, withinPdfLimit as withinPdfLimitFor } from '../pdf/http';
import { certificateDocument } from '../services/certificate-pdf';
import { verifyCertificate } from '../services/certificate-verification';
import { certificateFor } from '../services/certificates';
import { E_INVOICE_XML_FILES, type EInvoiceKind } from '../services/e-invoice';
import {
  documentOf,
  INVOICE_DOCUMENT_FILES,
  type InvoiceDocumentKind,
  type InvoiceDocumentRow,
  invoiceClient,
} from '../services/invoice-documents';
import { cancellationInvoiceDocument, finalInvoiceDocument, invoiceDocument } from '../services/invoice-pdf';
import { findInvoiceByToken, type InvoiceRow } from '../services/invoices';
import {
  checkDocument,
  type DocumentRequest,
  documentBySha256,
  isDocumentId,
} from '../services/issued-documents';
import { verifySettlement } from '../services/settlement-pdf';
import { type CheckoutRouteDeps, html, notFound } from './checkout-http';
import {
  documentNotFoundPage,
  documentVerifyPage,
  noCertificatePage,
  settlementCheckHtml,
  VERIFY_CHECK_SCRIPT,
  verifyPage,
} from './checkout-pages';

const DOCUMENT_NAMES: Record<EInvoiceKind, string> = {
  INVOICE: 'Rechnung',
  CANCELLATION: 'Stornorechnung',
  FINAL: 'Schlussrechnung',
};

/** The document model of an invoice, or of a document issued about it later. */
function documentModel(
  db: Database,
  company: CompanyDetails,
  invoice: InvoiceRow,
  document: InvoiceDocumentRow | null,
) {
  if (document?.kind === 'CANCELLATION') return cancellationInvoiceDocument(db, invoice, document, company);
  if (document?.kind === 'FINAL') return finalInvoiceDocument(db, invoice, document, company);
  return invoiceDocument(db, invoice, company);
}

const eInvoiceKinds = new Map(
  (Object.entries(E_INVOICE_XML_FILES) as [EInvoiceKind, string][]).map(([kind, file]) => [file, kind]),
);

/**
 * A business client's e-invoice XML alone, beside its PDF and under the same token: the XML
 * embedded in that PDF, taken from the same document model. A consumer's invoice has none (404).
 */
async function sendEInvoiceXml(
  db: Database,
  company: CompanyDetails,
  token: string,
  kind: EInvoiceKind,
  reply: FastifyReply,
) {
  const invoice = await findInvoiceByToken(db, token);
  if (!invoice?.invoiceNumber) return notFound(reply);
  const document = kind === 'INVOICE' ? null : await documentOf(db, invoice.id, kind);
  if (kind !== 'INVOICE' && !document) return notFound(reply);
  const model = await documentModel(db, company, invoice, document);
  if (!model.facturX) return notFound(reply);
  const number = document?.number ?? invoice.invoiceNumber;
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${DOCUMENT_NAMES[kind]}-${number}.xml"`)
    .type('application/xml; charset=utf-8')
    .send(model.facturX.xml);
}

export async function documentRoutes(app: FastifyInstance, deps: CheckoutRouteDeps): Promise<void> {
  const { db, config, pdfPool } = deps;
  const withinPdfLimit = (request: FastifyRequest, reply: FastifyReply) =>
    withinPdfLimitFor(db, config, request, reply);
  const sendPdf = (reply: FastifyReply, request: DocumentRequest) =>
    sendPdfFrom(pdfPool, db, config.publicUrl, reply, request);

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
    if (eInvoiceKind) return sendEInvoiceXml(db, config.company, request.params.token, eInvoiceKind, reply);
    const kind = documentKinds.get(request.params.file);
    const invoice = kind ? await findInvoiceByToken(db, request.params.token) : null;
    const document = invoice && kind ? await documentOf(db, invoice.id, kind) : null;
    if (!invoice || !document) return notFound(reply);
    const model = await documentModel(db, config.company, invoice, document);
    return sendPdf(reply, {
      kind: document.kind,
      series: `invoice-document:${document.id}`,
      userId: invoice.userId,
      filename: `${DOCUMENT_NAMES[document.kind]}-${document.number}.pdf`,
      model: () => model,
    });
  });
}
