/**
 * Work done once however often it is asked for: concurrent finalizing gives one provider invoice
 * (and bills Stripe once, voided on cancellation), and a client mutation id reused for another
 * operation is refused while the same one replays.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../server/db/schema';
import { reusedMutationIdMessage } from '../../server/services/orders';
import { databaseTargets, type TestPortal } from './support/harness';
import { orderSafeguardJourney, safeguardOperation } from './support/order-safeguards-journey';
import { appBillingThroughStandIn, startStripeStandIn } from './support/stripe-stand-in';

const CREATE = safeguardOperation('Create');
const CHANGE = safeguardOperation('Change');
const DELETE = safeguardOperation('Delete');
const CHANGE_INVOICE = safeguardOperation('ChangeInvoice');
const FINALIZE = safeguardOperation('Finalize');

describe.each(databaseTargets)('Einmal abrechnen, Änderungskennungen (%s)', (target) => {
  const journey = orderSafeguardJourney(target);
  const { emptyList, checkedOrder, list, depotCasesOf } = journey;
  let portal: TestPortal;
  let client: string;
  let staff: string;
  let offerIds: number[];
  beforeAll(() => {
    ({ portal, client, staff, offerIds } = journey);
  });

  it('finalizes concurrent calls once: one provider invoice, the same page for both', async () => {
    const invoiceId = await checkedOrder(offerIds[1] as number, 1);
    const [first, second] = await Promise.all([
      portal.gql<{ finalizeInvoice: { success: boolean; hostedInvoiceUrl: string } }>(
        FINALIZE,
        { id: invoiceId },
        { token: client },
      ),
      portal.gql<{ finalizeInvoice: { success: boolean; hostedInvoiceUrl: string } }>(
        FINALIZE,
        { id: invoiceId },
        { token: client },
      ),
    ]);
    expect(first.data?.finalizeInvoice.success).toBe(true);
    expect(second.data?.finalizeInvoice.hostedInvoiceUrl).toBe(first.data?.finalizeInvoice.hostedInvoiceUrl);
    const [row] = await portal.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row?.hostedInvoiceUrl).toBe(first.data?.finalizeInvoice.hostedInvoiceUrl);
    await portal.gql(CHANGE_INVOICE, { id: invoiceId, stage: 'CANCELLED' }, { token: staff });
  });

  it('bills Stripe once under concurrent finalizing (idempotency keys) and voids the invoice on cancellation', async () => {
    const webhookSecret = 'whsec_test_storno';
    const standIn = await startStripeStandIn({ delayMs: 150 });
    const { app: stripeApp, gql } = await appBillingThroughStandIn(portal, standIn, webhookSecret);
    try {
      const invoiceId = await checkedOrder(offerIds[0] as number, 1);
      const answers = await Promise.all([
        gql<{ finalizeInvoice: { success: boolean; hostedInvoiceUrl: string } }>(
          FINALIZE,
          { id: invoiceId },
          client,
        ),
        gql<{ finalizeInvoice: { success: boolean; hostedInvoiceUrl: string } }>(
          FINALIZE,
          { id: invoiceId },
          client,
        ),
      ]);
      for (const answer of answers) {
        expect(answer.data.finalizeInvoice).toMatchObject({
          success: true,
          hostedInvoiceUrl: 'https://invoice.stripe.test/i/in_standin',
        });
      }
      const creations = standIn.requests.filter((request) => request.path === '/v1/invoices');
      expect(creations).toHaveLength(1);
      expect(creations[0]?.idempotencyKey).toBe(`weindepot-invoice-${invoiceId}`);
      const finalizations = standIn.requests.filter((request) => request.path.endsWith('/finalize'));
      expect(finalizations.map((request) => request.idempotencyKey)).toEqual([
        `weindepot-invoice-${invoiceId}-finalize`,
      ]);

      const cancelled = await gql<{ changeInvoice: { success: boolean } }>(
        CHANGE_INVOICE,
        { id: invoiceId, stage: 'CANCELLED', reason: 'Auf Kundenwunsch storniert.' },
        staff,
      );
      expect(cancelled.data.changeInvoice.success).toBe(true);
      expect(
        standIn.requests.filter((request) => request.path === '/v1/invoices/in_standin/void'),
      ).toHaveLength(1);

      const payload = JSON.stringify({
        id: 'evt_standin_after_cancel',
        object: 'event',
        type: 'invoice.paid',
        data: { object: { id: 'in_standin', object: 'invoice' } },
      });
      const late = await stripeApp.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
        },
        payload,
      });
      expect(late.json()).toMatchObject({ result: 'after-cancellation' });
      expect(await depotCasesOf(invoiceId)).toBe(0);
    } finally {
      await stripeApp.close();
      await standIn.close();
    }
  });

  it('refuses a client mutation id reused for another operation or other arguments, and replays the same one', async () => {
    await emptyList();
    const offerId = offerIds[1] as number;
    const mid = crypto.randomUUID();
    const created = await portal.gql<{ createOrderPosition: { orderPosition: { id: number } } }>(
      CREATE,
      { offerId, amount: 1, mid },
      { token: client },
    );
    const positionId = created.data?.createOrderPosition.orderPosition.id as number;
    const reused = {
      success: false,
      errors: [{ code: 'MUTATION_ID_REUSED', field: 'clientMutationId', message: reusedMutationIdMessage }],
    };
    expect((await portal.gql(DELETE, { id: positionId, mid }, { token: client })).data).toEqual({
      deleteOrderPosition: reused,
    });
    expect((await portal.gql(CHANGE, { id: positionId, amount: 3, mid }, { token: client })).data).toEqual({
      changeOrderPosition: { ...reused, orderPosition: null },
    });
    expect((await portal.gql(CREATE, { offerId, amount: 2, mid }, { token: client })).data).toEqual({
      createOrderPosition: { ...reused, orderPosition: null },
    });
    expect((await list()).orderPositionList).toEqual([
      expect.objectContaining({ id: positionId, amount: 1 }),
    ]);
    // The same change sent again is answered as the first time, without a second effect.
    expect((await portal.gql(CREATE, { offerId, amount: 1, mid }, { token: client })).data).toEqual(
      created.data,
    );
    expect((await list()).orderPositionList).toHaveLength(1);
    await emptyList();
  });
});
