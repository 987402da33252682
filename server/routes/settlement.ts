/**
 * The seller's settlement PDF of a Zweitmarkt sale (`/settlement/<token>`): the token is the
 * permission, like the invoice PDF's. Answers the current settlement with its fingerprint header,
 * rendered in the PDF worker pool under the PDF routes' rate limit. `/verify/settlement/<fingerprint>`
 * is the public check the settlement's QR code points to.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { sendPdf, withinPdfLimit } from '../pdf/http';
import type { PdfPool } from '../pdf/pool';
import { findSellOrderBySettlementToken } from '../services/secondary-market';
import {
  sellerCustomerNumber,
  settlementContent,
  settlementDocument,
  settlementFingerprint,
  settlementRecipient,
  verifySettlement,
} from '../services/settlement-pdf';
import { escapeHtml, page } from './checkout-pages';

export interface SettlementRouteDeps {
  db: Database;
  config: ServerConfig;
  pdfPool: PdfPool;
}

export async function settlementRoutes(app: FastifyInstance, deps: SettlementRouteDeps): Promise<void> {
  const { db, config, pdfPool } = deps;

  app.get<{ Params: { token: string } }>('/settlement/:token', async (request, reply) => {
    if (!(await withinPdfLimit(db, config, request, reply))) return reply;
    const token = request.params.token.replace(/\.pdf$/, '');
    const sellOrder = await findSellOrderBySettlementToken(db, token);
    if (!sellOrder || sellOrder.casesSold === 0) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden.');
    }
    const content = await settlementContent(db, sellOrder);
    const fingerprint = settlementFingerprint(content);
    reply.header('x-settlement-fingerprint', fingerprint);
    const recipient = await settlementRecipient(db, sellOrder, content);
    const issuedBy = { company: config.company, customerNumber: await sellerCustomerNumber(db, sellOrder) };
    return sendPdf(pdfPool, db, config.publicUrl, reply, {
      kind: 'SETTLEMENT',
      subject: fingerprint,
      series: `settlements:${sellOrder.id}`,
      userId: sellOrder.sellerId,
      filename: `Verkaufsabrechnung-${sellOrder.id}.pdf`,
      model: (id, verifyUrl) => settlementDocument(content, id, verifyUrl, recipient, issuedBy),
    });
  });

  app.get<{ Params: { fingerprint: string } }>('/verify/settlement/:fingerprint', async (request, reply) => {
    const fingerprint = request.params.fingerprint.toLowerCase();
    const result = await verifySettlement(db, fingerprint);
    const body = result
      ? page(
          'Abrechnung echt',
          `<h1>Verkaufsabrechnung echt</h1>
    <p class="notice success" role="status">Diese Verkaufsabrechnung ist echt und wurde vom Weindepot ausgestellt.</p>
    <p>Verkaufsauftrag ${result.sellOrderId} · verkauft am ${escapeHtml(result.soldAt)} · ${result.cases} ${result.cases === 1 ? 'Kiste' : 'Kisten'}</p>
    <p>${escapeHtml(result.wine)} · Auszahlungsbetrag ${escapeHtml(result.net)}</p>
    <p class="hint">Fingerabdruck (SHA-256): ${escapeHtml(fingerprint)}</p>`,
        )
      : page(
          'Abrechnung nicht gefunden',
          `<h1>Abrechnung nicht gefunden</h1><p class="notice error" role="alert">Zu diesem Fingerabdruck ist keine aktuelle Verkaufsabrechnung bekannt.</p><p class="hint">${escapeHtml(fingerprint)}</p>`,
        );
    return reply
      .code(result ? 200 : 404)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);
  });
}
