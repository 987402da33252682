/**
 * HTTP routes of the checkout outside GraphQL: the local provider's pages (pay.ts), the
 * providers' webhooks (webhooks.ts) and the documents of an invoice with their public check
 * (invoice-documents.ts). Registered as one encapsulated plugin, so its raw-body parser (webhook
 * signatures and the card form need the body as sent) does not touch GraphQL.
 */
import type { FastifyInstance } from 'fastify';
import type { CheckoutRouteDeps } from './checkout-http';
import { documentRoutes } from './invoice-documents';
import { payRoutes } from './pay';
import { webhookRoutes } from './webhooks';

export async function checkoutRoutes(app: FastifyInstance, deps: CheckoutRouteDeps): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  await payRoutes(app, deps);
  await webhookRoutes(app, deps);
  await documentRoutes(app, deps);
}
