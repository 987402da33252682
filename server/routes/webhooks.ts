/** The payment providers' webhooks (`/webhooks/local`, `/webhooks/stripe`), signatures checked on the raw body. */
import type { FastifyInstance } from 'fastify';
import { type PaymentOutcome, recordPaymentResult } from '../services/invoice-payment-results';
import { LOCAL_SIGNATURE_HEADER, verifySignature } from '../services/payments/signature';
import { constructStripeEvent } from '../services/payments/stripe';
import { type CheckoutRouteDeps, notFound, rawBody } from './checkout-http';

const stripeOutcomes: Record<string, PaymentOutcome> = {
  'invoice.paid': 'paid',
  'invoice.payment_succeeded': 'paid',
  'invoice.payment_failed': 'failed',
};

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export async function webhookRoutes(app: FastifyInstance, deps: CheckoutRouteDeps): Promise<void> {
  const { db, config } = deps;

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
    const raw = rawBody(request.body);
    if (!verifySignature(raw, header(request.headers[LOCAL_SIGNATURE_HEADER]), config.paymentWebhookSecret)) {
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
    let event: ReturnType<typeof constructStripeEvent>;
    try {
      event = constructStripeEvent(
        rawBody(request.body),
        header(request.headers['stripe-signature']),
        secret,
      );
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
}
