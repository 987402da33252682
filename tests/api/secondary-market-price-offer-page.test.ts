/**
 * The buyer's side of a Zweitmarkt price: every offer of the vintage and size on the offer page,
 * cheapest first and reachable from Top Angebote; a resale named as such on order list and
 * invoice; and no listing from before approval set the flag taken for an allocation.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { depotPositions, invoices, offers, sellOrders } from '../../server/db/schema';
import { businessDay, formatDate } from '../../src/domain/dates';
import { databaseTargets, type TestPortal } from './support/harness';
import { pdfText } from './support/pdf-text';
import { marketOperation } from './support/secondary-market-journey';
import { resalePriceJourney, resalePriceOperation } from './support/secondary-market-prices-journey';

const CREATE = marketOperation('CreateOrderPosition');
const CREATE_INVOICE = marketOperation('CreateInvoice');
const CHANGE_INVOICE = resalePriceOperation('CheckInvoice');
const FINALIZE = resalePriceOperation('FinalizeInvoice');
const OFFER_PAGE = resalePriceOperation('OfferPage');
const TOP_OFFERS = resalePriceOperation('TopOffers');
const ORDER_POSITION_LIST = resalePriceOperation('OrderPositionList');

describe.each(databaseTargets)('Zweitmarktpreise: Angebotsseite und Rechnung (%s)', (target) => {
  const journey = resalePriceJourney(target);
  const { freshBuyer, clientInBond, sell, approve } = journey;
  let portal: TestPortal;
  let staff: string;
  let houseOfferId: number;
  let lwin11: string;
  let valuationDay: string;
  beforeAll(() => {
    ({ portal, staff, houseOfferId, lwin11, valuationDay } = journey);
  });

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
      ORDER_POSITION_LIST,
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
