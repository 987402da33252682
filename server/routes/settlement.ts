/**
 * The seller's settlement PDF of a Zweitmarkt sale (`/settlement/<token>`): the token is the
 * permission, like the invoice PDF's. Answers the current settlement with its fingerprint header.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { findSellOrderBySettlementToken } from '../services/secondary-market';
import { settlementContent, settlementFingerprint, settlementPdf } from '../services/settlement-pdf';

export async function settlementRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  app.get<{ Params: { token: string } }>('/settlement/:token', async (request, reply) => {
    const token = request.params.token.replace(/\.pdf$/, '');
    const sellOrder = await findSellOrderBySettlementToken(deps.db, token);
    if (!sellOrder || sellOrder.casesSold === 0) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden.');
    }
    const content = await settlementContent(deps.db, sellOrder);
    const fingerprint = settlementFingerprint(content);
    const pdf = await settlementPdf(content, fingerprint);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="Verkaufsabrechnung-${sellOrder.id}.pdf"`)
      .header('x-settlement-fingerprint', fingerprint)
      .type('application/pdf')
      .send(pdf);
  });
}
