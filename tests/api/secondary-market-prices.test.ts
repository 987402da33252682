/**
 * Zweitmarkt prices, honest on all three sides: the seller's price outside the band around the
 * market value needs `confirmDeviation`, staff listing below the asking price need a reason (kept
 * in the audit log) and see the market value, the house's offer and earlier Zweitmarkt prices, and
 * a buyer's offer page lists every offer of the vintage and size, cheapest first, with what a
 * resale is.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bottleSizes,
  depotPositions,
  invoices,
  offers,
  partialOffers,
  sellOrders,
  valuations,
  vintages,
} from '../../server/db/schema';
import { businessDay, formatDate } from '../../src/domain/dates';
import { sellTexts } from '../../src/domain/secondary-market';
import { clientWithAddress } from './support/clients';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { pdfText } from './support/pdf-text';

const PASSWORD = 'Weindepot2026!';
const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const CREATE = `mutation ($offerId: Int!, $amount: Int!) {
  createOrderPosition(offerId: $offerId, amount: $amount) { success errors { message code } }
}`;
const CREATE_INVOICE = `mutation { createInvoice { success errors { message code } invoice { id } } }`;
const CHANGE_INVOICE = `mutation ($id: Int!) {
  changeInvoice(invoiceId: $id, stage: CHECK_DONE) { success errors { message code } }
}`;
const FINALIZE = `mutation ($id: Int!) { finalizeInvoice(invoiceId: $id) { success hostedInvoiceUrl } }`;
const MRN = `mutation ($id: Int!, $mrn: String) {
  updateAssetUnderManagement(depotPositionId: $id, newMrn: $mrn) { success asset { currentStatus } }
}`;
const DEPOT = `query { clientsDepot { id amount currentStatus } }`;
const SELL = `mutation ($id: Int!, $cases: Int!, $price: Decimal!, $confirm: Boolean) {
  createSellOrder(depotPositionId: $id, cases: $cases, askPriceBtl: $price, confirmDeviation: $confirm) {
    success errors { message code field } sellOrder { id status askPriceBtl }
  }
}`;
const APPROVE = `mutation ($id: Int!, $price: Decimal, $reason: String) {
  approveSellOrder(sellOrderId: $id, sellPriceBtl: $price, reason: $reason) {
    success errors { message code field } sellOrder { id status offerId sellPriceBtl }
  }
}`;
const STAFF_VIEW = `query {
  allSellOrders(status: REQUESTED) {
    id
    marketValue { valueBtl source date }
    houseOffer { id priceBtl }
    recentResalePrices { sellOrderId status sellPriceBtl cases }
  }
}`;
const MINE = `query { mySellOrders { id marketValue { valueBtl } houseOffer { id } recentResalePrices { sellOrderId } } }`;
const OFFER_PAGE = `query ($lwin11: String) {
  offerPage(lwin11: $lwin11) {
    offer {
      id
      comparableOffers {
        id priceBtl secondaryMarket limitedAvailability availableCases
        marketValue { valueBtl source date }
        resaleOrigin { storageLocation inBondSince conditionReportUrl }
      }
    }
  }
}`;
const TOP_OFFERS = `query {
  searchOffers(isPromoted: true) {
    available { id secondaryMarket comparableOffers { id priceBtl secondaryMarket } }
  }
}`;

type Outcome = {
  success: boolean;
  errors: { code: string; message: string; field: string | null }[];
  sellOrder: { id: number; status: string; offerId: number | null; sellPriceBtl: string | null } | null;
};

describe.each(databaseTargets)('Zweitmarkt prices (%s)', (target) => {
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

  it('refuses a price outside 70 % … 150 % of the market value unless the seller confirms it', async () => {
    const seller = await clientInBond('Bandbreite', 3);
    const basis = `Wine-Searcher Europa-Ø, Stand ${formatDate(valuationDay)}`;

    const below = await sell(seller.token, seller.positionId, '560.00');
    expect(below).toMatchObject({
      success: false,
      errors: [
        {
          code: 'PRICE_DEVIATION',
          field: 'askPriceBtl',
          message: sellTexts.priceDeviation(
            `38 % unter dem aktuellen Marktwert von 905,00 € je Flasche (${basis})`,
          ),
        },
      ],
    });
    expect(await sell(seller.token, seller.positionId, '1.00', false)).toMatchObject({
      success: false,
      errors: [{ code: 'PRICE_DEVIATION' }],
    });
    expect(await sell(seller.token, seller.positionId, '1400.00')).toMatchObject({
      success: false,
      errors: [
        {
          message: sellTexts.priceDeviation(
            `54 % über dem aktuellen Marktwert von 905,00 € je Flasche (${basis})`,
          ),
        },
      ],
    });
    // A refusal changes nothing.
    expect(await depotOf(seller.token)).toEqual([
      expect.objectContaining({ amount: 3, currentStatus: 'IN_BOND' }),
    ]);

    // Inside the band (70 % exactly) no confirmation is needed; outside it the confirmation sends it.
    expect(await sell(seller.token, seller.positionId, '633.50')).toMatchObject({
      success: true,
      sellOrder: { status: 'REQUESTED', askPriceBtl: '633.50' },
    });
    expect(await sell(seller.token, seller.positionId, '560.00', true)).toMatchObject({
      success: true,
      sellOrder: { status: 'REQUESTED', askPriceBtl: '560.00' },
    });
  }, 180_000);

  it('shows staff market value, house offer and earlier prices, and needs a reason below the asking price', async () => {
    const seller = await clientInBond('Freigabe', 2);
    const first = await sell(seller.token, seller.positionId, '900.00', undefined, 1);
    const firstId = first.sellOrder?.id as number;
    expect(await approve(firstId, '950.00')).toMatchObject({
      success: true,
      sellOrder: { status: 'LISTED' },
    });

    const second = await sell(seller.token, seller.positionId, '880.00', undefined, 1);
    const secondId = second.sellOrder?.id as number;
    const view = await portal.gql<{
      allSellOrders: { id: number; recentResalePrices: { sellOrderId: number }[] }[];
    }>(STAFF_VIEW, {}, { token: staff });
    expect(view.data?.allSellOrders.find((order) => order.id === secondId)).toEqual({
      id: secondId,
      marketValue: { valueBtl: '905.00', source: 'Wine-Searcher Europa-Ø', date: valuationDay },
      houseOffer: { id: houseOfferId, priceBtl: '915.00' },
      recentResalePrices: [{ sellOrderId: firstId, status: 'LISTED', sellPriceBtl: '950.00', cases: 1 }],
    });
    // The seller sees the market value of the own order, never the staff's comparison.
    const own = await portal.gql<{ mySellOrders: { id: number }[] }>(MINE, {}, { token: seller.token });
    expect(own.data?.mySellOrders.find((order) => order.id === secondId)).toEqual({
      id: secondId,
      marketValue: { valueBtl: '905.00' },
      houseOffer: null,
      recentResalePrices: [],
    });

    // Below the asking price: refused without a (non-blank) reason, nothing listed.
    for (const reason of [undefined, '', '   ']) {
      expect(await approve(secondId, '870.00', reason)).toMatchObject({
        success: false,
        errors: [{ code: 'REASON_REQUIRED', field: 'reason', message: sellTexts.belowAskReasonMissing }],
      });
    }
    const [stillRequested] = await portal.db.select().from(sellOrders).where(eq(sellOrders.id, secondId));
    expect(stillRequested).toMatchObject({ status: 'REQUESTED', offerId: null });
    expect(await approve(secondId, '870.00', 'x'.repeat(1001))).toMatchObject({
      success: false,
      errors: [{ field: 'reason', message: sellTexts.reasonTooLong }],
    });

    // With a reason it is listed, and the reason is in the audit log.
    const reason = 'Marktpreis unter dem Wunschpreis; Kulanz für langjährige Kundin';
    expect(await approve(secondId, '870.00', reason)).toMatchObject({
      success: true,
      sellOrder: { status: 'LISTED', sellPriceBtl: '870.00' },
    });
    const [entry] = await portal.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'sell_order'),
          eq(auditLog.entityId, secondId),
          eq(auditLog.action, 'approve'),
        ),
      );
    expect(entry?.after).toMatchObject({ status: 'LISTED', sellPriceBtl: '870.00', reason });
  }, 180_000);

  it('lists every offer of the vintage and size cheapest first on the offer page, reachable from Top Angebote', async () => {
    const seller = await clientInBond('Vergleich', 2);
    const cheap = await sell(seller.token, seller.positionId, '800.00', undefined, 1);
    const cheapOffer = (await approve(cheap.sellOrder?.id as number, '860.00')).sellOrder?.offerId as number;
    const dear = await sell(seller.token, seller.positionId, '1500.00', true, 1);
    const dearOffer = (await approve(dear.sellOrder?.id as number, '1520.00')).sellOrder?.offerId as number;

    const page = await portal.gql<{
      offerPage: {
        offer: {
          comparableOffers: { id: number; priceBtl: string; secondaryMarket: boolean }[];
        };
      };
    }>(OFFER_PAGE, { lwin11 });
    expect(page.errors).toBeUndefined();
    const listed = page.data?.offerPage.offer.comparableOffers ?? [];
    // Every buyable offer of the vintage and size, the earlier tests' listings included, by price.
    const prices = listed.map((offer) => Number(offer.priceBtl));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(listed.map((offer) => offer.id)).toEqual(
      expect.arrayContaining([cheapOffer, houseOfferId, dearOffer]),
    );
    expect(listed.findIndex((offer) => offer.id === cheapOffer)).toBeLessThan(
      listed.findIndex((offer) => offer.id === houseOfferId),
    );
    expect(listed.findIndex((offer) => offer.id === houseOfferId)).toBeLessThan(
      listed.findIndex((offer) => offer.id === dearOffer),
    );
    const market = { valueBtl: '905.00', source: 'Wine-Searcher Europa-Ø', date: valuationDay };
    expect(listed.find((offer) => offer.id === houseOfferId)).toEqual({
      id: houseOfferId,
      priceBtl: '915.00',
      secondaryMarket: false,
      limitedAvailability: true,
      availableCases: expect.any(Number),
      marketValue: market,
      resaleOrigin: null,
    });
    // A resale says what it is: no allocation, in bond since the seller's IN_BOND day, no report.
    expect(listed.find((offer) => offer.id === dearOffer)).toEqual({
      id: dearOffer,
      priceBtl: '1520.00',
      secondaryMarket: true,
      limitedAvailability: false,
      availableCases: 1,
      marketValue: market,
      resaleOrigin: {
        storageLocation: 'Zollfreilager Genf',
        inBondSince: businessDay(new Date()),
        conditionReportUrl: null,
      },
    });
    // A condition report of the seller's cases is named.
    const [dearRow] = await portal.db.select().from(sellOrders).where(eq(sellOrders.offerId, dearOffer));
    await portal.db
      .update(depotPositions)
      .set({ conditionReportPdf: '/media/zustandsbericht-1.pdf' })
      .where(eq(depotPositions.id, dearRow?.depotPositionId as number));
    const again = await portal.gql<{
      offerPage: { offer: { comparableOffers: { id: number; resaleOrigin: unknown }[] } };
    }>(OFFER_PAGE, { lwin11 });
    expect(
      again.data?.offerPage.offer.comparableOffers.find((offer) => offer.id === dearOffer)?.resaleOrigin,
    ).toEqual({
      storageLocation: 'Zollfreilager Genf',
      inBondSince: businessDay(new Date()),
      conditionReportUrl: '/media/zustandsbericht-1.pdf',
    });

    // Top Angebote lists promoted offers; the house offer is not promoted, but each listing's card
    // carries the comparison, so the house offer is one click away.
    const top = await portal.gql<{
      searchOffers: {
        available: { id: number; comparableOffers: { id: number; secondaryMarket: boolean }[] }[];
      };
    }>(TOP_OFFERS);
    const available = top.data?.searchOffers.available ?? [];
    expect(available.map((offer) => offer.id)).not.toContain(houseOfferId);
    expect(available.find((offer) => offer.id === dearOffer)?.comparableOffers).toContainEqual({
      id: houseOfferId,
      priceBtl: '915.00',
      secondaryMarket: false,
    });
  }, 180_000);

  it('names a resale as such on the order list and the invoice, without the allocation texts', async () => {
    const seller = await clientInBond('Herkunft', 1);
    const listed = await sell(seller.token, seller.positionId, '905.00');
    const offerId = (await approve(listed.sellOrder?.id as number)).sellOrder?.offerId as number;
    const buyer = await freshBuyer('Käuferin');
    expect((await portal.gql(CREATE, { offerId, amount: 1 }, { token: buyer.token })).data).toMatchObject({
      createOrderPosition: { success: true },
    });
    const list = await portal.gql<{ orderPositionList: unknown[] }>(
      `query { orderPositionList { offer { id secondaryMarket limitedAvailability resaleOrigin { storageLocation inBondSince } } } }`,
      {},
      { token: buyer.token },
    );
    expect(list.data?.orderPositionList).toEqual([
      {
        offer: {
          id: offerId,
          secondaryMarket: true,
          limitedAvailability: false,
          resaleOrigin: { storageLocation: 'Zollfreilager Genf', inBondSince: businessDay(new Date()) },
        },
      },
    ]);
    const created = await portal.gql<{ createInvoice: { invoice: { id: number } } }>(
      CREATE_INVOICE,
      {},
      { token: buyer.token },
    );
    const invoiceId = created.data?.createInvoice.invoice.id as number;
    await portal.gql(CHANGE_INVOICE, { id: invoiceId }, { token: staff });
    await portal.gql(FINALIZE, { id: invoiceId }, { token: buyer.token });
    const [invoice] = await portal.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice?.invoiceNumber).toBeTruthy();
    const pdf = await portal.app.inject({
      method: 'GET',
      url: `/invoices/${invoice?.invoicePdfViewPermissionToken}.pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Zweitmarkt');
    expect(text).toContain(
      'Weiterverkauf aus dem Depot einer anderen Kundin oder eines anderen Kunden im Zollfreilager Genf',
    );
    expect(text).toContain(`dort eingelagert seit ${formatDate(businessDay(new Date()))}`);
    expect(text).not.toMatch(/Allokation|Négociant/i);
  }, 180_000);

  it('marks no listing created before approval set the flag as an allocation (migration 0014)', async () => {
    const [house] = await portal.db.select().from(offers).where(eq(offers.id, houseOfferId));
    const [old] = await portal.db
      .insert(offers)
      .values({
        vintageId: house?.vintageId as number,
        bottleSizeId: house?.bottleSizeId as number,
        caskOf: 6,
        sellPriceBtl: '990.00',
        secondaryMarket: true,
        // What approval wrote before it set the flag: the column's default.
        totalQuantityAvailable: 1,
        archived: true,
      })
      .returning({ id: offers.id, limitedAvailability: offers.limitedAvailability });
    expect(old?.limitedAvailability).toBe(true);
    const migration = readFileSync(
      fileURLToPath(new URL('../../server/db/migrations/0014_resale-not-limited.sql', import.meta.url)),
      'utf8',
    );
    await portal.db.execute(sql.raw(migration));
    const after = await portal.db
      .select({ id: offers.id, limited: offers.limitedAvailability })
      .from(offers)
      .where(inArray(offers.id, [old?.id as number, houseOfferId]));
    // The house's own offer keeps its allocation flag; the resale loses it.
    expect(new Map(after.map((row) => [row.id, row.limited]))).toEqual(
      new Map([
        [old?.id as number, false],
        [houseOfferId, true],
      ]),
    );
  });
});
