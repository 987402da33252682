/**
 * Paying a checked order: the payment page, a paid or declined card, webhooks (forged, repeated,
 * from Stripe), the paid invoice as a PDF and the customer portal.
 */
import { eq, sql } from 'drizzle-orm';
import { print } from 'graphql';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { depotPositions, invoices, partialOffers, users } from '../../server/db/schema';
import { newestDemoInvoiceNumber } from '../../server/seed/derive/invoices';
import { LOCAL_SIGNATURE_HEADER, signPayload } from '../../server/services/payments/signature';
import { CustomerPortalSessionDocument } from '../../src/api/graphql.generated';
import { databaseTargets, type TestPortal } from './support/harness';
import { type OrderList, orderJourney, orderOperation, pathOf as path, today } from './support/order-journey';
import { pdfText } from './support/pdf-text';
import { appBillingThroughStandIn, startStripeStandIn } from './support/stripe-stand-in';

const CHANGE_INVOICE = orderOperation('ChangeInvoice');
const CREATE_INVOICE = orderOperation('CreateInvoice');
const CUSTOMER_PORTAL_SESSION = print(CustomerPortalSessionDocument);
const FINALIZE = orderOperation('FinalizeInvoice');
const INVOICE = orderOperation('Invoice');
const ORDER_LIST = orderOperation('OrderList');

/** The demo client's newest invoice (the seed numbers them by the day it runs). */
const NEWEST_INVOICE = newestDemoInvoiceNumber(new Date());

describe.each(databaseTargets)('Zahlung einer geprüften Bestellung (%s)', (target) => {
  const journey = orderJourney(target);
  const {
    orderList,
    pay,
    newBuyer,
    addPosition,
    bindOrder,
    checkOrder,
    finalize,
    orderUpToPayment,
    paidOrder,
    purchasedPositions,
  } = journey;
  let portal: TestPortal;
  let client: string;
  let staff: string;
  let offerIds: number[];
  beforeAll(() => {
    ({ portal, client, staff, offerIds } = journey);
  });

  it('opens a payment page with the invoice number once the client finalizes a checked invoice', async () => {
    const buyer = await newBuyer();
    await addPosition(buyer, offerIds[0] as number, 1);
    const { invoiceId } = await bindOrder(buyer);
    const invoiceNumber = await checkOrder(invoiceId);
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token: buyer.token },
    );
    const hostedUrl = finalized.data?.finalizeInvoice.hostedInvoiceUrl as string;
    expect(hostedUrl).toMatch(/^http:\/\/portal\.test\/pay\/in_local_[0-9a-f]{32}$/);
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: buyer.token })).data).toMatchObject({
      getInvoiceById: { stage: 'WAITING_FOR_PAYMENT' },
    });
    const hostedPage = await portal.app.inject({ method: 'GET', url: path(hostedUrl) });
    expect(hostedPage.statusCode).toBe(200);
    expect(hostedPage.body).toContain('Kartennummer');
    expect(hostedPage.body).toContain('Jetzt bezahlen');
    expect(hostedPage.body).toContain(invoiceNumber);
  });

  it('on payment marks the invoice paid, unblocks the list, books the cases into the depot and thanks by mail', async () => {
    const buyer = await newBuyer();
    const [firstOffer, secondOffer] = offerIds as [number, number];
    await addPosition(buyer, firstOffer, 2);
    await addPosition(buyer, secondOffer, 1);
    const { invoiceId } = await bindOrder(buyer);
    await checkOrder(invoiceId);
    const onInvoice = async () =>
      (await portal.db.select().from(partialOffers).where(eq(partialOffers.offerId, firstOffer))).reduce(
        (total, row) => total + row.quantityOnInvoice,
        0,
      );
    const onInvoiceBefore = await onInvoice();
    const hostedUrl = await finalize(buyer, invoiceId);

    const paid = await pay(hostedUrl, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Ihre Zahlung ist eingegangen');
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: buyer.token })).data).toMatchObject({
      getInvoiceById: { stage: 'PAID' },
    });
    expect((await orderList(buyer.token)).me.blockedByOrderCheck).toBe(false);
    const purchased = await purchasedPositions(buyer);
    expect(purchased.reduce((total, row) => total + row.amount, 0)).toBe(3);
    expect(purchased.every((row) => row.status === 'PURCHASED' && row.storageId?.startsWith('GE-'))).toBe(
      true,
    );
    expect((await onInvoice()) - onInvoiceBefore).toBe(2);
    await portal.deliverOutbox();
    const thanks = (await portal.mailsTo(buyer.email)).find(
      (mail) => mail.subject === 'Vielen Dank für Ihre Zahlung',
    );
    // Paid cases are bought, not stored yet: the mail must not say they lie in the warehouse.
    expect(thanks?.text).toContain('Wir veranlassen den Versand ins Zollfreilager in Genf.');
    expect(thanks?.text).not.toContain('lagern im Zollfreilager');
  });

  it('ends a declined card as PAYMENT_FAILED, and a retry pays', async () => {
    const buyer = await newBuyer();
    await addPosition(buyer, offerIds[1] as number, 1);
    const { invoiceId, hostedUrl } = await orderUpToPayment(buyer);
    const declined = await pay(hostedUrl, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('abgelehnt');
    const failed = await orderList(buyer.token);
    expect(failed.payment_failed.map((invoice) => invoice.id)).toEqual([invoiceId]);
    expect(failed.me.blockedByOrderCheck).toBe(true);

    expect(await finalize(buyer, invoiceId)).toBe(hostedUrl);
    expect((await pay(hostedUrl, '4242424242424242')).statusCode).toBe(200);
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: buyer.token })).data).toMatchObject({
      getInvoiceById: { stage: 'PAID' },
    });
  });

  it('rejects a forged webhook signature and changes nothing', async () => {
    const buyer = await newBuyer();
    await addPosition(buyer, offerIds[0] as number, 1);
    const { invoiceId } = await orderUpToPayment(buyer);
    const [invoice] = await portal.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const event = JSON.stringify({
      id: 'evt_forged',
      type: 'invoice.paid',
      data: { object: { id: invoice?.providerInvoiceId } },
    });
    const forged = await portal.app.inject({
      method: 'POST',
      url: '/webhooks/local',
      headers: {
        'content-type': 'application/json',
        [LOCAL_SIGNATURE_HEADER]: signPayload(event, 'falsches-geheimnis'),
      },
      payload: event,
    });
    expect(forged.statusCode).toBe(400);
    const tampered = await portal.app.inject({
      method: 'POST',
      url: '/webhooks/local',
      headers: {
        'content-type': 'application/json',
        [LOCAL_SIGNATURE_HEADER]: signPayload(
          event.replace('evt_forged', 'evt_other'),
          portal.config.paymentWebhookSecret,
        ),
      },
      payload: event,
    });
    expect(tampered.statusCode).toBe(400);
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: buyer.token })).data).toMatchObject({
      getInvoiceById: { stage: 'WAITING_FOR_PAYMENT' },
    });

    // The genuine event, delivered twice, is applied once.
    const genuine = {
      method: 'POST' as const,
      url: '/webhooks/local',
      headers: {
        'content-type': 'application/json',
        [LOCAL_SIGNATURE_HEADER]: signPayload(event, portal.config.paymentWebhookSecret),
      },
      payload: event,
    };
    expect((await portal.app.inject(genuine)).json()).toMatchObject({ result: 'applied' });
    expect((await portal.app.inject(genuine)).json()).toMatchObject({ result: 'duplicate' });
    const created = await portal.db
      .select({ count: sql<number>`count(*)::int` })
      .from(depotPositions)
      .where(
        eq(
          depotPositions.invoicePositionId,
          sql`any(select id from invoice_positions where invoice_id = ${invoiceId})`,
        ),
      );
    expect(created[0]?.count).toBe(1);
  });

  it('serves the paid invoice as a PDF with number, total and date', async () => {
    const buyer = await newBuyer();
    const order = await paidOrder(buyer);
    const invoicePdf = await portal.app.inject({ method: 'GET', url: `/invoices/${order.pdfToken}.pdf` });
    expect(invoicePdf.statusCode).toBe(200);
    expect(invoicePdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const invoiceText = pdfText(invoicePdf.rawPayload);
    expect(invoiceText).toContain(`Rechnung ${order.invoiceNumber}`);
    expect(invoiceText).toContain(`Gesamtsumme: ${order.overallSumStr}`);
    expect(invoiceText).toContain(`Rechnungsdatum: ${today()}`);
  });

  it('opens the local customer portal with the client’s invoices', async () => {
    const session = await portal.gql<{ stripeCustomerPortalSession: { sessionUrl: string } }>(
      CUSTOMER_PORTAL_SESSION,
      {},
      { token: client },
    );
    const url = session.data?.stripeCustomerPortalSession.sessionUrl as string;
    expect(url).toMatch(/^http:\/\/portal\.test\/pay\/portal\//);
    const page = await portal.app.inject({ method: 'GET', url: path(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Rechnungen');
    expect(page.body).toContain(NEWEST_INVOICE);
    expect(page.body).toContain('.pdf');
    // German date and money: "12.05.2026", "12.345,67 €".
    expect(page.body).toMatch(/<td data-label="Datum">\d{2}\.\d{2}\.\d{4}<\/td>/);
    expect(page.body).toMatch(/<td class="sum" data-label="Betrag">\d{1,3}(\.\d{3})*,\d{2} €<\/td>/);
    expect(page.body).not.toMatch(/<td[^>]*>\d{4}-\d{2}-\d{2}<\/td>/);
    expect((await portal.app.inject({ method: 'GET', url: `${path(url)}x` })).statusCode).toBe(404);
  });

  it('bills through Stripe, verifies signed webhooks once and opens the billing portal', async () => {
    const webhookSecret = 'whsec_test_geheimnis';
    const standIn = await startStripeStandIn();
    const { app: stripeApp, gql } = await appBillingThroughStandIn(portal, standIn, webhookSecret);
    const webhook = (payload: string, secret = webhookSecret) =>
      stripeApp.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
        },
        payload,
      });
    try {
      const buyer = await newBuyer();
      await addPosition(buyer, offerIds[0] as number, 1);
      const before = await gql<OrderList>(ORDER_LIST, {}, buyer.token);
      expect(before.data.orderPositionList.length).toBeGreaterThan(0);
      const overall = before.data.orderListSums.overallSum;
      const created = await gql<{ createInvoice: { invoice: { id: number } } }>(
        CREATE_INVOICE,
        {},
        buyer.token,
      );
      const invoiceId = created.data.createInvoice.invoice.id;
      await gql(CHANGE_INVOICE, { id: invoiceId, stage: 'CHECK_DONE' }, staff);

      const finalized = await gql<{ finalizeInvoice: { success: boolean; hostedInvoiceUrl: string } }>(
        FINALIZE,
        { id: invoiceId },
        buyer.token,
      );
      expect(finalized.data.finalizeInvoice).toMatchObject({
        success: true,
        hostedInvoiceUrl: 'https://invoice.stripe.test/i/in_standin',
      });
      // Stripe's document is a payment request naming the portal's invoice, and Stripe never mails it.
      const { invoiceNumber } = (
        await gql<{ getInvoiceById: { invoiceNumber: string } }>(INVOICE, { id: invoiceId }, buyer.token)
      ).data.getInvoiceById;
      expect(invoiceNumber).toMatch(/^\d{4}-\d{4}$/);
      const draft = standIn.requests.find((request) => request.path === '/v1/invoices')?.body ?? {};
      expect(draft).toMatchObject({
        auto_advance: 'false',
        collection_method: 'send_invoice',
        description: `Zahlungsaufforderung zu unserer Rechnung ${invoiceNumber}. Dieses Dokument ist keine Rechnung im Sinne des § 14 UStG; die Rechnung finden Sie in Ihrem Weindepot unter „Rechnungen“.`,
        footer: 'Zahlungsaufforderung. Keine Rechnung im Sinne des § 14 UStG.',
        'custom_fields[0][name]': 'Dokument',
        'custom_fields[0][value]': 'Zahlungsaufforderung, keine Rechnung',
        'custom_fields[1][name]': 'Zu Rechnung',
        'custom_fields[1][value]': invoiceNumber,
      });
      expect(standIn.requests.filter((request) => request.path.endsWith('/send'))).toEqual([]);
      const items = standIn.requests.filter((request) => request.path === '/v1/invoiceitems');
      expect(items.every((item) => item.body.invoice === 'in_standin' && item.body.currency === 'eur')).toBe(
        true,
      );
      expect(items.reduce((sum, item) => sum + Number(item.body.amount), 0)).toBe(overall);
      expect(standIn.requests.find((request) => request.path === '/v1/customers')?.body.email).toBe(
        buyer.email,
      );
      const [customer] = await portal.db.select().from(users).where(eq(users.id, buyer.id));
      expect(customer?.paymentCustomerId).toBe('cus_standin');

      const event = JSON.stringify({
        id: 'evt_standin_paid',
        object: 'event',
        type: 'invoice.paid',
        data: { object: { id: 'in_standin', object: 'invoice' } },
      });
      expect((await webhook(event, 'whsec_falsch')).statusCode).toBe(400);
      expect((await gql(INVOICE, { id: invoiceId }, buyer.token)).data).toMatchObject({
        getInvoiceById: { stage: 'WAITING_FOR_PAYMENT' },
      });
      expect((await webhook(event)).json()).toMatchObject({ result: 'applied' });
      expect((await webhook(event)).json()).toMatchObject({ result: 'duplicate' });
      expect((await gql(INVOICE, { id: invoiceId }, buyer.token)).data).toMatchObject({
        getInvoiceById: { stage: 'PAID' },
      });

      const portalSession = await gql<{ stripeCustomerPortalSession: { sessionUrl: string } }>(
        CUSTOMER_PORTAL_SESSION,
        {},
        buyer.token,
      );
      expect(portalSession.data.stripeCustomerPortalSession.sessionUrl).toBe(
        'https://billing.stripe.test/p/session',
      );
      expect(
        standIn.requests.find((request) => request.path === '/v1/billing_portal/sessions')?.body.customer,
      ).toBe('cus_standin');
    } finally {
      await stripeApp.close();
      await standIn.close();
    }
  });
});
