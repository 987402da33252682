/**
 * The set-up of the `secondary-market-prices-*.test.ts` files: their documents
 * (`tests/api/documents/secondary-market-prices.graphql`), a seeded portal per file and database with
 * staff signed in and the house offer whose vintage has a market value, and helpers that bring a
 * fresh client to cases in bond (checkout, payment, MRN) and sell and approve them.
 */
import { eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  bottleSizes,
  offers,
  partialOffers,
  sellOrders,
  valuations,
  vintages,
} from '../../../server/db/schema';
import { businessDay } from '../../../src/domain/dates';
import { clientWithAddress } from './clients';
import { apiOperations } from './documents';
import type { DatabaseTarget } from './harness';
import { startTestPortal, type TestPortal } from './harness';

export const resalePriceOperation = apiOperations('secondary-market-prices');
// The buying steps are the Zweitmarkt journey's own documents.
const marketOperation = apiOperations('secondary-market');
const LOGIN = marketOperation('SignIn');
const CREATE = marketOperation('CreateOrderPosition');
const CREATE_INVOICE = marketOperation('CreateInvoice');
const CHANGE_INVOICE = resalePriceOperation('CheckInvoice');
const FINALIZE = resalePriceOperation('FinalizeInvoice');
const MRN = resalePriceOperation('UpdateMrn');
const DEPOT = resalePriceOperation('ClientsDepot');
const SELL = resalePriceOperation('CreateSellOrder');
const APPROVE = resalePriceOperation('ApproveSellOrder');

export const PASSWORD = 'Weindepot2026!';

export type Outcome = {
  success: boolean;
  errors: { code: string; message: string; field: string | null }[];
  sellOrder: { id: number; status: string; offerId: number | null; sellPriceBtl: string | null } | null;
};

/** A seeded portal with the house offer of a valued vintage; `clientInBond` buys and stores cases of it. */
export function resalePriceJourney(target: DatabaseTarget) {
  let portal: TestPortal;
  let staff: string;
  let houseOfferId: number;
  let lwin11: string;
  let vintageId: number;
  let valuationDay: string;
  let accounts = 0;

  async function login(email: string) {
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(
      LOGIN,
      { email, password: PASSWORD },
      { ip: `10.37.0.${accounts + 1}` },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data?.tokenAuth.token as string;
  }

  /** A fresh client holding `cases` cases of the house offer IN_BOND (checkout, payment, MRN). */
  async function freshBuyer(name: string) {
    accounts += 1;
    const email = `kauf-${accounts}@zweitmarkt.test`;
    const id = await clientWithAddress(portal, email, name, 'Weinweg 2');
    return { id, token: await login(email) };
  }

  async function clientInBond(name: string, cases: number) {
    accounts += 1;
    const email = `preis-${accounts}@zweitmarkt.test`;
    const id = await clientWithAddress(portal, email, name);
    const token = await login(email);
    expect(
      (await portal.gql(CREATE, { offerId: houseOfferId, amount: cases }, { token })).data,
    ).toMatchObject({
      createOrderPosition: { success: true },
    });
    const created = await portal.gql<{ createInvoice: { invoice: { id: number } } }>(
      CREATE_INVOICE,
      {},
      { token },
    );
    const invoiceId = created.data?.createInvoice.invoice.id as number;
    await portal.gql(CHANGE_INVOICE, { id: invoiceId }, { token: staff });
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token },
    );
    const paid = await portal.app.inject({
      method: 'POST',
      url: new URL(finalized.data?.finalizeInvoice.hostedInvoiceUrl as string).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242 4242 4242 4242' }).toString(),
    });
    expect(paid.statusCode).toBe(200);
    const [position] =
      (await portal.gql<{ clientsDepot: { id: number }[] }>(DEPOT, {}, { token })).data?.clientsDepot ?? [];
    await portal.gql(MRN, { id: position?.id, mrn: '26DE1234567890ABC7' }, { token: staff });
    return { id, email, token, positionId: position?.id as number };
  }

  const sell = async (token: string, id: number, price: string, confirm?: boolean, cases = 1) =>
    (await portal.gql<{ createSellOrder: Outcome }>(SELL, { id, cases, price, confirm }, { token })).data
      ?.createSellOrder as Outcome;
  const approve = async (id: number, price?: string, reason?: string) =>
    (await portal.gql<{ approveSellOrder: Outcome }>(APPROVE, { id, price, reason }, { token: staff })).data
      ?.approveSellOrder as Outcome;
  const depotOf = async (token: string) =>
    (await portal.gql<{ clientsDepot: { amount: number; currentStatus: string }[] }>(DEPOT, {}, { token }))
      .data?.clientsDepot ?? [];

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staff = await login('berater@example.com');
    // A vintage without seeded sell orders; its seeded offers are archived, so the comparison
    // holds only what this file lists.
    const sold = await portal.db.select({ id: sellOrders.vintageId }).from(sellOrders);
    const [vintage] = await portal.db
      .select({ id: vintages.id, lwin11: vintages.lwin11 })
      .from(vintages)
      .where(
        sold.length
          ? notInArray(
              vintages.id,
              sold.map((row) => row.id),
            )
          : undefined,
      )
      .orderBy(vintages.id)
      .limit(1);
    vintageId = vintage?.id as number;
    lwin11 = vintage?.lwin11 as string;
    await portal.db.update(offers).set({ archived: true }).where(eq(offers.vintageId, vintageId));
    await portal.db.update(vintages).set({ enPrimeurDeliveryDate: null }).where(eq(vintages.id, vintageId));
    const at = new Date();
    valuationDay = businessDay(at);
    await portal.db.insert(valuations).values({
      vintageId,
      sourceOfValuation: 'WINE_SEARCHER_EUROPE_AVERAGE_EURO',
      value: '905.00',
      datetimeCreated: at,
    });
    const [size] = await portal.db
      .select()
      .from(bottleSizes)
      .where(eq(bottleSizes.factorForLiterPrices, '0.7500'));
    const [offer] = await portal.db
      .insert(offers)
      .values({
        vintageId,
        bottleSizeId: size?.id as number,
        caskOf: 6,
        sellPriceBtl: '915.00',
        totalQuantityAvailable: 100,
      })
      .returning({ id: offers.id });
    houseOfferId = offer?.id as number;
    await portal.db.insert(partialOffers).values({
      offerId: houseOfferId,
      buyPriceBtl: '800.00',
      quantityAvailable: 100,
      totalQuantityAvailable: 100,
    });
  }, 240_000);

  afterAll(async () => {
    await portal?.close();
  });

  return {
    get portal() {
      return portal;
    },
    get staff() {
      return staff;
    },
    get houseOfferId() {
      return houseOfferId;
    },
    get lwin11() {
      return lwin11;
    },
    get vintageId() {
      return vintageId;
    },
    get valuationDay() {
      return valuationDay;
    },
    get accounts() {
      return accounts;
    },
    login,
    freshBuyer,
    clientInBond,
    sell,
    approve,
    depotOf,
  };
}
