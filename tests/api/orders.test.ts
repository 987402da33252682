import { eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  depotPositionStatuses,
  depotPositions,
  invoices,
  orderPositions,
  outbox,
  partialOffers,
  pushSubscriptions,
  users,
} from '../../server/db/schema';
import { newestDemoInvoiceNumber } from '../../server/seed/derive/invoices';
import { LOCAL_SIGNATURE_HEADER, signPayload } from '../../server/services/payments/signature';
import { businessDay } from '../../src/domain/dates';
import { BILLING_INCOMPLETE, ORDER_LIST_BLOCKED_TEXT } from '../../src/domain/order-list-texts';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { pdfHasImage, pdfText } from './support/pdf-text';
import { stockedOfferIds } from './support/stocked-offers';
import { appBillingThroughStandIn, startStripeStandIn } from './support/stripe-stand-in';

/** The demo client's newest invoice (the seed numbers them by the day it runs). */
const NEWEST_INVOICE = newestDemoInvoiceNumber(new Date());

const PASSWORD = 'Weindepot2026!';
const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';

const ORDER_LIST = `query {
  orderPositionList { id amount conditionReport offer { id availableCases } }
  orderListSums { cases vintagesSum overallSum overallSumStr conditionReportSum }
  check_needed: orderListInvoices(stage: check_needed) { id stage }
  check_done: orderListInvoices(stage: check_done) { id stage }
  waiting_for_payment: orderListInvoices(stage: waiting_for_payment) { id stage }
  payment_failed: orderListInvoices(stage: payment_failed) { id stage }
  me { blockedByOrderCheck }
}`;
const CREATE = `mutation ($offerId: Int!, $amount: Int!, $id: String) {
  createOrderPosition(offerId: $offerId, amount: $amount, clientMutationId: $id) {
    success errors { message code } orderPosition { id amount }
  }
}`;
const CHANGE = `mutation ($id: Int!, $amount: Int, $flag: Boolean, $mid: String) {
  changeOrderPosition(orderPositionId: $id, amount: $amount, conditionReport: $flag, clientMutationId: $mid) {
    success errors { message code } orderPosition { id amount conditionReport }
  }
}`;
const DELETE = `mutation ($id: Int!, $mid: String) {
  deleteOrderPosition(orderPositionId: $id, clientMutationId: $mid) { success errors { message code } }
}`;
const CREATE_INVOICE = `mutation ($mid: String) {
  createInvoice(clientMutationId: $mid) { success errors { message code } invoice { id stage overallSumStr invoicePdfViewPermissionToken positions { amount conditionReport vintageTitle } } }
}`;
const CHANGE_INVOICE = `mutation ($id: Int!, $stage: InvoiceStage) {
  changeInvoice(invoiceId: $id, stage: $stage) { success errors { message code } invoice { id stage invoiceNumber invoiceDate } }
}`;
const FINALIZE = `mutation ($id: Int!) { finalizeInvoice(invoiceId: $id) { success errors { message code } hostedInvoiceUrl } }`;
const INVOICE = `query ($id: Int!) { getInvoiceById(invoiceId: $id) { id stage invoiceNumber user { email } } }`;

interface OrderList {
  orderPositionList: { id: number; amount: number; conditionReport: boolean; offer: { id: number } }[];
  orderListSums: {
    cases: number;
    vintagesSum: number;
    overallSum: number;
    overallSumStr: string;
    conditionReportSum: number;
  };
  check_needed: { id: number }[];
  check_done: { id: number }[];
  waiting_for_payment: { id: number }[];
  payment_failed: { id: number }[];
  me: { blockedByOrderCheck: boolean };
}

describe.each(databaseTargets)('Orderliste, Bestellung und Zahlung (%s)', (target) => {
  let portal: TestPortal;
  let client: string;
  let staff: string;
  let otherClient: string;
  let offerIds: number[];

  async function login(email: string) {
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(LOGIN, { email, password: PASSWORD });
    return answer.data?.tokenAuth.token as string;
  }
  const orderList = async (token: string) =>
    (await portal.gql<OrderList>(ORDER_LIST, {}, { token })).data as OrderList;
  const path = (url: string) => new URL(url).pathname;

  async function pay(hostedUrl: string, cardNumber: string) {
    return portal.app.inject({
      method: 'POST',
      url: path(hostedUrl),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber }).toString(),
    });
  }

  interface Buyer {
    id: number;
    email: string;
    token: string;
  }
  let buyers = 0;
  /** A fresh client with complete billing data and an empty order list: each test changes only its own data. */
  async function newBuyer(): Promise<Buyer> {
    buyers += 1;
    const email = `kaeuferin-${buyers}@example.com`;
    const id = await portal.createUser(email);
    await portal.db
      .update(users)
      .set({
        salutation: 'Frau',
        firstName: 'Erika',
        lastName: 'Probst',
        phone: '+49 89 1234567',
        streetAndNumber: 'Weinstraße 1',
        postalCode: '80331',
        city: 'München',
        country: 'DE',
      })
      .where(eq(users.id, id));
    return { id, email, token: await login(email) };
  }

  async function addPosition(buyer: Buyer, offerId: number, amount: number) {
    const added = await portal.gql<{ createOrderPosition: { orderPosition: { id: number } } }>(
      CREATE,
      { offerId, amount },
      { token: buyer.token },
    );
    expect(added.data).toMatchObject({ createOrderPosition: { success: true } });
    return added.data?.createOrderPosition.orderPosition.id as number;
  }

  /** Binds the buyer's order list (the invoice then waits for the staff check). */
  async function bindOrder(buyer: Buyer) {
    const created = await portal.gql<{
      createInvoice: {
        invoice: { id: number; overallSumStr: string; positions: { vintageTitle: string }[] };
      };
    }>(CREATE_INVOICE, {}, { token: buyer.token });
    expect(created.data).toMatchObject({ createInvoice: { success: true } });
    const invoice = created.data?.createInvoice.invoice;
    return {
      invoiceId: invoice?.id as number,
      overallSumStr: invoice?.overallSumStr as string,
      vintageTitles: invoice?.positions.map((position) => position.vintageTitle) ?? [],
    };
  }

  /** Staff check the invoice; answers its new invoice number. */
  async function checkOrder(invoiceId: number) {
    const checked = await portal.gql<{ changeInvoice: { invoice: { invoiceNumber: string } } }>(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CHECK_DONE' },
      { token: staff },
    );
    expect(checked.data).toMatchObject({ changeInvoice: { success: true } });
    return checked.data?.changeInvoice.invoice.invoiceNumber as string;
  }

  /** The client finalizes a checked invoice; answers the hosted payment page's address. */
  async function finalize(buyer: Buyer, invoiceId: number) {
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token: buyer.token },
    );
    expect(finalized.data).toMatchObject({ finalizeInvoice: { success: true } });
    return finalized.data?.finalizeInvoice.hostedInvoiceUrl as string;
  }

  /** Binds the client's current order list, has staff check it and finalizes it. */
  async function orderUpToPayment(buyer: Buyer) {
    const { invoiceId } = await bindOrder(buyer);
    await checkOrder(invoiceId);
    return { invoiceId, hostedUrl: await finalize(buyer, invoiceId) };
  }

  /** One case each of two offers, bound, checked and paid by card. */
  async function paidOrder(buyer: Buyer) {
    await addPosition(buyer, offerIds[0] as number, 1);
    await addPosition(buyer, offerIds[1] as number, 1);
    const { invoiceId, overallSumStr, vintageTitles } = await bindOrder(buyer);
    const invoiceNumber = await checkOrder(invoiceId);
    expect((await pay(await finalize(buyer, invoiceId), '4242424242424242')).statusCode).toBe(200);
    const [invoice] = await portal.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    return {
      invoiceId,
      invoiceNumber,
      overallSumStr,
      vintageTitles,
      pdfToken: invoice?.invoicePdfViewPermissionToken as string,
    };
  }

  /** The depot positions the buyer's payments booked, with their current status. */
  function purchasedPositions(buyer: Buyer) {
    return portal.db
      .select({
        id: depotPositions.id,
        amount: depotPositions.amount,
        storageId: depotPositions.storageId,
        status: depotPositionStatuses.status,
      })
      .from(depotPositions)
      .innerJoin(depotPositionStatuses, eq(depotPositionStatuses.depotPositionId, depotPositions.id))
      .where(eq(depotPositions.ownerId, buyer.id));
  }

  /** Staff record the customs reference of each of the buyer's positions: the cases are in bond. */
  async function bookIntoWarehouse(buyer: Buyer) {
    for (const position of await purchasedPositions(buyer)) {
      const recorded = await portal.gql<{ updateAssetUnderManagement: { success: boolean } }>(
        'mutation ($id: Int!) { updateAssetUnderManagement(depotPositionId: $id, newMrn: "26DE1234567890ABC8") { success } }',
        { id: position.id },
        { token: staff },
      );
      expect(recorded.data?.updateAssetUnderManagement.success).toBe(true);
    }
  }

  const today = () =>
    new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Berlin',
    }).format(new Date());

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    client = await login('kunde@example.com');
    staff = await login('berater@example.com');
    otherClient = await login('thomas.keller@example.com');
    offerIds = await stockedOfferIds(portal.db);
    expect(offerIds.length).toBeGreaterThanOrEqual(3);
    // Every test buys from the first two offers with its own client; restocked so that no test
    // runs out of cases because others bought before it.
    await portal.db
      .update(partialOffers)
      .set({ quantityAvailable: sql`${partialOffers.quantityAvailable} + 200` })
      .where(inArray(partialOffers.offerId, offerIds.slice(0, 2)));
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('adds a position and changes its amount and condition report, refusing 101 cases', async () => {
    const buyer = await newBuyer();
    const added = await portal.gql(
      CREATE,
      { offerId: offerIds[0] as number, amount: 1, id: crypto.randomUUID() },
      { token: buyer.token },
    );
    expect(added.data).toMatchObject({
      createOrderPosition: { success: true, orderPosition: { amount: 1 } },
    });
    const positionId = (added.data as { createOrderPosition: { orderPosition: { id: number } } })
      .createOrderPosition.orderPosition.id;

    const changed = await portal.gql(
      CHANGE,
      { id: positionId, amount: 2, flag: true },
      { token: buyer.token },
    );
    expect(changed.data).toMatchObject({
      changeOrderPosition: { success: true, orderPosition: { amount: 2, conditionReport: true } },
    });
    const tooMany = await portal.gql(CHANGE, { id: positionId, amount: 101 }, { token: buyer.token });
    expect(tooMany.data).toMatchObject({
      changeOrderPosition: { success: false, errors: [{ code: 'INVALID_AMOUNT' }] },
    });
    expect((await orderList(buyer.token)).orderPositionList).toEqual([
      expect.objectContaining({ id: positionId, amount: 2, conditionReport: true }),
    ]);
  });

  it('removes a position, and the sums count the remaining cases and condition reports', async () => {
    const buyer = await newBuyer();
    const [firstOffer, secondOffer] = offerIds as [number, number];
    const kept = await addPosition(buyer, firstOffer, 2);
    await portal.gql(CHANGE, { id: kept, flag: true }, { token: buyer.token });
    const removed = await addPosition(buyer, secondOffer, 3);
    expect((await portal.gql(DELETE, { id: removed }, { token: buyer.token })).data).toMatchObject({
      deleteOrderPosition: { success: true },
    });
    await addPosition(buyer, secondOffer, 1);

    const list = await orderList(buyer.token);
    expect(list.orderPositionList.map((position) => position.amount)).toEqual([2, 1]);
    expect(list.orderListSums.cases).toBe(3);
    expect(list.orderListSums.conditionReportSum).toBe(2 * 4900);
  });

  it('binds the order list as an invoice to be checked: the list empties and blocks, the client gets a mail', async () => {
    const buyer = await newBuyer();
    await addPosition(buyer, offerIds[0] as number, 2);
    await addPosition(buyer, offerIds[1] as number, 1);
    const sums = (await orderList(buyer.token)).orderListSums;

    const created = await portal.gql<{ createInvoice: { invoice: { id: number } } }>(
      CREATE_INVOICE,
      {},
      { token: buyer.token },
    );
    expect(created.data).toMatchObject({
      createInvoice: { success: true, invoice: { stage: 'CHECK_NEEDED', overallSumStr: sums.overallSumStr } },
    });
    const invoiceId = created.data?.createInvoice.invoice.id as number;
    const blockedList = await orderList(buyer.token);
    expect(blockedList.orderPositionList).toEqual([]);
    expect(blockedList.me.blockedByOrderCheck).toBe(true);
    expect(blockedList.check_needed.map((invoice) => invoice.id)).toEqual([invoiceId]);
    await portal.deliverOutbox();
    expect((await portal.mailsTo(buyer.email)).map((mail) => mail.subject)).toContain(
      'Ihre Bestellung wird geprüft',
    );
  });

  it('refuses new positions while the bound order is being checked', async () => {
    const buyer = await newBuyer();
    await addPosition(buyer, offerIds[0] as number, 1);
    await bindOrder(buyer);
    const refused = await portal.gql(
      CREATE,
      { offerId: offerIds[1] as number, amount: 1 },
      { token: buyer.token },
    );
    expect(refused.data).toMatchObject({
      createOrderPosition: {
        success: false,
        errors: [{ code: 'ORDER_LIST_BLOCKED', message: ORDER_LIST_BLOCKED_TEXT }],
      },
    });
  });

  it('lets only staff check an order', async () => {
    const buyer = await newBuyer();
    await addPosition(buyer, offerIds[0] as number, 1);
    const { invoiceId } = await bindOrder(buyer);
    const byClient = await portal.gql(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CHECK_DONE' },
      { token: buyer.token },
    );
    expect(byClient.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: buyer.token })).data).toMatchObject({
      getInvoiceById: { stage: 'CHECK_NEEDED', invoiceNumber: null },
    });
  });

  it('numbers a checked invoice and reserves its cases from the tranches', async () => {
    const buyer = await newBuyer();
    const offerId = offerIds[0] as number;
    await addPosition(buyer, offerId, 2);
    const { invoiceId } = await bindOrder(buyer);
    const available = async () =>
      (await portal.db.select().from(partialOffers).where(eq(partialOffers.offerId, offerId))).reduce(
        (total, row) => total + row.quantityAvailable,
        0,
      );
    const before = await available();

    const checked = await portal.gql<{ changeInvoice: { invoice: { invoiceNumber: string } } }>(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CHECK_DONE' },
      { token: staff },
    );
    expect(checked.data).toMatchObject({
      changeInvoice: { success: true, invoice: { stage: 'CHECK_DONE' } },
    });
    const year = businessDay().slice(0, 4);
    expect(checked.data?.changeInvoice.invoice.invoiceNumber).toMatch(new RegExp(`^${year}-\\d{4}$`));
    expect(before - (await available())).toBe(2);
  });

  it('dates an invoice checked after midnight in Germany with the German day, not the UTC day before', async () => {
    const buyer = await newBuyer();
    await addPosition(buyer, offerIds[0] as number, 1);
    const { invoiceId } = await bindOrder(buyer);
    // The latest 23:30 UTC before now: 00:30 (01:30 in summer) of the next day in Germany.
    const lateEvening = new Date();
    lateEvening.setUTCHours(23, 30, 0, 0);
    if (lateEvening.getTime() > Date.now()) lateEvening.setUTCDate(lateEvening.getUTCDate() - 1);
    const utcDay = lateEvening.toISOString().slice(0, 10);
    const germanDay = new Date(lateEvening.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    vi.useFakeTimers({ toFake: ['Date'], now: lateEvening });
    try {
      await checkOrder(invoiceId);
    } finally {
      vi.useRealTimers();
    }
    const [invoice] = await portal.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice?.invoiceDate).toBe(germanDay);
    expect(invoice?.invoiceDate).not.toBe(utcDay);
    expect(invoice?.invoiceNumber?.slice(0, 4)).toBe(germanDay.slice(0, 4));
  });

  it('tells the client by push and mail that the checked order is ready to pay', async () => {
    const buyer = await newBuyer();
    const [subscription] = await portal.db
      .insert(pushSubscriptions)
      .values({
        userId: buyer.id,
        endpoint: `https://push.example/${buyer.id}`,
        p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa40HI80NMdLS1sWnZ0nPtpm2OWmEcwlVq9b6RDXuv7lSZNyf6Hy1H3rEuKVeE',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      })
      .returning({ id: pushSubscriptions.id });
    await addPosition(buyer, offerIds[0] as number, 1);
    const { invoiceId } = await bindOrder(buyer);
    await checkOrder(invoiceId);

    const pushes = (await portal.db.select().from(outbox).where(eq(outbox.kind, 'push'))).filter(
      (row) => row.payload.subscriptionId === subscription?.id,
    );
    expect(pushes.map((row) => (row.payload.notification as { url: string }).url)).toEqual([
      '/admin/orderlist',
    ]);
    await portal.deliverOutbox();
    expect((await portal.mailsTo(buyer.email)).map((mail) => mail.subject)).toContain(
      'Ihre Bestellung ist bereit zur Zahlung',
    );
  });

  it('keeps a checked invoice from other clients: they can neither pay nor read it', async () => {
    const buyer = await newBuyer();
    await addPosition(buyer, offerIds[0] as number, 1);
    const { invoiceId } = await bindOrder(buyer);
    await checkOrder(invoiceId);
    const foreignFinalize = await portal.gql(FINALIZE, { id: invoiceId }, { token: otherClient });
    expect(foreignFinalize.data).toMatchObject({
      finalizeInvoice: { success: false, errors: [{ code: 'NOT_FOUND' }] },
    });
    const foreignRead = await portal.gql(INVOICE, { id: invoiceId }, { token: otherClient });
    expect(foreignRead.data).toEqual({ getInvoiceById: null });
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: buyer.token })).data).toMatchObject({
      getInvoiceById: { stage: 'CHECK_DONE' },
    });
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

  it('issues no certificate while no case of a paid invoice is in the warehouse: a German page, 409', async () => {
    const buyer = await newBuyer();
    const order = await paidOrder(buyer);
    const answer = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    expect(answer.statusCode).toBe(409);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['x-certificate-fingerprint']).toBeUndefined();
    expect(answer.body).toContain('<html lang="de">');
    expect(answer.body).toContain('Für diese Rechnung lagert noch keine Kiste im Zollfreilager Genf.');
    expect(answer.body).toContain(`Rechnung ${order.invoiceNumber}`);
    for (const title of order.vintageTitles) expect(answer.body).toContain(title);
    expect(answer.body).toContain('1 Kiste bezahlt – Versand ins Zollfreilager folgt');
    // Nothing was issued or recorded.
    const [invoice] = await portal.db.select().from(invoices).where(eq(invoices.id, order.invoiceId));
    expect(invoice?.certificateFingerprint).toBeNull();
    const shipped = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    expect(shipped.statusCode).toBe(409);
    // Once the cases are booked into the warehouse (MRN recorded), the certificate is issued.
    await bookIntoWarehouse(buyer);
    const issued = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['content-type']).toBe('application/pdf');
  });

  it('issues a storage certificate for a paid invoice naming client, wines, case numbers and warehouse', async () => {
    const buyer = await newBuyer();
    const order = await paidOrder(buyer);
    await bookIntoWarehouse(buyer);
    const certificate = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers['content-type']).toBe('application/pdf');
    expect(certificate.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const fingerprint = certificate.headers['x-certificate-fingerprint'] as string;
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const documentId = certificate.headers['x-document-id'] as string;
    expect(documentId).toMatch(/^[a-z2-9]{12}$/);
    const purchased = await purchasedPositions(buyer);
    expect(order.vintageTitles).toHaveLength(2);
    expect(purchased.length).toBeGreaterThan(0);
    const certificateText = pdfText(certificate.rawPayload);
    for (const expected of [
      'Einlagerungszertifikat',
      `Ausgestellt am ${today()} für Frau Erika Probst`,
      `Rechnung ${order.invoiceNumber}`,
      ...order.vintageTitles,
      ...purchased.flatMap((row) => (row.storageId ?? '').split(', ')),
      'Zollfreilager Genf, Schweiz',
      '100 % versichert',
      '13,5 °C',
      '70 % Luftfeuchtigkeit',
      `Echtheit prüfen (QR-Code oder Adresse): http://portal.test/verify/${documentId}`,
      `Dokument-ID ${documentId}`,
    ]) {
      expect(certificateText).toContain(expected);
    }
    expect(pdfHasImage(certificate.rawPayload)).toBe(true);
  });

  it('verifies a certificate by its fingerprint without naming the client, and rejects unknown ones', async () => {
    const buyer = await newBuyer();
    const order = await paidOrder(buyer);
    await bookIntoWarehouse(buyer);
    const certificate = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    const fingerprint = certificate.headers['x-certificate-fingerprint'] as string;
    const again = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    expect(again.headers['x-certificate-fingerprint']).toBe(fingerprint);
    const verified = await portal.app.inject({ method: 'GET', url: `/verify/${fingerprint}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('Dieses Einlagerungszertifikat ist echt');
    expect(verified.body).not.toContain('Probst');
    expect(verified.body).not.toContain('neueres Zertifikat');
    const forged = await portal.app.inject({ method: 'GET', url: `/verify/${'0'.repeat(64)}` });
    expect(forged.statusCode).toBe(404);
    const wrongToken = await portal.app.inject({
      method: 'GET',
      url: '/certificate/not-the-right-token-at-all',
    });
    expect(wrongToken.statusCode).toBe(404);
  });

  it('reissues the certificate when staff correct case numbers; the old one verifies as replaced', async () => {
    const buyer = await newBuyer();
    const order = await paidOrder(buyer);
    await bookIntoWarehouse(buyer);
    const first = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    const fingerprint = first.headers['x-certificate-fingerprint'] as string;
    const [position] = await purchasedPositions(buyer);
    const corrected = await portal.gql<{ updateStorageId: { success: boolean } }>(
      'mutation ($id: Int!, $storage: String!) { updateStorageId(depotPositionId: $id, storageId: $storage) { success } }',
      { id: position?.id, storage: '77001, 77002' },
      { token: staff },
    );
    expect(corrected.data?.updateStorageId.success).toBe(true);

    const reissued = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    const newFingerprint = reissued.headers['x-certificate-fingerprint'] as string;
    expect(newFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(newFingerprint).not.toBe(fingerprint);
    expect(pdfText(reissued.rawPayload)).toContain('77001, 77002');
    const oldVerified = await portal.app.inject({ method: 'GET', url: `/verify/${fingerprint}` });
    expect(oldVerified.statusCode).toBe(200);
    expect(oldVerified.body).toContain('Dieses Einlagerungszertifikat ist echt');
    expect(oldVerified.body).toContain(
      `Für diese Einlagerung wurde am ${today()} ein neueres Zertifikat ausgestellt, das dieses ersetzt.`,
    );
    const newVerified = await portal.app.inject({ method: 'GET', url: `/verify/${newFingerprint}` });
    expect(newVerified.statusCode).toBe(200);
    expect(newVerified.body).not.toContain('neueres Zertifikat');
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

  it('refuses the binding order while the billing data is incomplete and changes nothing', async () => {
    // neukunde has no address yet.
    const newClient = await login('neukunde@example.com');
    const added = await portal.gql(
      CREATE,
      { offerId: offerIds[0] as number, amount: 1 },
      { token: newClient },
    );
    expect(added.data).toMatchObject({ createOrderPosition: { success: true } });
    const refused = await portal.gql(CREATE_INVOICE, {}, { token: newClient });
    expect(refused.data).toMatchObject({
      createInvoice: {
        success: false,
        errors: [{ code: 'BILLING_INCOMPLETE', message: BILLING_INCOMPLETE }],
        invoice: null,
      },
    });
    const list = await orderList(newClient);
    expect(list.orderPositionList).toHaveLength(1);
    expect(list.check_needed).toEqual([]);
    expect(list.me.blockedByOrderCheck).toBe(false);
  });

  it('adds one position for the same client mutation id sent twice', async () => {
    const buyer = await newBuyer();
    const mutationId = crypto.randomUUID();
    const offerId = offerIds[0] as number;
    const first = await portal.gql(CREATE, { offerId, amount: 1, id: mutationId }, { token: buyer.token });
    const second = await portal.gql(CREATE, { offerId, amount: 1, id: mutationId }, { token: buyer.token });
    expect(second.data).toEqual(first.data);
    const list = await orderList(buyer.token);
    expect(list.orderPositionList).toEqual([expect.objectContaining({ amount: 1 })]);
  });

  it('refuses amounts outside 1–100 and above the available cases', async () => {
    const buyer = await newBuyer();
    const [tranche] = await portal.db
      .select({
        offerId: partialOffers.offerId,
        available: sql<number>`sum(${partialOffers.quantityAvailable})::int`,
      })
      .from(partialOffers)
      .where(eq(partialOffers.offerId, offerIds[2] as number))
      .groupBy(partialOffers.offerId);
    for (const amount of [0, 101, (tranche?.available ?? 0) + 1]) {
      const answer = await portal.gql(
        CREATE,
        { offerId: offerIds[2] as number, amount },
        { token: buyer.token },
      );
      expect(answer.data).toMatchObject({
        createOrderPosition: { success: false, errors: [{ code: 'INVALID_AMOUNT' }] },
      });
    }
    expect((await orderList(buyer.token)).orderPositionList).toEqual([]);
  });

  it('lets a blocked client only shrink the order list: no more cases, no new condition report', async () => {
    // Thomas Keller's seeded order is being checked; a position may still be on his list, e.g.
    // when staff bound a manual quote for him.
    const [keller] = await portal.db.select().from(users).where(eq(users.email, 'thomas.keller@example.com'));
    expect(keller?.blockedByOrderCheck).toBe(true);
    const [position] = await portal.db
      .insert(orderPositions)
      .values({ userId: keller?.id as number, offerId: offerIds[0] as number, amount: 2 })
      .returning({ id: orderPositions.id });
    const id = position?.id as number;
    const blockedRefusal = {
      changeOrderPosition: {
        success: false,
        errors: [{ code: 'ORDER_LIST_BLOCKED', message: ORDER_LIST_BLOCKED_TEXT }],
      },
    };
    expect((await portal.gql(CHANGE, { id, amount: 3 }, { token: otherClient })).data).toMatchObject(
      blockedRefusal,
    );
    expect((await portal.gql(CHANGE, { id, flag: true }, { token: otherClient })).data).toMatchObject(
      blockedRefusal,
    );
    expect(
      (await portal.gql(CHANGE, { id, amount: 1, flag: true }, { token: otherClient })).data,
    ).toMatchObject(blockedRefusal);
    expect((await orderList(otherClient)).orderPositionList).toEqual([
      expect.objectContaining({ id, amount: 2, conditionReport: false }),
    ]);

    const fewer = await portal.gql(CHANGE, { id, amount: 1, flag: false }, { token: otherClient });
    expect(fewer.data).toMatchObject({
      changeOrderPosition: { success: true, orderPosition: { amount: 1, conditionReport: false } },
    });
    expect((await portal.gql(DELETE, { id }, { token: otherClient })).data).toMatchObject({
      deleteOrderPosition: { success: true },
    });
    const after = await orderList(otherClient);
    expect(after.orderPositionList).toEqual([]);
    expect(after.me.blockedByOrderCheck).toBe(true);
  });

  it('keeps invoices private: a client lists only their own, staff everyone', async () => {
    const own = await portal.gql<{ clientsInvoices: { user: { email: string } }[] }>(
      'query { clientsInvoices { user { email } } }',
      {},
      { token: otherClient },
    );
    expect(new Set(own.data?.clientsInvoices.map((invoice) => invoice.user.email))).toEqual(
      new Set(['thomas.keller@example.com']),
    );
    const all = await portal.gql<{ clientsInvoices: { user: { email: string } }[] }>(
      'query { clientsInvoices(stage: "paid") { user { email } } }',
      {},
      { token: staff },
    );
    expect(all.data?.clientsInvoices.length).toBeGreaterThan(2);
    const anonymous = await portal.gql('query { orderPositionList { id } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const [keller] = await portal.db.select().from(users).where(eq(users.email, 'thomas.keller@example.com'));
    expect(keller?.blockedByOrderCheck).toBe(true);
  });

  it('opens the local customer portal with the client’s invoices', async () => {
    const session = await portal.gql<{ stripeCustomerPortalSession: { sessionUrl: string } }>(
      'query { stripeCustomerPortalSession { sessionUrl } }',
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
        'query { stripeCustomerPortalSession { sessionUrl } }',
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
