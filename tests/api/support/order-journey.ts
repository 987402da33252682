/**
 * The order journey's set-up, shared by the `orders-*.test.ts` files: a seeded portal per file
 * and database, the demo client, staff and Thomas Keller signed in, and helpers that walk a fresh
 * buyer from the order list to a paid invoice (each test changes only its own buyer's data).
 */

import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  depotPositionStatuses,
  depotPositions,
  invoices,
  partialOffers,
  users,
} from '../../../server/db/schema';
import { apiOperations } from './documents';
import { type DatabaseTarget, startTestPortal, type TestPortal } from './harness';
import { stockedOfferIds } from './stocked-offers';
import { importDemoWarehouseReport } from './warehouse';

/** The order journey's documents (`tests/api/documents/orders.graphql`) by operation name. */
export const orderOperation = apiOperations('orders');
const LOGIN = orderOperation('SignIn');
const ORDER_LIST = orderOperation('OrderList');
const CREATE = orderOperation('CreateOrderPosition');
const CREATE_INVOICE = orderOperation('CreateInvoice');
const CHANGE_INVOICE = orderOperation('ChangeInvoice');
const FINALIZE = orderOperation('FinalizeInvoice');
const RECORD_CUSTOMS_REFERENCE = orderOperation('RecordCustomsReference');

const PASSWORD = 'Weindepot2026!';

export interface OrderList {
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

export interface Buyer {
  id: number;
  email: string;
  token: string;
}

/** The day in Germany as the documents print it ("03.12.2026"). */
export const today = () =>
  new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  }).format(new Date());

/** The path of an absolute address the portal answers (payment pages, customer portal). */
export const pathOf = (url: string) => new URL(url).pathname;

/** Starts the portal before the file's tests (and closes it after); call inside `describe.each`. */
export function orderJourney(target: DatabaseTarget) {
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

  async function pay(hostedUrl: string, cardNumber: string) {
    return portal.app.inject({
      method: 'POST',
      url: pathOf(hostedUrl),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber }).toString(),
    });
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
        RECORD_CUSTOMS_REFERENCE,
        { id: position.id },
        { token: staff },
      );
      expect(recorded.data?.updateAssetUnderManagement.success).toBe(true);
    }
    await importWarehouseReport();
  }

  const importWarehouseReport = () => importDemoWarehouseReport(portal);

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

  return {
    get portal() {
      return portal;
    },
    get client() {
      return client;
    },
    get staff() {
      return staff;
    },
    get otherClient() {
      return otherClient;
    },
    get offerIds() {
      return offerIds;
    },
    login,
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
    bookIntoWarehouse,
    importWarehouseReport,
  };
}
