/**
 * The local payment provider's pages: the hosted invoice page (`/pay/<id>`, GET shows it, POST
 * charges the card entered) and the customer portal (`/pay/portal/<token>`).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { INVOICE_STAGES } from '../../src/domain/invoice-stages';
import { localInvoice, payPageInvoice, portalInvoices } from '../services/checkout-views';
import { payLocalInvoice } from '../services/invoice-payment-results';
import { cardOutcome, portalUserId } from '../services/payments/local';
import { type CheckoutRouteDeps, html, notFound, rawBody } from './checkout-http';
import { payPage, portalPage } from './checkout-pages';

type PayPageView = Parameters<typeof payPage>[0];
type PayPageState = Parameters<typeof payPage>[1];

/** A pay page to answer: its state and the HTTP status it goes with. */
interface PayAnswer {
  status: number;
  state: PayPageState;
}

const error = (status: number, message: string): PayAnswer => ({ status, state: { kind: 'error', message } });
const NOT_PAYABLE = error(409, 'Diese Rechnung kann derzeit nicht bezahlt werden.');
const INVALID_CARD = error(422, 'Bitte geben Sie eine gültige Kartennummer ein.');
const CARD_DECLINED = error(
  402,
  'Ihre Karte wurde abgelehnt. Bitte versuchen Sie es mit einer anderen Karte.',
);
const ALREADY_PAID: PayAnswer = { status: 200, state: { kind: 'already-paid' } };
const cancelled = (reason: string | null, refunded: boolean): PayAnswer => ({
  status: 410,
  state: { kind: 'cancelled', reason, refunded },
});

/** What the page says of an invoice before any card is charged; null when the card form applies. */
function answerBeforeCharge(
  invoice: NonNullable<Awaited<ReturnType<typeof localInvoice>>>,
): PayAnswer | null {
  // A cancelled invoice is void: no card is charged and no webhook is sent.
  if (invoice.stage === 'CANCELLED')
    return cancelled(invoice.cancellationReason, invoice.lateProviderEventOutcome === 'paid');
  if (INVOICE_STAGES[invoice.stage].paid) return ALREADY_PAID;
  return null;
}

export async function payRoutes(app: FastifyInstance, deps: CheckoutRouteDeps): Promise<void> {
  const { db, config } = deps;
  const backLink = `${config.publicUrl}/admin/orderlist`;
  const answer = (reply: FastifyReply, view: PayPageView, { status, state }: PayAnswer) =>
    html(reply, status, payPage(view, state, backLink));

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
    return answer(
      reply,
      await payPageInvoice(db, invoice),
      answerBeforeCharge(invoice) ?? { status: 200, state: { kind: 'form' } },
    );
  });

  app.post<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const invoice = await localInvoice(db, request.params.id);
    if (!invoice) return notFound(reply);
    const view = await payPageInvoice(db, invoice);
    const before = answerBeforeCharge(invoice);
    if (before) return answer(reply, view, before);
    if (invoice.stage !== 'WAITING_FOR_PAYMENT' && invoice.stage !== 'PAYMENT_FAILED')
      return answer(reply, view, NOT_PAYABLE);
    const outcome = cardOutcome(new URLSearchParams(rawBody(request.body)).get('cardNumber') ?? '');
    if (outcome === 'invalid') return answer(reply, view, INVALID_CARD);
    // Checked, charged and recorded under the invoice's row lock (the cancellation takes it too):
    // the answer below is what the database holds, never "paid" for a cancelled invoice.
    const charged = await payLocalInvoice(db, config, {
      invoiceId: invoice.id,
      outcome,
      eventId: `evt_local_${randomBytes(12).toString('hex')}`,
      at: new Date(),
    });
    if (charged.kind === 'paid' || charged.kind === 'failed') deps.nudgeOutbox();
    switch (charged.kind) {
      case 'not-found':
        return notFound(reply);
      case 'cancelled':
        return answer(reply, view, cancelled(charged.reason, charged.refunded));
      case 'already-paid':
        return answer(reply, view, ALREADY_PAID);
      case 'not-payable':
        return answer(reply, view, NOT_PAYABLE);
      default:
        return answer(
          reply,
          view,
          outcome === 'failed' ? CARD_DECLINED : { status: 200, state: { kind: 'paid' } },
        );
    }
  });
}
