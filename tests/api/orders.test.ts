import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depotPositionStatuses,
  depotPositions,
  invoices,
  offers,
  orderPositions,
  outbox,
  partialOffers,
  pushSubscriptions,
  users,
} from '../../server/db/schema';
import { buildApp } from '../../server/http';
import { LOCAL_SIGNATURE_HEADER, signPayload } from '../../server/services/payments/signature';
import { BILLING_INCOMPLETE, ORDER_LIST_BLOCKED_TEXT } from '../../src/domain/order-list-texts';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { pdfHasImage, pdfText } from './support/pdf-text';
import { startStripeStandIn } from './support/stripe-stand-in';

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
  const orderList = async (token = client) =>
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

  /** Binds the client's current order list, has staff check it and finalizes it. */
  async function orderUpToPayment(token: string) {
    const created = await portal.gql<{ createInvoice: { invoice: { id: number } } }>(
      CREATE_INVOICE,
      {},
      { token },
    );
    const invoiceId = created.data?.createInvoice.invoice.id as number;
    const checked = await portal.gql(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CHECK_DONE' },
      { token: staff },
    );
    expect(checked.data).toMatchObject({ changeInvoice: { success: true } });
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token },
    );
    return { invoiceId, hostedUrl: finalized.data?.finalizeInvoice.hostedInvoiceUrl as string };
  }

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    client = await login('kunde@example.com');
    staff = await login('berater@example.com');
    otherClient = await login('thomas.keller@example.com');
    const stocked = await portal.db
      .selectDistinct({ id: offers.id })
      .from(offers)
      .innerJoin(partialOffers, eq(partialOffers.offerId, offers.id))
      .where(
        and(eq(offers.archived, false), eq(offers.onRequest, false), gt(partialOffers.quantityAvailable, 4)),
      )
      .orderBy(offers.id);
    offerIds = stocked.map((row) => row.id);
    expect(offerIds.length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('runs the whole buying path: add, change, remove, bind, check, pay, depot, certificate', async () => {
    const [firstOffer, secondOffer] = offerIds as [number, number];
    const before = await orderList();
    for (const position of before.orderPositionList) {
      expect((await portal.gql(DELETE, { id: position.id }, { token: client })).data).toMatchObject({
        deleteOrderPosition: { success: true },
      });
    }

    const added = await portal.gql<{ createOrderPosition: { orderPosition: { id: number } } }>(
      CREATE,
      { offerId: firstOffer, amount: 1, id: crypto.randomUUID() },
      { token: client },
    );
    expect(added.data).toMatchObject({
      createOrderPosition: { success: true, orderPosition: { amount: 1 } },
    });
    const positionId = added.data?.createOrderPosition.orderPosition.id as number;

    const changed = await portal.gql(CHANGE, { id: positionId, amount: 2, flag: true }, { token: client });
    expect(changed.data).toMatchObject({
      changeOrderPosition: { success: true, orderPosition: { amount: 2, conditionReport: true } },
    });
    const tooMany = await portal.gql(CHANGE, { id: positionId, amount: 101 }, { token: client });
    expect(tooMany.data).toMatchObject({
      changeOrderPosition: { success: false, errors: [{ code: 'INVALID_AMOUNT' }] },
    });

    const second = await portal.gql<{ createOrderPosition: { orderPosition: { id: number } } }>(
      CREATE,
      { offerId: secondOffer, amount: 1 },
      { token: client },
    );
    const secondId = second.data?.createOrderPosition.orderPosition.id as number;
    expect((await portal.gql(DELETE, { id: secondId }, { token: client })).data).toMatchObject({
      deleteOrderPosition: { success: true },
    });
    await portal.gql(CREATE, { offerId: secondOffer, amount: 1 }, { token: client });

    const list = await orderList();
    expect(list.orderPositionList.map((position) => position.amount)).toEqual([2, 1]);
    expect(list.orderListSums.cases).toBe(3);
    expect(list.orderListSums.conditionReportSum).toBe(2 * 4900);

    const created = await portal.gql<{
      createInvoice: { invoice: { id: number; stage: string; positions: { vintageTitle: string }[] } };
    }>(CREATE_INVOICE, {}, { token: client });
    expect(created.data).toMatchObject({
      createInvoice: {
        success: true,
        invoice: { stage: 'CHECK_NEEDED', overallSumStr: list.orderListSums.overallSumStr },
      },
    });
    const invoiceId = created.data?.createInvoice.invoice.id as number;
    const blockedList = await orderList();
    expect(blockedList.orderPositionList).toEqual([]);
    expect(blockedList.me.blockedByOrderCheck).toBe(true);
    expect(blockedList.check_needed.map((invoice) => invoice.id)).toContain(invoiceId);
    await portal.deliverOutbox();
    expect((await portal.mailsTo('kunde@example.com')).map((mail) => mail.subject)).toContain(
      'Ihre Bestellung wird geprüft',
    );

    const refused = await portal.gql(CREATE, { offerId: firstOffer, amount: 1 }, { token: client });
    expect(refused.data).toMatchObject({
      createOrderPosition: {
        success: false,
        errors: [{ code: 'ORDER_LIST_BLOCKED', message: ORDER_LIST_BLOCKED_TEXT }],
      },
    });

    const tranchesBefore = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, firstOffer));
    const [kunde] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    await portal.db.insert(pushSubscriptions).values({
      userId: kunde?.id as number,
      endpoint: 'https://push.example/kunde',
      p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa40HI80NMdLS1sWnZ0nPtpm2OWmEcwlVq9b6RDXuv7lSZNyf6Hy1H3rEuKVeE',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    });
    const notStaff = await portal.gql(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CHECK_DONE' },
      { token: client },
    );
    expect(notStaff.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const checked = await portal.gql<{ changeInvoice: { invoice: { invoiceNumber: string } } }>(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CHECK_DONE' },
      { token: staff },
    );
    expect(checked.data).toMatchObject({
      changeInvoice: { success: true, invoice: { stage: 'CHECK_DONE' } },
    });
    const year = new Date().getFullYear();
    expect(checked.data?.changeInvoice.invoice.invoiceNumber).toMatch(new RegExp(`^${year}-\\d{4}$`));
    const tranchesAfter = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, firstOffer));
    const sum = (rows: typeof tranchesBefore) =>
      rows.reduce((total, row) => total + row.quantityAvailable, 0);
    expect(sum(tranchesBefore) - sum(tranchesAfter)).toBe(2);
    const pushes = await portal.db.select().from(outbox).where(eq(outbox.kind, 'push'));
    expect(pushes.map((row) => (row.payload.notification as { url: string }).url)).toEqual([
      '/admin/orderlist',
    ]);
    await portal.deliverOutbox();
    expect((await portal.mailsTo('kunde@example.com')).map((mail) => mail.subject)).toContain(
      'Ihre Bestellung ist bereit zur Zahlung',
    );

    const foreignFinalize = await portal.gql(FINALIZE, { id: invoiceId }, { token: otherClient });
    expect(foreignFinalize.data).toMatchObject({
      finalizeInvoice: { success: false, errors: [{ code: 'NOT_FOUND' }] },
    });
    const foreignRead = await portal.gql(INVOICE, { id: invoiceId }, { token: otherClient });
    expect(foreignRead.data).toEqual({ getInvoiceById: null });

    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token: client },
    );
    const hostedUrl = finalized.data?.finalizeInvoice.hostedInvoiceUrl as string;
    expect(hostedUrl).toMatch(/^http:\/\/portal\.test\/pay\/in_local_[0-9a-f]{32}$/);
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: client })).data).toMatchObject({
      getInvoiceById: { stage: 'WAITING_FOR_PAYMENT' },
    });
    const hostedPage = await portal.app.inject({ method: 'GET', url: path(hostedUrl) });
    expect(hostedPage.statusCode).toBe(200);
    expect(hostedPage.body).toContain('Kartennummer');
    expect(hostedPage.body).toContain('Jetzt bezahlen');
    expect(hostedPage.body).toContain(checked.data?.changeInvoice.invoice.invoiceNumber);

    const paid = await pay(hostedUrl, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Ihre Zahlung ist eingegangen');
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: client })).data).toMatchObject({
      getInvoiceById: { stage: 'PAID' },
    });
    const afterPayment = await orderList();
    expect(afterPayment.me.blockedByOrderCheck).toBe(false);

    const newPositions = await portal.db
      .select({
        id: depotPositions.id,
        amount: depotPositions.amount,
        storageId: depotPositions.storageId,
        status: depotPositionStatuses.status,
      })
      .from(depotPositions)
      .innerJoin(depotPositionStatuses, eq(depotPositionStatuses.depotPositionId, depotPositions.id))
      .where(inArray(depotPositions.offerId, [firstOffer, secondOffer]));
    const purchased = newPositions.filter((row) => row.storageId?.startsWith('GE-'));
    expect(purchased.reduce((total, row) => total + row.amount, 0)).toBe(3);
    expect(purchased.every((row) => row.status === 'PURCHASED')).toBe(true);
    const onInvoice = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, firstOffer));
    expect(
      onInvoice.reduce((total, row) => total + row.quantityOnInvoice, 0) -
        tranchesAfter.reduce((total, row) => total + row.quantityOnInvoice, 0),
    ).toBe(2);
    await portal.deliverOutbox();
    expect((await portal.mailsTo('kunde@example.com')).map((mail) => mail.subject)).toContain(
      'Vielen Dank für Ihre Zahlung',
    );

    const paidList = await portal.gql<{
      clientsInvoices: { id: number; invoicePdfViewPermissionToken: string }[];
    }>(
      'query { clientsInvoices(stage: "paid") { id invoiceNumber invoicePdfViewPermissionToken user { email } } }',
      {},
      { token: client },
    );
    const paidInvoice = paidList.data?.clientsInvoices.find((invoice) => invoice.id === invoiceId);
    expect(paidInvoice).toBeDefined();
    const certificate = await portal.app.inject({
      method: 'GET',
      url: `/certificate/${paidInvoice?.invoicePdfViewPermissionToken}`,
    });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers['content-type']).toBe('application/pdf');
    expect(certificate.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const fingerprint = certificate.headers['x-certificate-fingerprint'] as string;
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // What the certificate says: client, positions with their storage ids, the bonded warehouse
    // and its conditions, the date, the fingerprint and (as a QR code) where to verify it.
    const certificateText = pdfText(certificate.rawPayload);
    const today = new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Berlin',
    }).format(new Date());
    for (const expected of [
      'Einlagerungszertifikat',
      `Ausgestellt am ${today} für Frau Anna Berger`,
      `Rechnung ${checked.data?.changeInvoice.invoice.invoiceNumber}`,
      ...(created.data?.createInvoice.invoice.positions ?? []).map((position) => position.vintageTitle),
      ...purchased.flatMap((row) => (row.storageId ?? '').split(', ')),
      'Zollfreilager Genf, Schweiz',
      '100 % versichert',
      '13,5 °C',
      '70 % Luftfeuchtigkeit',
      fingerprint,
      `Echtheit prüfen (QR-Code oder Adresse): http://portal.test/verify/${fingerprint}`,
    ]) {
      expect(certificateText).toContain(expected);
    }
    expect(created.data?.createInvoice.invoice.positions).toHaveLength(2);
    expect(purchased.length).toBeGreaterThan(0);
    expect(pdfHasImage(certificate.rawPayload)).toBe(true);
    const again = await portal.app.inject({
      method: 'GET',
      url: `/certificate/${paidInvoice?.invoicePdfViewPermissionToken}`,
    });
    expect(again.headers['x-certificate-fingerprint']).toBe(fingerprint);
    const verified = await portal.app.inject({ method: 'GET', url: `/verify/${fingerprint}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('Dieses Einlagerungszertifikat ist echt');
    expect(verified.body).not.toContain('Berger');
    expect(verified.body).not.toContain('neueres Zertifikat');
    const forged = await portal.app.inject({ method: 'GET', url: `/verify/${'0'.repeat(64)}` });
    expect(forged.statusCode).toBe(404);

    // Staff correct the case numbers: the next download is a new certificate with the new numbers;
    // the one printed before still verifies as genuine and says that a newer one replaces it.
    const corrected = await portal.gql<{ updateStorageId: { success: boolean } }>(
      'mutation ($id: Int!, $storage: String!) { updateStorageId(depotPositionId: $id, storageId: $storage) { success } }',
      { id: purchased[0]?.id, storage: '77001, 77002' },
      { token: staff },
    );
    expect(corrected.data?.updateStorageId.success).toBe(true);
    const reissued = await portal.app.inject({
      method: 'GET',
      url: `/certificate/${paidInvoice?.invoicePdfViewPermissionToken}`,
    });
    const newFingerprint = reissued.headers['x-certificate-fingerprint'] as string;
    expect(newFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(newFingerprint).not.toBe(fingerprint);
    expect(pdfText(reissued.rawPayload)).toContain('77001, 77002');
    const oldVerified = await portal.app.inject({ method: 'GET', url: `/verify/${fingerprint}` });
    expect(oldVerified.statusCode).toBe(200);
    expect(oldVerified.body).toContain('Dieses Einlagerungszertifikat ist echt');
    expect(oldVerified.body).toContain(
      `Für diese Einlagerung wurde am ${today} ein neueres Zertifikat ausgestellt, das dieses ersetzt.`,
    );
    const newVerified = await portal.app.inject({ method: 'GET', url: `/verify/${newFingerprint}` });
    expect(newVerified.statusCode).toBe(200);
    expect(newVerified.body).not.toContain('neueres Zertifikat');
    const wrongToken = await portal.app.inject({
      method: 'GET',
      url: '/certificate/not-the-right-token-at-all',
    });
    expect(wrongToken.statusCode).toBe(404);
    const invoicePdf = await portal.app.inject({
      method: 'GET',
      url: `/invoices/${paidInvoice?.invoicePdfViewPermissionToken}.pdf`,
    });
    expect(invoicePdf.statusCode).toBe(200);
    expect(invoicePdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const invoiceText = pdfText(invoicePdf.rawPayload);
    expect(invoiceText).toContain(`Rechnung ${checked.data?.changeInvoice.invoice.invoiceNumber}`);
    expect(invoiceText).toContain(`Gesamtsumme: ${list.orderListSums.overallSumStr}`);
    expect(invoiceText).toContain(`Rechnungsdatum: ${today}`);
  });

  it('ends a declined card as PAYMENT_FAILED, and a retry pays', async () => {
    await portal.gql(CREATE, { offerId: offerIds[1] as number, amount: 1 }, { token: client });
    const { invoiceId, hostedUrl } = await orderUpToPayment(client);
    const declined = await pay(hostedUrl, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('abgelehnt');
    const failed = await orderList();
    expect(failed.payment_failed.map((invoice) => invoice.id)).toEqual([invoiceId]);
    expect(failed.me.blockedByOrderCheck).toBe(true);

    const retry = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token: client },
    );
    expect(retry.data?.finalizeInvoice.hostedInvoiceUrl).toBe(hostedUrl);
    expect((await pay(hostedUrl, '4242424242424242')).statusCode).toBe(200);
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: client })).data).toMatchObject({
      getInvoiceById: { stage: 'PAID' },
    });
  });

  it('rejects a forged webhook signature and changes nothing', async () => {
    await portal.gql(CREATE, { offerId: offerIds[0] as number, amount: 1 }, { token: client });
    const { invoiceId } = await orderUpToPayment(client);
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
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: client })).data).toMatchObject({
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
    const mutationId = crypto.randomUUID();
    const offerId = offerIds[0] as number;
    const first = await portal.gql(CREATE, { offerId, amount: 1, id: mutationId }, { token: client });
    const second = await portal.gql(CREATE, { offerId, amount: 1, id: mutationId }, { token: client });
    expect(second.data).toEqual(first.data);
    const list = await orderList();
    expect(list.orderPositionList.filter((position) => position.offer.id === offerId)).toEqual([
      expect.objectContaining({ amount: 1 }),
    ]);
  });

  it('refuses amounts outside 1–100 and above the available cases', async () => {
    const [tranche] = await portal.db
      .select({
        offerId: partialOffers.offerId,
        available: sql<number>`sum(${partialOffers.quantityAvailable})::int`,
      })
      .from(partialOffers)
      .where(eq(partialOffers.offerId, offerIds[1] as number))
      .groupBy(partialOffers.offerId);
    for (const amount of [0, 101, (tranche?.available ?? 0) + 1]) {
      const answer = await portal.gql(CREATE, { offerId: offerIds[1] as number, amount }, { token: client });
      expect(answer.data).toMatchObject({
        createOrderPosition: { success: false, errors: [{ code: 'INVALID_AMOUNT' }] },
      });
    }
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
    expect(page.body).toContain('2026-0012');
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
    const stripeApp = await buildApp({
      db: portal.db,
      config: {
        ...portal.config,
        paymentProvider: 'stripe',
        stripeSecretKey: 'sk_test_standin',
        stripeWebhookSecret: webhookSecret,
        stripeApiUrl: standIn.url,
      },
    });
    const gql = async <Data>(query: string, variables: Record<string, unknown>, token: string) => {
      const response = await stripeApp.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
        payload: JSON.stringify({ query, variables }),
      });
      return response.json() as { data: Data; errors?: unknown[] };
    };
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
      const before = await gql<OrderList>(ORDER_LIST, {}, client);
      expect(before.data.orderPositionList.length).toBeGreaterThan(0);
      const overall = before.data.orderListSums.overallSum;
      const created = await gql<{ createInvoice: { invoice: { id: number } } }>(CREATE_INVOICE, {}, client);
      const invoiceId = created.data.createInvoice.invoice.id;
      await gql(CHANGE_INVOICE, { id: invoiceId, stage: 'CHECK_DONE' }, staff);

      const finalized = await gql<{ finalizeInvoice: { success: boolean; hostedInvoiceUrl: string } }>(
        FINALIZE,
        { id: invoiceId },
        client,
      );
      expect(finalized.data.finalizeInvoice).toMatchObject({
        success: true,
        hostedInvoiceUrl: 'https://invoice.stripe.test/i/in_standin',
      });
      const items = standIn.requests.filter((request) => request.path === '/v1/invoiceitems');
      expect(items.every((item) => item.body.invoice === 'in_standin' && item.body.currency === 'eur')).toBe(
        true,
      );
      expect(items.reduce((sum, item) => sum + Number(item.body.amount), 0)).toBe(overall);
      expect(standIn.requests.find((request) => request.path === '/v1/customers')?.body.email).toBe(
        'kunde@example.com',
      );
      const [customer] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
      expect(customer?.paymentCustomerId).toBe('cus_standin');

      const event = JSON.stringify({
        id: 'evt_standin_paid',
        object: 'event',
        type: 'invoice.paid',
        data: { object: { id: 'in_standin', object: 'invoice' } },
      });
      expect((await webhook(event, 'whsec_falsch')).statusCode).toBe(400);
      expect((await gql(INVOICE, { id: invoiceId }, client)).data).toMatchObject({
        getInvoiceById: { stage: 'WAITING_FOR_PAYMENT' },
      });
      expect((await webhook(event)).json()).toMatchObject({ result: 'applied' });
      expect((await webhook(event)).json()).toMatchObject({ result: 'duplicate' });
      expect((await gql(INVOICE, { id: invoiceId }, client)).data).toMatchObject({
        getInvoiceById: { stage: 'PAID' },
      });

      const portalSession = await gql<{ stripeCustomerPortalSession: { sessionUrl: string } }>(
        'query { stripeCustomerPortalSession { sessionUrl } }',
        {},
        client,
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
