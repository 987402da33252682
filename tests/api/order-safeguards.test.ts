/**
 * Staff cancel an order that cannot be served (CANCELLED), an
 * adviser's agreed price applies to the offered cases once, a client mutation id names one
 * change only, and finalizing an invoice bills the provider once even when called concurrently.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  depotPositions,
  invoicePositions,
  invoices,
  partialOffers,
  paymentEvents,
  users,
} from '../../server/db/schema';
import { reusedMutationIdMessage } from '../../server/services/orders';
import { LOCAL_SIGNATURE_HEADER, signPayload } from '../../server/services/payments/signature';
import {
  CANCELLATION_REASON_MAX_LENGTH,
  cancellationTexts,
  DEFAULT_CANCELLATION_REASON,
} from '../../src/domain/backoffice-invoices';
import { AGREED_OFFER_USED_TEXT, agreedPriceLimitText } from '../../src/domain/order-list-texts';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { stockedOfferIds } from './support/stocked-offers';
import { appBillingThroughStandIn, startStripeStandIn } from './support/stripe-stand-in';

const PASSWORD = 'Weindepot2026!';
const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const LIST = `query {
  orderPositionList { id amount agreedPriceBtl priceBtl offer { id } }
  cancelled: orderListInvoices(stage: cancelled) { id stage cancellationReason cancelledAt lateProviderEventOutcome }
  me { blockedByOrderCheck }
}`;
const CREATE = `mutation ($offerId: Int!, $amount: Int!, $mid: String) {
  createOrderPosition(offerId: $offerId, amount: $amount, clientMutationId: $mid) {
    success errors { message code field } orderPosition { id amount }
  }
}`;
const CHANGE = `mutation ($id: Int!, $amount: Int, $mid: String) {
  changeOrderPosition(orderPositionId: $id, amount: $amount, clientMutationId: $mid) {
    success errors { message code field } orderPosition { id amount priceBtl }
  }
}`;
const DELETE = `mutation ($id: Int!, $mid: String) {
  deleteOrderPosition(orderPositionId: $id, clientMutationId: $mid) { success errors { message code field } }
}`;
const CREATE_INVOICE = `mutation { createInvoice { success errors { message code } invoice { id stage } } }`;
const CHANGE_INVOICE = `mutation ($id: Int!, $stage: InvoiceStage, $reason: String) {
  changeInvoice(invoiceId: $id, stage: $stage, reason: $reason) {
    success errors { message code field } invoice { id stage cancellationReason cancelledAt }
  }
}`;
const FINALIZE = `mutation ($id: Int!) { finalizeInvoice(invoiceId: $id) { success errors { message code } hostedInvoiceUrl } }`;
const INVOICE = `query ($id: Int!) {
  getInvoiceById(invoiceId: $id) { id stage cancellationReason lateProviderEventAt lateProviderEventOutcome }
}`;
const TRANSFER = `mutation ($uid: String!, $remove: Boolean, $direct: Boolean) {
  addRecommendationsToOrderListOrBuyDirectly(uid: $uid, removeExistingOrderPositions: $remove, requestDirectly: $direct) {
    success errors { message code }
  }
}`;
const PROFILES = `query { me { preferencesprofileSet { uid source recommendedPositions { id amount sellPriceBtl offer { id availableCases } } } } }`;

interface ListData {
  orderPositionList: { id: number; amount: number; agreedPriceBtl: string | null; offer: { id: number } }[];
  cancelled: { id: number; cancellationReason: string; lateProviderEventOutcome: string | null }[];
  me: { blockedByOrderCheck: boolean };
}

describe.each(databaseTargets)('Storno, vereinbarte Preise, Änderungskennungen (%s)', (target) => {
  let portal: TestPortal;
  let client: string;
  let staff: string;
  let offerIds: number[];

  const login = async (email: string) =>
    (await portal.gql<{ tokenAuth: { token: string } }>(LOGIN, { email, password: PASSWORD })).data?.tokenAuth
      .token as string;
  const list = async (token = client) => (await portal.gql<ListData>(LIST, {}, { token })).data as ListData;
  const stockOf = async (offerId: number) => {
    const [row] = await portal.db
      .select({ cases: sql<number>`sum(${partialOffers.quantityAvailable})::int` })
      .from(partialOffers)
      .where(eq(partialOffers.offerId, offerId));
    return Number(row?.cases ?? 0);
  };
  async function emptyList(token = client) {
    for (const position of (await list(token)).orderPositionList) {
      await portal.gql(DELETE, { id: position.id }, { token });
    }
  }
  /** A bound order of `cases` cases of `offerId`, checked by staff (stock reserved). */
  async function checkedOrder(offerId: number, cases: number) {
    await emptyList();
    expect((await portal.gql(CREATE, { offerId, amount: cases }, { token: client })).data).toMatchObject({
      createOrderPosition: { success: true },
    });
    const created = await portal.gql<{ createInvoice: { invoice: { id: number } } }>(
      CREATE_INVOICE,
      {},
      { token: client },
    );
    const invoiceId = created.data?.createInvoice.invoice.id as number;
    expect(
      (await portal.gql(CHANGE_INVOICE, { id: invoiceId, stage: 'CHECK_DONE' }, { token: staff })).data,
    ).toMatchObject({ changeInvoice: { success: true } });
    return invoiceId;
  }
  const localEvent = (providerInvoiceId: string, eventId: string, type = 'invoice.paid') => {
    const payload = JSON.stringify({ id: eventId, type, data: { object: { id: providerInvoiceId } } });
    return portal.app.inject({
      method: 'POST',
      url: '/webhooks/local',
      headers: {
        'content-type': 'application/json',
        [LOCAL_SIGNATURE_HEADER]: signPayload(payload, portal.config.paymentWebhookSecret),
      },
      payload,
    });
  };
  const depotCasesOf = async (invoiceId: number) => {
    const [row] = await portal.db
      .select({ count: sql<number>`count(*)::int` })
      .from(depotPositions)
      .innerJoin(invoicePositions, eq(invoicePositions.id, depotPositions.invoicePositionId))
      .where(eq(invoicePositions.invoiceId, invoiceId));
    return Number(row?.count ?? 0);
  };

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    client = await login('kunde@example.com');
    staff = await login('berater@example.com');
    offerIds = await stockedOfferIds(portal.db);
    expect(offerIds.length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('lets staff cancel an unpaid order: stock back, client free, audit, mail, order list, dead pay page, late webhook flagged', async () => {
    const offerId = offerIds[0] as number;
    const stockBefore = await stockOf(offerId);
    const invoiceId = await checkedOrder(offerId, 2);
    expect(await stockOf(offerId)).toBe(stockBefore - 2);
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token: client },
    );
    const payPath = new URL(finalized.data?.finalizeInvoice.hostedInvoiceUrl as string).pathname;
    expect((await list()).me.blockedByOrderCheck).toBe(true);

    // Only staff cancel; a too long reason is refused and changes nothing.
    const byClient = await portal.gql(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CANCELLED' },
      { token: client },
    );
    expect(byClient.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const tooLong = await portal.gql(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CANCELLED', reason: 'x'.repeat(CANCELLATION_REASON_MAX_LENGTH + 1) },
      { token: staff },
    );
    expect(tooLong.data).toMatchObject({
      changeInvoice: {
        success: false,
        errors: [{ code: 'INVALID', field: 'reason', message: cancellationTexts.reasonTooLong }],
      },
    });
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: staff })).data).toMatchObject({
      getInvoiceById: { stage: 'WAITING_FOR_PAYMENT' },
    });

    const reason = 'Der Wein ist leider ausverkauft.';
    const cancelled = await portal.gql(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CANCELLED', reason },
      { token: staff },
    );
    expect(cancelled.data).toMatchObject({
      changeInvoice: {
        success: true,
        errors: [],
        invoice: { stage: 'CANCELLED', cancellationReason: reason },
      },
    });
    expect(await stockOf(offerId)).toBe(stockBefore);
    const [reserved] = await portal.db
      .select({ reserved: invoicePositions.reservedTranches })
      .from(invoicePositions)
      .where(eq(invoicePositions.invoiceId, invoiceId));
    expect(reserved?.reserved).toBeNull();

    // The client is free again and sees the cancelled request with its reason.
    const after = await list();
    expect(after.me.blockedByOrderCheck).toBe(false);
    expect(after.cancelled).toEqual([
      expect.objectContaining({ id: invoiceId, cancellationReason: reason, lateProviderEventOutcome: null }),
    ]);
    expect((await portal.gql(CREATE, { offerId, amount: 1 }, { token: client })).data).toMatchObject({
      createOrderPosition: { success: true },
    });

    const audit = await portal.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, invoiceId)));
    expect(audit.find((entry) => entry.action === 'stage:CANCELLED')).toMatchObject({
      before: { stage: 'WAITING_FOR_PAYMENT' },
      after: { stage: 'CANCELLED', cancellationReason: reason, releasedCases: 2 },
    });
    await portal.deliverOutbox();
    const mail = (await portal.mailsTo('kunde@example.com')).find(
      (written) => written.subject === 'Ihre Bestellung wurde storniert',
    );
    expect(mail?.text).toContain(`Grund: ${reason}`);

    // The provider's page refuses payment now, and charges nothing.
    const page = await portal.app.inject({ method: 'GET', url: payPath });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Diese Rechnung wurde storniert und kann nicht mehr bezahlt werden.');
    const payment = await portal.app.inject({
      method: 'POST',
      url: payPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4242424242424242',
    });
    expect(payment.statusCode).toBe(410);
    expect((await portal.gql(FINALIZE, { id: invoiceId }, { token: client })).data).toMatchObject({
      finalizeInvoice: { success: false, errors: [{ code: 'NOT_PAYABLE' }] },
    });

    // A payment the provider still reports is recorded and flagged for staff, not applied.
    const [row] = await portal.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const late = await localEvent(row?.providerInvoiceId as string, 'evt_after_cancel');
    expect(late.json()).toMatchObject({ result: 'after-cancellation' });
    expect(await depotCasesOf(invoiceId)).toBe(0);
    expect(await stockOf(offerId)).toBe(stockBefore);
    const seenByStaff = await portal.gql<{ getInvoiceById: { lateProviderEventAt: string } }>(
      INVOICE,
      { id: invoiceId },
      { token: staff },
    );
    expect(seenByStaff.data?.getInvoiceById).toMatchObject({
      stage: 'CANCELLED',
      lateProviderEventOutcome: 'paid',
    });
    expect(seenByStaff.data?.getInvoiceById.lateProviderEventAt).toEqual(expect.any(String));
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: client })).data).toMatchObject({
      getInvoiceById: { stage: 'CANCELLED', lateProviderEventAt: null, lateProviderEventOutcome: null },
    });
    const [event] = await portal.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'evt_after_cancel'));
    expect(event).toMatchObject({ invoiceId, outcome: 'paid', result: 'after-cancellation' });
    expect((await list()).me.blockedByOrderCheck).toBe(false);

    const again = await portal.gql(CHANGE_INVOICE, { id: invoiceId, stage: 'CANCELLED' }, { token: staff });
    expect(again.data).toMatchObject({
      changeInvoice: { success: false, errors: [{ code: 'ALREADY_CANCELLED' }] },
    });
    await emptyList();
  });

  it('cancels a request in check with the German default reason, and never a paid invoice', async () => {
    const [keller] = await portal.db.select().from(users).where(eq(users.email, 'thomas.keller@example.com'));
    expect(keller?.blockedByOrderCheck).toBe(true);
    const [inCheck] = await portal.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, keller?.id as number), eq(invoices.stage, 'CHECK_NEEDED')));
    const cancelled = await portal.gql(
      CHANGE_INVOICE,
      { id: inCheck?.id, stage: 'CANCELLED' },
      { token: staff },
    );
    expect(cancelled.data).toMatchObject({
      changeInvoice: {
        success: true,
        invoice: { stage: 'CANCELLED', cancellationReason: DEFAULT_CANCELLATION_REASON },
      },
    });
    const kellerToken = await login('thomas.keller@example.com');
    const kellerList = await list(kellerToken);
    expect(kellerList.me.blockedByOrderCheck).toBe(false);
    expect(kellerList.cancelled.map((invoice) => invoice.cancellationReason)).toEqual([
      DEFAULT_CANCELLATION_REASON,
    ]);

    const [paid] = await portal.db
      .select()
      .from(invoices)
      .where(inArray(invoices.stage, ['PAID', 'PURCHASED']));
    const refused = await portal.gql(
      CHANGE_INVOICE,
      { id: paid?.id, stage: 'CANCELLED', reason: 'Versehen' },
      { token: staff },
    );
    expect(refused.data).toMatchObject({
      changeInvoice: { success: false, errors: [{ code: 'PAID', message: cancellationTexts.paid }] },
    });
    const [still] = await portal.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, paid?.id as number));
    expect(still?.stage).toBe(paid?.stage);
    expect(still?.cancellationReason).toBeNull();
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

  it('applies an adviser’s agreed price to the offered cases only, once', async () => {
    const me = await portal.gql<{
      me: {
        preferencesprofileSet: {
          uid: string;
          source: string;
          recommendedPositions: {
            id: number;
            amount: number;
            sellPriceBtl: string;
            offer: { id: number; availableCases: number };
          }[];
        }[];
      };
    }>(PROFILES, {}, { token: client });
    const quote = me.data?.me.preferencesprofileSet.find((profile) => profile.source === 'MANUALLY');
    expect(quote).toBeDefined();
    const uid = quote?.uid as string;
    const offered = quote?.recommendedPositions.find(
      (position) => position.offer.availableCases >= position.amount + 3,
    );
    expect(offered).toBeDefined();
    const recommended = offered?.amount as number;

    // Taking the offer twice puts its cases on the list once.
    for (const remove of [true, false]) {
      expect(
        (await portal.gql(TRANSFER, { uid, remove, direct: false }, { token: client })).data,
      ).toMatchObject({ addRecommendationsToOrderListOrBuyDirectly: { success: true } });
    }
    let current = await list();
    const agreed = current.orderPositionList.filter((position) => position.offer.id === offered?.offer.id);
    expect(agreed.map((position) => [position.amount, position.agreedPriceBtl])).toEqual([
      [recommended, offered?.sellPriceBtl],
    ]);

    // More cases at the agreed price are refused; more cases from the catalogue cost its price.
    const raised = await portal.gql(
      CHANGE,
      { id: agreed[0]?.id, amount: recommended + 2 },
      { token: client },
    );
    expect(raised.data).toMatchObject({
      changeOrderPosition: {
        success: false,
        errors: [{ code: 'AGREED_PRICE_LIMIT', field: 'amount', message: agreedPriceLimitText(recommended) }],
      },
    });
    current = await list();
    expect(current.orderPositionList.find((position) => position.id === agreed[0]?.id)?.amount).toBe(
      recommended,
    );

    // Ordered and paid: the offer's agreed price is used up.
    const bound = await portal.gql(TRANSFER, { uid, remove: false, direct: true }, { token: client });
    expect(bound.data).toMatchObject({ addRecommendationsToOrderListOrBuyDirectly: { success: true } });
    const [invoice] = await portal.db
      .select()
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(and(eq(users.email, 'kunde@example.com'), eq(invoices.stage, 'CHECK_NEEDED')));
    const invoiceId = invoice?.invoices.id as number;
    expect(
      (await portal.gql(CHANGE_INVOICE, { id: invoiceId, stage: 'CHECK_DONE' }, { token: staff })).data,
    ).toMatchObject({ changeInvoice: { success: true } });
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token: client },
    );
    const paid = await portal.app.inject({
      method: 'POST',
      url: new URL(finalized.data?.finalizeInvoice.hostedInvoiceUrl as string).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4242424242424242',
    });
    expect(paid.statusCode).toBe(200);
    expect((await list()).me.blockedByOrderCheck).toBe(false);

    const again = await portal.gql(TRANSFER, { uid, remove: true, direct: false }, { token: client });
    expect(again.data).toMatchObject({
      addRecommendationsToOrderListOrBuyDirectly: {
        success: false,
        errors: [{ code: 'AGREED_OFFER_USED', message: AGREED_OFFER_USED_TEXT }],
      },
    });
    expect((await list()).orderPositionList).toEqual([]);
  });
});
