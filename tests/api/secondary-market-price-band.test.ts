/**
 * The seller's and the adviser's side of a Zweitmarkt price: a price outside 70 % … 150 % of the
 * market value needs the seller's confirmation; staff see market value, house offer and earlier
 * prices, and a price below the asking price needs a reason kept in the audit log.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sellOrders } from '../../server/db/schema';
import { formatDate } from '../../src/domain/dates';
import { sellTexts } from '../../src/domain/secondary-market';
import { databaseTargets, type TestPortal } from './support/harness';
import { resalePriceJourney, resalePriceOperation } from './support/secondary-market-prices-journey';

const STAFF_VIEW = resalePriceOperation('RequestedSellOrders');
const MINE = resalePriceOperation('MySellOrders');

describe.each(databaseTargets)('Zweitmarktpreise: Verkäufer und Freigabe (%s)', (target) => {
  const journey = resalePriceJourney(target);
  const { clientInBond, sell, approve, depotOf } = journey;
  let portal: TestPortal;
  let staff: string;
  let houseOfferId: number;
  let valuationDay: string;
  beforeAll(() => {
    ({ portal, staff, houseOfferId, valuationDay } = journey);
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
});
