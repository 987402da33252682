import { and, eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers, partialOffers } from '../../server/db/schema';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import { agreedPriceLimitText } from '../../src/domain/order-list-texts';
import {
  ADD_POSITION,
  adviceJourney,
  ME,
  type PricedPosition,
  type Profile,
  TRANSFER,
} from './support/advice-journey';
import { databaseTargets, type TestPortal } from './support/harness';

describe.each(databaseTargets)('Anlegerprofil und Beraterangebote auf der Orderliste (%s)', (target) => {
  const journey = adviceJourney(target);
  const { orderList, pricedList } = journey;
  let portal: TestPortal;
  let neukunde: string;
  let kunde: string;
  let composed: Profile;
  beforeAll(async () => {
    ({ portal, neukunde, kunde } = journey);
    composed = await journey.composeProfile();
  });

  it('transfers the composed portfolio into the order list, keeping or removing existing positions', async () => {
    const inProposal = new Set(composed.recommendedPositions.map((p) => p.offer.id));
    const stocked = await portal.db
      .selectDistinct({ id: offers.id })
      .from(offers)
      .innerJoin(partialOffers, eq(partialOffers.offerId, offers.id))
      .where(
        and(eq(offers.archived, false), eq(offers.onRequest, false), gt(partialOffers.quantityAvailable, 2)),
      )
      .orderBy(offers.id);
    const extraOffer = stocked.map((row) => row.id).find((id) => !inProposal.has(id)) as number;
    expect(extraOffer).toBeDefined();
    expect((await portal.gql(ADD_POSITION, { offerId: extraOffer }, { token: neukunde })).data).toMatchObject(
      {
        createOrderPosition: { success: true },
      },
    );
    const kept = await portal.gql(
      TRANSFER,
      { uid: composed.uid, remove: false, direct: false },
      { token: neukunde },
    );
    expect(kept.data).toMatchObject({ addRecommendationsToOrderListOrBuyDirectly: { success: true } });
    let list = await orderList(neukunde);
    expect(list.orderPositionList).toHaveLength(composed.recommendedPositions.length + 1);
    expect(list.orderPositionList.filter((p) => p.fromRecommendation === 'Ihr Portfolio')).toHaveLength(
      composed.recommendedPositions.length,
    );

    const removed = await portal.gql(
      TRANSFER,
      { uid: composed.uid, remove: true, direct: false },
      { token: neukunde },
    );
    expect(removed.data).toMatchObject({ addRecommendationsToOrderListOrBuyDirectly: { success: true } });
    list = await orderList(neukunde);
    expect(list.orderPositionList.map((p) => p.offer.id).sort()).toEqual(
      composed.recommendedPositions.map((p) => p.offer.id).sort(),
    );
    expect(list.orderPositionList.map((p) => p.amount).sort()).toEqual(
      composed.recommendedPositions.map((p) => p.amount).sort(),
    );
  });

  it('refuses a binding order without billing data and changes nothing', async () => {
    const before = await orderList(neukunde);
    const answer = await portal.gql<{
      addRecommendationsToOrderListOrBuyDirectly: { success: boolean; errors: { code: string }[] };
    }>(TRANSFER, { uid: composed.uid, remove: true, direct: true }, { token: neukunde });
    expect(answer.data?.addRecommendationsToOrderListOrBuyDirectly.success).toBe(false);
    expect(answer.data?.addRecommendationsToOrderListOrBuyDirectly.errors[0]?.code).toBe(
      'BILLING_INCOMPLETE',
    );
    expect(await orderList(neukunde)).toEqual(before);
  });

  it('keeps the adviser prices of a transferred adviser offer on the order list', async () => {
    const me = await portal.gql<{ me: { preferencesprofileSet: Profile[] } }>(ME, {}, { token: kunde });
    const offer = me.data?.me.preferencesprofileSet.find(
      (profile) => profile.source === 'MANUALLY',
    ) as Profile;
    const adviserPrice = new Map(offer.recommendedPositions.map((p) => [p.offer.id, p.sellPriceBtl]));
    // The seeded adviser offer prices Mouton 2018 and Cristal 2015 below the catalogue.
    const discounted = offer.recommendedPositions.filter((p) => p.sellPriceBtl !== p.offer.sellPriceBtl);
    expect(discounted.length).toBeGreaterThanOrEqual(2);
    const answer = await portal.gql(
      TRANSFER,
      { uid: offer.uid, remove: true, direct: false },
      { token: kunde },
    );
    expect(answer.data).toMatchObject({ addRecommendationsToOrderListOrBuyDirectly: { success: true } });

    let list = await pricedList(kunde);
    expect(list.orderPositionList).toHaveLength(offer.recommendedPositions.length);
    for (const position of list.orderPositionList) {
      expect(position.agreedPriceBtl).toBe(adviserPrice.get(position.offer.id));
      expect(position.priceBtl).toBe(adviserPrice.get(position.offer.id));
    }
    const adviserSum = offer.recommendedPositions.reduce(
      (sum, p) => sum + p.amount * p.caskOf * decimalToCents(p.sellPriceBtl),
      0,
    );
    expect(list.orderListSums.vintagesSum).toBe(adviserSum);

    // The agreed price covers the offered cases only: more of them are refused; the
    // same wine from the catalogue is a position of its own at the catalogue price, and both
    // share the offer's stock.
    const mouton = discounted.find(
      (p) => p.caskOf === 6 && p.offer.availableCases >= p.amount + 2,
    ) as Profile['recommendedPositions'][number];
    const agreed = list.orderPositionList.find((p) => p.offer.id === mouton.offer.id) as PricedPosition;
    const stock = mouton.offer.availableCases;
    const changed = await portal.gql(
      'mutation ($id: Int!, $amount: Int) { changeOrderPosition(orderPositionId: $id, amount: $amount) { success errors { code message } orderPosition { amount priceBtl } } }',
      { id: agreed.id, amount: mouton.amount + 1 },
      { token: kunde },
    );
    expect(changed.data).toMatchObject({
      changeOrderPosition: {
        success: false,
        errors: [{ code: 'AGREED_PRICE_LIMIT', message: agreedPriceLimitText(mouton.amount) }],
      },
    });
    const tooMany = await portal.gql(
      'mutation ($offerId: Int!, $amount: Int!) { createOrderPosition(offerId: $offerId, amount: $amount) { success errors { message } } }',
      { offerId: mouton.offer.id, amount: stock - mouton.amount + 1 },
      { token: kunde },
    );
    expect(tooMany.data).toMatchObject({
      createOrderPosition: {
        success: false,
        errors: [{ message: `Es sind nur noch ${stock - mouton.amount} Kisten verfügbar.` }],
      },
    });
    expect(
      (await portal.gql(ADD_POSITION, { offerId: mouton.offer.id }, { token: kunde })).data,
    ).toMatchObject({
      createOrderPosition: { success: true },
    });
    list = await pricedList(kunde);
    const ofMouton = list.orderPositionList.filter((p) => p.offer.id === mouton.offer.id);
    expect(ofMouton.map((p) => [p.amount, p.agreedPriceBtl, p.priceBtl])).toEqual([
      [mouton.amount, mouton.sellPriceBtl, mouton.sellPriceBtl],
      [1, null, mouton.offer.sellPriceBtl],
    ]);
    expect(ofMouton[0]?.priceBtlStr).toBe(formatEuro(decimalToCents(mouton.sellPriceBtl)));
    expect(list.orderListSums.vintagesSum).toBe(adviserSum + 6 * decimalToCents(mouton.offer.sellPriceBtl));
  });

  it('shows only the non-archived adviser offer and orders it bindingly', async () => {
    const me = await portal.gql<{ me: { preferencesprofileSet: Profile[] } }>(ME, {}, { token: kunde });
    const adviser =
      me.data?.me.preferencesprofileSet.filter((profile) => profile.source === 'MANUALLY') ?? [];
    expect(adviser).toHaveLength(1);
    const offer = adviser[0] as Profile;
    expect(offer.recommendedPositions).toHaveLength(4);

    const answer = await portal.gql(
      TRANSFER,
      { uid: offer.uid, remove: true, direct: true },
      { token: kunde },
    );
    expect(answer.data).toMatchObject({
      addRecommendationsToOrderListOrBuyDirectly: { success: true, errors: [] },
    });
    const list = await orderList(kunde);
    expect(list.orderPositionList).toEqual([]);
    expect(list.check_needed).toHaveLength(1);
    expect(list.me.blockedByOrderCheck).toBe(true);
    const invoice = await portal.gql<{
      getInvoiceById: {
        positions: { amount: number; buyPriceBtl: string; offer: { id: number } }[];
        sums: { vintagesSum: number };
      };
    }>(
      'query ($id: Int!) { getInvoiceById(invoiceId: $id) { positions { amount buyPriceBtl offer { id } } sums { vintagesSum } } }',
      { id: list.check_needed[0]?.id },
      { token: kunde },
    );
    expect(invoice.data?.getInvoiceById.positions.map((p) => p.amount).sort()).toEqual(
      offer.recommendedPositions.map((p) => p.amount).sort(),
    );
    // The invoice snapshots the adviser's prices, not the catalogue's.
    const adviserPrice = new Map(offer.recommendedPositions.map((p) => [p.offer.id, p.sellPriceBtl]));
    for (const position of invoice.data?.getInvoiceById.positions ?? []) {
      expect(position.buyPriceBtl).toBe(adviserPrice.get(position.offer.id));
    }
    expect(invoice.data?.getInvoiceById.sums.vintagesSum).toBe(
      offer.recommendedPositions.reduce(
        (sum, p) => sum + p.amount * p.caskOf * decimalToCents(p.sellPriceBtl),
        0,
      ),
    );
    // Blocked now: a second transfer is refused.
    const again = await portal.gql<{
      addRecommendationsToOrderListOrBuyDirectly: { errors: { code: string }[] };
    }>(TRANSFER, { uid: offer.uid, remove: false, direct: false }, { token: kunde });
    expect(again.data?.addRecommendationsToOrderListOrBuyDirectly.errors[0]?.code).toBe('ORDER_LIST_BLOCKED');
  });
});
