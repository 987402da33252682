/**
 * The Zweitmarkt journey's set-up, shared by the `secondary-market-*.test.ts` files: a seeded portal
 * per file and database with an offer of its own in stock, staff signed in, and helpers that give
 * fresh clients IN_BOND cases (real checkout, payment, MRN) and offer, approve and buy them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { partialOffers } from '../../../server/db/schema';
import { clientWithAddress } from './clients';
import { apiOperations } from './documents';
import { type DatabaseTarget, startTestPortal, type TestPortal } from './harness';
import { resaleTestOffer } from './stocked-offers';
import { importDemoWarehouseReport } from './warehouse';

const PASSWORD = 'Weindepot2026!';

/** The journey's documents (`tests/api/documents/secondary-market.graphql`) by operation name. */
export const marketOperation = apiOperations('secondary-market');
const LOGIN = marketOperation('SignIn');
const CREATE = marketOperation('CreateOrderPosition');
const CREATE_INVOICE = marketOperation('CreateInvoice');
const CHANGE_INVOICE = marketOperation('CheckInvoice');
const FINALIZE = marketOperation('FinalizeInvoice');
const MRN = marketOperation('RecordCustomsReference');
const DEPOT = marketOperation('ClientsDepot');
const SELL = marketOperation('CreateSellOrder');
const MINE = marketOperation('MySellOrders');
const APPROVE = marketOperation('ApproveSellOrder');

export type Position = {
  id: number;
  amount: number;
  storageId: string | null;
  buyPriceBtl: string;
  currentStatus: string;
  depotPositionStatusRel: { status: string }[];
  sellOrder: { id: number; status: string; askPriceBtl: string; proceedsNet: string | null } | null;
};
export type SellOrder = {
  id: number;
  status: string;
  cases: number;
  casesSold: number;
  casesReserved: number;
  askPriceBtl: string;
  sellPriceBtl: string | null;
  marginBtl: string | null;
  expectedProceedsNet: string;
  proceedsGross: string | null;
  commission: string | null;
  proceedsNet: string | null;
  settlementPdfUrl: string | null;
  settlementFingerprint: string | null;
  offerId: number | null;
};

/** Starts the portal before the file's tests (and closes it after); call inside `describe.each`. */
export function secondaryMarketJourney(target: DatabaseTarget) {
  let portal: TestPortal;
  let staff: string;
  let stockOfferId: number;
  let accounts = 0;

  async function login(email: string) {
    // One address per sign-in: the journeys sign in many fresh accounts (per-IP limits).
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(
      LOGIN,
      { email, password: PASSWORD },
      { ip: `10.18.0.${accounts + 1}` },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data?.tokenAuth.token as string;
  }

  async function freshClient(name: string) {
    accounts += 1;
    const email = `kunde-${accounts}@zweitmarkt.test`;
    const id = await clientWithAddress(portal, email, name);
    return { id, email, token: await login(email) };
  }

  const path = (url: string) => new URL(url).pathname;

  async function pay(hostedUrl: string, cardNumber = '4242 4242 4242 4242') {
    return portal.app.inject({
      method: 'POST',
      url: path(hostedUrl),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber }).toString(),
    });
  }

  /** Order list → binding order → staff check; answers the invoice and the check's answer. */
  async function orderAndCheck(token: string, offerId: number, cases: number) {
    const added = await portal.gql(CREATE, { offerId, amount: cases }, { token });
    expect(added.errors).toBeUndefined();
    expect(added.data).toMatchObject({ createOrderPosition: { success: true } });
    const created = await portal.gql<{ createInvoice: { invoice: { id: number } } }>(
      CREATE_INVOICE,
      {},
      { token },
    );
    const invoiceId = created.data?.createInvoice.invoice.id as number;
    expect(invoiceId).toBeGreaterThan(0);
    return invoiceId;
  }

  async function checkAndFinalize(token: string, invoiceId: number) {
    const checked = await portal.gql(CHANGE_INVOICE, { id: invoiceId }, { token: staff });
    expect(checked.data).toMatchObject({ changeInvoice: { success: true } });
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token },
    );
    return finalized.data?.finalizeInvoice.hostedInvoiceUrl as string;
  }

  const depot = async (token: string) =>
    ((await portal.gql<{ clientsDepot: Position[] }>(DEPOT, {}, { token })).data?.clientsDepot ??
      []) as Position[];
  const mine = async (token: string) =>
    ((await portal.gql<{ mySellOrders: SellOrder[] }>(MINE, {}, { token })).data?.mySellOrders ??
      []) as SellOrder[];

  /** A fresh client holding `cases` cases IN_BOND: checkout, payment, staff record the MRN, the warehouse reports them. */
  async function clientInBond(name: string, cases: number) {
    const client = await freshClient(name);
    const invoiceId = await orderAndCheck(client.token, stockOfferId, cases);
    expect((await pay(await checkAndFinalize(client.token, invoiceId))).statusCode).toBe(200);
    const [position] = await depot(client.token);
    expect(position).toMatchObject({ amount: cases, currentStatus: 'PURCHASED' });
    const recorded = await portal.gql(MRN, { id: position?.id, mrn: '26DE1234567890ABC1' }, { token: staff });
    expect(recorded.data).toMatchObject({
      updateAssetUnderManagement: { success: true, asset: { currentStatus: 'IN_BOND' } },
    });
    await importDemoWarehouseReport(portal);
    return { ...client, positionId: position?.id as number };
  }

  async function sell(token: string, id: number, cases: number, price: string) {
    const answer = await portal.gql<{
      createSellOrder: {
        success: boolean;
        errors: { code: string; message: string }[];
        sellOrder: SellOrder & { depotPositionId: number; storageIds: string };
      };
    }>(SELL, { id, cases, price }, { token });
    return answer.data?.createSellOrder as {
      success: boolean;
      errors: { code: string; message: string }[];
      sellOrder: SellOrder & { depotPositionId: number; storageIds: string };
    };
  }

  async function approve(id: number, price?: string) {
    const answer = await portal.gql<{
      approveSellOrder: { success: boolean; sellOrder: { offerId: number } };
    }>(APPROVE, { id, price }, { token: staff });
    expect(answer.data?.approveSellOrder.success).toBe(true);
    return answer.data?.approveSellOrder.sellOrder.offerId as number;
  }

  const tranche = async (offerId: number) =>
    (await portal.db.select().from(partialOffers).where(eq(partialOffers.offerId, offerId)))[0];

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staff = await login('berater@example.com');
    // An offer of our own with plenty of stock, so the journeys do not depend on demo quantities.
    stockOfferId = (await resaleTestOffer(portal.db, 200)).offerId;
    expect(stockOfferId).toBeGreaterThan(0);
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
    get stockOfferId() {
      return stockOfferId;
    },
    login,
    freshClient,
    path,
    pay,
    orderAndCheck,
    checkAndFinalize,
    depot,
    mine,
    clientInBond,
    sell,
    approve,
    tranche,
  };
}
