/**
 * The binding order and its check by staff: the list is bound as an invoice, blocked while checked,
 * numbered and dated on the German day, announced by push and mail, and kept from other clients.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { invoices, outbox, partialOffers, pushSubscriptions, users } from '../../server/db/schema';
import { businessDay } from '../../src/domain/dates';
import { BILLING_INCOMPLETE, ORDER_LIST_BLOCKED_TEXT } from '../../src/domain/order-list-texts';
import { databaseTargets, type TestPortal } from './support/harness';
import { orderJourney, orderOperation } from './support/order-journey';

const CHANGE_INVOICE = orderOperation('ChangeInvoice');
const CLIENTS_INVOICES = orderOperation('ClientsInvoices');
const CREATE_INVOICE = orderOperation('CreateInvoice');
const CREATE = orderOperation('CreateOrderPosition');
const FINALIZE = orderOperation('FinalizeInvoice');
const INVOICE = orderOperation('Invoice');
const ORDER_POSITION_IDS = orderOperation('OrderPositionIds');
const PAID_CLIENTS_INVOICES = orderOperation('PaidClientsInvoices');

describe.each(databaseTargets)('Verbindliche Bestellung und Prüfung (%s)', (target) => {
  const journey = orderJourney(target);
  const { login, orderList, newBuyer, addPosition, bindOrder, checkOrder } = journey;
  let portal: TestPortal;
  let staff: string;
  let otherClient: string;
  let offerIds: number[];
  beforeAll(() => {
    ({ portal, staff, otherClient, offerIds } = journey);
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

  it('keeps invoices private: a client lists only their own, staff everyone', async () => {
    const own = await portal.gql<{ clientsInvoices: { user: { email: string } }[] }>(
      CLIENTS_INVOICES,
      {},
      { token: otherClient },
    );
    expect(new Set(own.data?.clientsInvoices.map((invoice) => invoice.user.email))).toEqual(
      new Set(['thomas.keller@example.com']),
    );
    const all = await portal.gql<{ clientsInvoices: { user: { email: string } }[] }>(
      PAID_CLIENTS_INVOICES,
      {},
      { token: staff },
    );
    expect(all.data?.clientsInvoices.length).toBeGreaterThan(2);
    const anonymous = await portal.gql(ORDER_POSITION_IDS);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const [keller] = await portal.db.select().from(users).where(eq(users.email, 'thomas.keller@example.com'));
    expect(keller?.blockedByOrderCheck).toBe(true);
  });
});
