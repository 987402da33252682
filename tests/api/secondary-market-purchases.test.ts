/**
 * Buying listed cases: the last case sold once when two buyers race, and cases kept reserved
 * after a failed payment until the invoice is cancelled and they are listed again.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox, pushSubscriptions } from '../../server/db/schema';
import { databaseTargets, type TestPortal } from './support/harness';
import { marketOperation, secondaryMarketJourney } from './support/secondary-market-journey';

const CHANGE_INVOICE = marketOperation('CheckInvoice');
const FINALIZE = marketOperation('FinalizeInvoice');
const CANCEL = marketOperation('CancelSellOrder');
const CANCEL_INVOICE = marketOperation('CancelInvoice');
const OFFERS = marketOperation('AllOffers');

describe.each(databaseTargets)('Zweitmarkt: Kauf gelisteter Kisten (%s)', (target) => {
  const journey = secondaryMarketJourney(target);
  const {
    freshClient,
    pay,
    orderAndCheck,
    checkAndFinalize,
    depot,
    mine,
    clientInBond,
    sell,
    approve,
    tranche,
  } = journey;
  let portal: TestPortal;
  let staff: string;
  beforeAll(() => {
    ({ portal, staff } = journey);
  });

  it('sells the last listed case once when two buyers race, and keeps it reserved after a failed payment', async () => {
    const seller = await clientInBond('Rennen', 1);
    const offered = await sell(seller.token, seller.positionId, 1, '200.00');
    const offerId = await approve(offered.sellOrder.id);
    const buyers = await Promise.all([freshClient('Schnell'), freshClient('Auch'), freshClient('Dritte')]);
    const invoiceIds = await Promise.all(buyers.map((buyer) => orderAndCheck(buyer.token, offerId, 1)));
    const checks = await Promise.all(
      invoiceIds.map((id) =>
        portal.gql<{ changeInvoice: { success: boolean; errors: { code: string }[] } }>(
          CHANGE_INVOICE,
          { id },
          { token: staff },
        ),
      ),
    );
    const outcomes = checks.map((answer) => answer.data?.changeInvoice);
    expect(outcomes.filter((outcome) => outcome?.success)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome?.errors[0]?.code === 'NOT_ENOUGH_STOCK')).toHaveLength(2);
    expect((await tranche(offerId))?.quantityAvailable).toBe(0);

    const winner = outcomes.findIndex((outcome) => outcome?.success);
    const buyer = buyers[winner] as (typeof buyers)[number];
    const hostedUrl = (
      await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
        FINALIZE,
        { id: invoiceIds[winner] },
        { token: buyer.token },
      )
    ).data?.finalizeInvoice.hostedInvoiceUrl as string;
    // A failed payment keeps the reservation: nobody else gets the case, the seller cannot withdraw.
    expect((await pay(hostedUrl, '4000 0000 0000 0002')).statusCode).toBe(402);
    expect((await tranche(offerId))?.quantityAvailable).toBe(0);
    expect((await mine(seller.token))[0]).toMatchObject({ status: 'LISTED', casesReserved: 1 });
    expect(
      (await portal.gql(CANCEL, { id: offered.sellOrder.id }, { token: seller.token })).data,
    ).toMatchObject({
      cancelSellOrder: { success: false, errors: [{ code: 'RESERVED' }] },
    });
    // The buyer retries and pays.
    expect((await pay(hostedUrl)).statusCode).toBe(200);
    expect((await mine(seller.token))[0]).toMatchObject({ status: 'SOLD', casesSold: 1 });
    const owners = await Promise.all(buyers.map(async (one) => (await depot(one.token)).length));
    expect(owners.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await tranche(offerId))?.quantityAvailable).toBe(0);
    expect((await depot(seller.token)).map((position) => position.currentStatus)).toEqual(['SOLD']);
  }, 120_000);

  it('keeps the cases after a failed payment and lists them again when the invoice is cancelled', async () => {
    const seller = await clientInBond('Storno', 2);
    await portal.db.insert(pushSubscriptions).values({
      userId: seller.id,
      endpoint: `https://push.example/zweitmarkt-${target}-${seller.id}`,
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    });
    const offered = await sell(seller.token, seller.positionId, 2, '150.00');
    const offerId = await approve(offered.sellOrder.id);
    const buyer = await freshClient('Storniert');
    const invoiceId = await orderAndCheck(buyer.token, offerId, 2);
    const hostedUrl = await checkAndFinalize(buyer.token, invoiceId);
    expect((await pay(hostedUrl, '4000 0000 0000 0002')).statusCode).toBe(402);
    expect((await mine(seller.token))[0]).toMatchObject({ status: 'LISTED', casesReserved: 2 });
    expect((await tranche(offerId))?.quantityAvailable).toBe(0);

    // Staff cancel the buyer's invoice (abuse): the listing holds its cases again.
    expect((await portal.gql(CANCEL_INVOICE, { id: invoiceId }, { token: staff })).data).toMatchObject({
      changeInvoice: { success: true, invoice: { stage: 'CANCELLED' } },
    });
    expect((await mine(seller.token))[0]).toMatchObject({ status: 'LISTED', casesReserved: 0, casesSold: 0 });
    expect((await tranche(offerId))?.quantityAvailable).toBe(2);
    const offersNow = await portal.gql<{ allOffers: { id: number; availableCases: number }[] }>(OFFERS);
    expect(offersNow.data?.allOffers.find((offer) => offer.id === offerId)).toMatchObject({
      secondaryMarket: true,
      availableCases: 2,
    });
    expect(await depot(buyer.token)).toEqual([]);
    expect((await depot(seller.token)).map((position) => position.currentStatus)).toEqual(['FOR_SALE']);

    // Another buyer takes them; the seller gets the mail and the push.
    await portal.db.delete(outbox).where(eq(outbox.kind, 'push'));
    const next = await freshClient('Nachkauf');
    const nextInvoice = await orderAndCheck(next.token, offerId, 2);
    expect((await pay(await checkAndFinalize(next.token, nextInvoice))).statusCode).toBe(200);
    expect((await mine(seller.token))[0]).toMatchObject({
      status: 'SOLD',
      casesSold: 2,
      proceedsNet: '1737.00',
    });
    expect((await depot(next.token)).map((position) => [position.amount, position.currentStatus])).toEqual([
      [2, 'IN_BOND'],
    ]);
    const pushes = await portal.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'push')));
    expect(pushes.map((row) => row.payload)).toEqual([
      {
        subscriptionId: expect.any(Number),
        notification: expect.objectContaining({ title: 'Ihr Wein wurde verkauft', url: '/admin/depot' }),
      },
    ]);
    expect(JSON.stringify(pushes[0]?.payload)).toContain('1.737,00');
  }, 120_000);
});
