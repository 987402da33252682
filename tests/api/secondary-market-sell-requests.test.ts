/**
 * Sell requests that do not end in a sale: withdrawn by the seller (only their own), rejected by
 * staff with a mail, and hostile requests refused with German messages that change nothing.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { partialOffers } from '../../server/db/schema';
import { scalarMessages } from '../../server/graphql/scalars';
import { sellTexts } from '../../src/domain/secondary-market';
import { databaseTargets, type TestPortal } from './support/harness';
import { marketOperation, secondaryMarketJourney } from './support/secondary-market-journey';

const CREATE = marketOperation('CreateOrderPosition');
const SELL = marketOperation('CreateSellOrder');
const APPROVE = marketOperation('ApproveSellOrder');
const REJECT = marketOperation('RejectSellOrder');
const CANCEL = marketOperation('CancelSellOrder');
const OFFERS = marketOperation('AllOffers');

describe.each(databaseTargets)(
  'Zweitmarkt: Verkaufsaufträge zurückziehen, ablehnen, verweigern (%s)',
  (target) => {
    const journey = secondaryMarketJourney(target);
    const { freshClient, depot, mine, clientInBond, sell, approve } = journey;
    let portal: TestPortal;
    let staff: string;
    beforeAll(() => {
      ({ portal, staff } = journey);
    });

    it('withdraws REQUESTED and LISTED orders of the caller only, and rejects with a mail', async () => {
      const seller = await clientInBond('Rückzug', 3);
      const first = await sell(seller.token, seller.positionId, 1, '99.90');
      const stranger = await freshClient('Fremd');
      expect(
        (await portal.gql(CANCEL, { id: first.sellOrder.id }, { token: stranger.token })).data,
      ).toMatchObject({
        cancelSellOrder: { success: false, errors: [{ code: 'NOT_FOUND' }] },
      });
      expect(
        (await portal.gql(CANCEL, { id: first.sellOrder.id }, { token: seller.token })).data,
      ).toMatchObject({
        cancelSellOrder: { success: true, sellOrder: { status: 'CANCELLED' } },
      });
      expect(
        (await portal.gql(CANCEL, { id: first.sellOrder.id }, { token: seller.token })).data,
      ).toMatchObject({
        cancelSellOrder: { success: false, errors: [{ code: 'NOT_CANCELLABLE' }] },
      });
      expect((await depot(seller.token)).map((position) => position.currentStatus)).toEqual([
        'IN_BOND',
        'IN_BOND',
      ]);

      // A listed order withdrawn: the offer disappears.
      const second = await sell(seller.token, seller.positionId, 1, '99.90');
      const offerId = await approve(second.sellOrder.id);
      expect((await mine(seller.token)).find((order) => order.id === second.sellOrder.id)).toMatchObject({
        sellPriceBtl: '99.90',
      });
      expect(
        (await portal.gql(CANCEL, { id: second.sellOrder.id }, { token: seller.token })).data,
      ).toMatchObject({
        cancelSellOrder: { success: true },
      });
      const listed = await portal.gql<{ allOffers: { id: number }[] }>(OFFERS);
      expect(listed.data?.allOffers.map((offer) => offer.id)).not.toContain(offerId);
      const buyer = await freshClient('Spät');
      expect((await portal.gql(CREATE, { offerId, amount: 1 }, { token: buyer.token })).data).toMatchObject({
        createOrderPosition: { success: false },
      });

      // Rejected with a reason: the cases return and the seller is mailed in German.
      const third = await sell(seller.token, seller.positionId, 1, '150.00');
      expect(third.success).toBe(true);
      expect(
        (await portal.gql(REJECT, { id: third.sellOrder.id, reason: '  ' }, { token: staff })).data,
      ).toMatchObject({
        rejectSellOrder: { success: false, errors: [{ message: sellTexts.reasonMissing }] },
      });
      expect(
        (
          await portal.gql(
            REJECT,
            { id: third.sellOrder.id, reason: 'Der Preis liegt weit über dem Markt.' },
            { token: staff },
          )
        ).data,
      ).toMatchObject({
        rejectSellOrder: {
          success: true,
          sellOrder: { status: 'REJECTED', rejectReason: 'Der Preis liegt weit über dem Markt.' },
        },
      });
      expect((await portal.gql(APPROVE, { id: third.sellOrder.id }, { token: staff })).data).toMatchObject({
        approveSellOrder: { success: false, errors: [{ message: sellTexts.notRequested }] },
      });
      expect((await depot(seller.token)).every((position) => position.currentStatus === 'IN_BOND')).toBe(
        true,
      );
      await portal.deliverOutbox();
      const rejection = (await portal.mailsTo(seller.email)).find(
        (mail) => mail.subject === 'Ihr Verkaufsauftrag wurde abgelehnt',
      );
      expect(rejection?.text).toContain('Der Preis liegt weit über dem Markt.');
    }, 120_000);

    it('refuses hostile sell requests with German messages and changes nothing', async () => {
      const seller = await clientInBond('Prüfung', 3);
      const other = await clientInBond('Nachbarin', 1);
      const state = async () => ({
        depot: (await depot(seller.token)).map((position) => [
          position.id,
          position.amount,
          position.currentStatus,
          position.storageId,
        ]),
        orders: (await mine(seller.token)).length,
      });
      const before = await state();
      expect(before).toMatchObject({
        depot: [[seller.positionId, 3, 'IN_BOND', expect.any(String)]],
        orders: 0,
      });
      const refusal = (code: string, message: string, field: string) => ({
        success: false,
        errors: [{ code, message, field }],
        sellOrder: null,
      });

      // Case counts: none, negative, more than held, absurd.
      for (const cases of [0, -1, 4, 1_000_000]) {
        expect(await sell(seller.token, seller.positionId, cases, '120.00')).toEqual(
          refusal('INVALID_AMOUNT', sellTexts.casesInvalid(3), 'cases'),
        );
      }
      // Not a whole number, or beyond what an Int holds: the schema refuses them in German.
      const raw = (variables: Record<string, unknown>) =>
        portal.gql(SELL, variables, { token: seller.token });
      const invalid = (name: string, reason: string) =>
        `Ungültige Anfrage: Der Parameter $${name} hat einen ungültigen Wert: ${reason}`;
      expect((await raw({ id: seller.positionId, cases: 1.5, price: '120.00' })).errors?.[0]?.message).toBe(
        invalid('cases', 'Erwartet wird eine ganze Zahl.'),
      );
      expect(
        (await raw({ id: seller.positionId, cases: 2 ** 31, price: '120.00' })).errors?.[0]?.message,
      ).toBe(invalid('cases', 'Die Zahl ist zu groß für eine ganze Zahl (höchstens 2147483647).'));

      // Prices: no number, exponent, too long, negative, zero, three decimals, absurdly high.
      for (const price of ['abc', '1e30', '1'.repeat(31), '']) {
        expect((await raw({ id: seller.positionId, cases: 1, price })).errors?.[0]?.message).toBe(
          invalid('price', scalarMessages.decimal),
        );
      }
      for (const price of ['-5.00', '0', '0.00', '12.345']) {
        expect(await sell(seller.token, seller.positionId, 1, price)).toEqual(
          refusal('INVALID', sellTexts.priceInvalid, 'askPriceBtl'),
        );
      }
      for (const price of ['1000000.01', '9999999999.99']) {
        expect(await sell(seller.token, seller.positionId, 1, price)).toEqual(
          refusal('INVALID', sellTexts.priceTooHigh, 'askPriceBtl'),
        );
      }

      // Someone else's position, unknown and nonsense ids answer alike (nothing is revealed).
      for (const id of [other.positionId, 0, -7, 2_147_483_647]) {
        expect(await sell(seller.token, id, 1, '120.00')).toEqual(
          refusal('NOT_FOUND', sellTexts.positionUnknown, 'depotPositionId'),
        );
      }
      expect(await state()).toEqual(before);
      expect((await depot(other.token)).map((position) => position.currentStatus)).toEqual(['IN_BOND']);

      // Offering all cases twice at the same moment: one request wins, the other is refused.
      const whole = await Promise.all([
        sell(seller.token, seller.positionId, 3, '120.00'),
        sell(seller.token, seller.positionId, 3, '125.00'),
      ]);
      expect(whole.filter((answer) => answer.success)).toHaveLength(1);
      expect(whole.find((answer) => !answer.success)).toEqual(
        refusal('NOT_IN_BOND', sellTexts.notInBond, 'depotPositionId'),
      );
      expect(
        (await depot(seller.token)).map((position) => [position.amount, position.currentStatus]),
      ).toEqual([[3, 'FOR_SALE']]);
      const winner = whole.find((answer) => answer.success)?.sellOrder.id as number;
      expect((await portal.gql(CANCEL, { id: winner }, { token: seller.token })).data).toMatchObject({
        cancelSellOrder: { success: true },
      });

      // Two cases of three, twice at once: the second finds only one case left.
      const parts = await Promise.all([
        sell(seller.token, seller.positionId, 2, '120.00'),
        sell(seller.token, seller.positionId, 2, '120.00'),
      ]);
      expect(parts.filter((answer) => answer.success)).toHaveLength(1);
      expect(parts.find((answer) => !answer.success)).toEqual(
        refusal('INVALID_AMOUNT', sellTexts.casesInvalid(1), 'cases'),
      );
      const afterParts = await depot(seller.token);
      expect(afterParts.map((position) => [position.amount, position.currentStatus])).toEqual([
        [1, 'IN_BOND'],
        [2, 'FOR_SALE'],
      ]);
      expect(afterParts.reduce((sum, position) => sum + position.amount, 0)).toBe(3);
      const open = (await mine(seller.token)).filter((order) => order.status === 'REQUESTED');
      expect(open).toMatchObject([{ cases: 2 }]);

      // Staff listing the same order twice at once (a double click): one offer.
      const approvals = await Promise.all(
        [0, 1].map(() =>
          portal.gql<{ approveSellOrder: { success: boolean; errors: { code: string }[] } }>(
            APPROVE,
            { id: open[0]?.id },
            { token: staff },
          ),
        ),
      );
      expect(approvals.map((answer) => answer.data?.approveSellOrder.success).sort()).toEqual([false, true]);
      const listings = await portal.db
        .select()
        .from(partialOffers)
        .where(eq(partialOffers.sellerUserId, seller.id));
      expect(listings).toHaveLength(1);
      expect(listings[0]).toMatchObject({ quantityAvailable: 2, totalQuantityAvailable: 2 });
    }, 120_000);
  },
);
