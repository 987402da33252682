/**
 * The set-up of the order-safeguard files (`order-cancellation`, `order-finalize-once`,
 * `order-agreed-prices`): their documents (`tests/api/documents/order-safeguards.graphql`), a seeded
 * portal per file and database with the demo client and staff signed in and stocked offers, and
 * helpers that bind and check an order, send webhook events and count the depot cases of an invoice.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { depotPositions, invoicePositions, partialOffers } from '../../../server/db/schema';
import { LOCAL_SIGNATURE_HEADER, signPayload } from '../../../server/services/payments/signature';
import { apiOperations } from './documents';
import type { DatabaseTarget } from './harness';
import { startTestPortal, type TestPortal } from './harness';
import { stockedOfferIds } from './stocked-offers';

export const safeguardOperation = apiOperations('order-safeguards');
const LOGIN = safeguardOperation('Login');
const LIST = safeguardOperation('List');
const CREATE = safeguardOperation('Create');
const DELETE = safeguardOperation('Delete');
const CREATE_INVOICE = safeguardOperation('CreateInvoice');
const CHANGE_INVOICE = safeguardOperation('ChangeInvoice');

export const PASSWORD = 'Weindepot2026!';

export interface ListData {
  orderPositionList: { id: number; amount: number; agreedPriceBtl: string | null; offer: { id: number } }[];
  cancelled: { id: number; cancellationReason: string; lateProviderEventOutcome: string | null }[];
  me: { blockedByOrderCheck: boolean };
}

/** A seeded portal with the demo client and staff signed in and the stocked offers. */
export function orderSafeguardJourney(target: DatabaseTarget) {
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
    get offerIds() {
      return offerIds;
    },
    emptyList,
    checkedOrder,
    login,
    list,
    stockOf,
    localEvent,
    depotCasesOf,
  };
}
