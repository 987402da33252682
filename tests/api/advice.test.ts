import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, partialOffers, preferencesProfiles } from '../../server/db/schema';
import { salesCalculation } from '../../src/domain/advice-simulation';
import { monthlyServiceFee } from '../../src/domain/backoffice-analytics';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import { agreedPriceLimitText } from '../../src/domain/order-list-texts';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const PASSWORD = 'Weindepot2026!';
const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const PROFILE_FIELDS = `id uid source datetime investmentSumIntended investmentSumIntendedStr checkedAgbAndDsgvo
  total totalStr regionShares { region share value cases }
  recommendedPositions { id amount caskOf sellPriceBtl totalStr offer { id availableCases sellPriceBtl } }`;
const CREATE = `mutation ($sum: Decimal!, $risk: Int!, $lover: Int!, $horizon: Int!) {
  createPreferencesProfile(wineloverVsInvestor: $lover, investmentHorizon: $horizon, takesRisk: $risk,
    stocks: true, etfs: false, realestate: false, metals: true, watches: false, crypto: false,
    investmentSumIntended: $sum) {
    success errors { message code field } preferencesProfile { ${PROFILE_FIELDS} }
  }
}`;
const ME = `query { me { email preferencesprofileSet { ${PROFILE_FIELDS} } } }`;
const LATEST = `query ($uid: String, $source: ProfileSource) { getLatestPreferencesProfile(uid: $uid, source: $source) { ${PROFILE_FIELDS} } }`;
const TRANSFER = `mutation ($uid: String!, $remove: Boolean, $direct: Boolean) {
  addRecommendationsToOrderListOrBuyDirectly(uid: $uid, removeExistingOrderPositions: $remove, requestDirectly: $direct) {
    success errors { message code }
  }
}`;
const ORDER_LIST = `query {
  orderPositionList { id amount fromRecommendation recommendedAmount offer { id } }
  check_needed: orderListInvoices(stage: check_needed) { id stage }
  me { blockedByOrderCheck }
}`;
const ADD_POSITION = `mutation ($offerId: Int!) { createOrderPosition(offerId: $offerId, amount: 1) { success errors { message } } }`;
const CONSENT =
  'mutation ($uid: String!) { acceptAgbsAndDsgvo(uid: $uid) { success errors { message code } } }';
const SIMULATION = `query ($uid: String!, $rate: String) {
  getPortfolioSalesCalculation(uid: $uid, expAnnualProfit: $rate) {
    expAnnualProfit initial timeseries { value fee year } serviceFee1 serviceFee15 serviceFeeAvg serviceFeeTotal
    growthAbs growthPerc saleProvision profit profitPerc value15 yAxisMax
  }
}`;

interface Profile {
  id: number;
  uid: string;
  source: 'WIZARD' | 'MANUALLY';
  investmentSumIntended: string;
  checkedAgbAndDsgvo: boolean;
  total: number;
  regionShares: { region: string; share: number; value: number }[];
  recommendedPositions: {
    id: number;
    amount: number;
    caskOf: number;
    sellPriceBtl: string;
    offer: { id: number; availableCases: number; sellPriceBtl: string };
  }[];
}
interface PricedPosition {
  id: number;
  amount: number;
  agreedPriceBtl: string | null;
  priceBtl: string;
  priceBtlStr: string;
  offer: { id: number };
}
const PRICED_LIST = `query {
  orderPositionList { id amount agreedPriceBtl priceBtl priceBtlStr offer { id } }
  orderListSums { vintagesSum }
}`;
interface OrderList {
  orderPositionList: {
    id: number;
    amount: number;
    fromRecommendation: string | null;
    offer: { id: number };
  }[];
  check_needed: { id: number }[];
  me: { blockedByOrderCheck: boolean };
}

describe.each(databaseTargets)('Anlegerprofil, Angebote und Simulation (%s)', (target) => {
  let portal: TestPortal;
  let neukunde: string;
  let kunde: string;
  let keller: string;

  const login = async (email: string) =>
    (await portal.gql<{ tokenAuth: { token: string } }>(LOGIN, { email, password: PASSWORD })).data?.tokenAuth
      .token as string;
  const orderList = async (token: string) =>
    (await portal.gql<OrderList>(ORDER_LIST, {}, { token })).data as OrderList;
  const pricedList = async (token: string) =>
    (
      await portal.gql<{ orderPositionList: PricedPosition[]; orderListSums: { vintagesSum: number } }>(
        PRICED_LIST,
        {},
        { token },
      )
    ).data as { orderPositionList: PricedPosition[]; orderListSums: { vintagesSum: number } };
  const create = async (token: string, vars: { sum: string; risk: number; lover: number; horizon: number }) =>
    portal.gql<{
      createPreferencesProfile: {
        success: boolean;
        errors: { message: string; field: string }[];
        preferencesProfile: Profile | null;
      };
    }>(CREATE, vars, { token });

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    neukunde = await login('neukunde@example.com');
    kunde = await login('kunde@example.com');
    keller = await login('thomas.keller@example.com');
  });
  afterAll(() => portal?.close());

  it('refuses profiles outside the ranges with German messages', async () => {
    const answer = await create(neukunde, { sum: '4999.00', risk: 101, lover: -1, horizon: 26 });
    const result = answer.data?.createPreferencesProfile;
    expect(result?.success).toBe(false);
    expect(result?.errors.map((error) => error.field).sort()).toEqual(
      ['investmentHorizon', 'investmentSumIntended', 'takesRisk', 'wineloverVsInvestor'].sort(),
    );
    expect(result?.errors.map((error) => error.message)).toContain(
      'Die geplante Investitionssumme muss mindestens 5.000 € betragen.',
    );
    const me = await portal.gql<{ me: { preferencesprofileSet: Profile[] } }>(ME, {}, { token: neukunde });
    expect(me.data?.me.preferencesprofileSet).toEqual([]);
  });

  let composed: Profile;

  it('saves a profile and composes a portfolio within ±10 % of the intended sum', async () => {
    const answer = await create(neukunde, { sum: '25000', risk: 60, lover: 70, horizon: 15 });
    expect(answer.data?.createPreferencesProfile.success).toBe(true);
    composed = answer.data?.createPreferencesProfile.preferencesProfile as Profile;
    expect(composed.source).toBe('WIZARD');
    expect(composed.investmentSumIntended).toBe('25000.00');
    expect(composed.recommendedPositions.length).toBeGreaterThanOrEqual(3);
    expect(composed.total).toBeGreaterThanOrEqual(2_250_000);
    expect(composed.total).toBeLessThanOrEqual(2_750_000);
    for (const position of composed.recommendedPositions) {
      expect(position.amount).toBeLessThanOrEqual(position.offer.availableCases);
    }
    for (const region of composed.regionShares) expect(region.share).toBeLessThanOrEqual(40);

    const me = await portal.gql<{ me: { preferencesprofileSet: Profile[] } }>(ME, {}, { token: neukunde });
    expect(me.data?.me.preferencesprofileSet.map((profile) => profile.uid)).toEqual([composed.uid]);
    const latest = await portal.gql<{ getLatestPreferencesProfile: Profile }>(
      LATEST,
      { source: 'WIZARD' },
      { token: neukunde },
    );
    expect(latest.data?.getLatestPreferencesProfile.uid).toBe(composed.uid);
  });

  it('recomposes when the profile changes', async () => {
    const answer = await create(neukunde, { sum: '10000', risk: 20, lover: 30, horizon: 8 });
    const changed = answer.data?.createPreferencesProfile.preferencesProfile as Profile;
    expect(changed.uid).not.toBe(composed.uid);
    expect(changed.total).toBeGreaterThanOrEqual(900_000);
    expect(changed.total).toBeLessThanOrEqual(1_100_000);
    const latest = await portal.gql<{ getLatestPreferencesProfile: Profile }>(
      LATEST,
      {},
      { token: neukunde },
    );
    expect(latest.data?.getLatestPreferencesProfile.uid).toBe(changed.uid);
    composed = changed;
  });

  it('composes the minimum sum of 5.000 € within the window and the region cap', async () => {
    for (const [risk, lover, horizon] of [
      [50, 0, 15],
      [50, 50, 15],
      [100, 100, 25],
    ] as const) {
      const answer = await create(keller, { sum: '5000', risk, lover, horizon });
      const profile = answer.data?.createPreferencesProfile.preferencesProfile as Profile;
      expect(profile.total).toBeGreaterThanOrEqual(450_000);
      expect(profile.total).toBeLessThanOrEqual(550_000);
      for (const region of profile.regionShares) expect(region.share).toBeLessThanOrEqual(40);
    }
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

  it('lets a visitor read a proposal by uid and consent, but not list or order', async () => {
    await portal.db
      .update(preferencesProfiles)
      .set({ checkedAgbAndDsgvo: false })
      .where(eq(preferencesProfiles.uid, composed.uid));
    const read = await portal.gql<{ getLatestPreferencesProfile: Profile }>(LATEST, { uid: composed.uid });
    expect(read.data?.getLatestPreferencesProfile.uid).toBe(composed.uid);
    expect(read.data?.getLatestPreferencesProfile.checkedAgbAndDsgvo).toBe(false);

    const consent = await portal.gql(CONSENT, { uid: composed.uid });
    expect(consent.data).toMatchObject({ acceptAgbsAndDsgvo: { success: true } });
    const after = await portal.gql<{ getLatestPreferencesProfile: Profile }>(LATEST, { uid: composed.uid });
    expect(after.data?.getLatestPreferencesProfile.checkedAgbAndDsgvo).toBe(true);
    const unknown = await portal.gql<{ acceptAgbsAndDsgvo: { errors: { code: string }[] } }>(CONSENT, {
      uid: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.data?.acceptAgbsAndDsgvo.errors[0]?.code).toBe('NOT_FOUND');

    // No listing: without uid a visitor gets nothing; a malformed uid is unknown.
    expect((await portal.gql(LATEST, { source: 'WIZARD' })).data).toEqual({
      getLatestPreferencesProfile: null,
    });
    expect((await portal.gql(LATEST, { uid: "' or 1=1 --" })).data).toEqual({
      getLatestPreferencesProfile: null,
    });
    expect((await portal.gql(ME, {})).data).toEqual({ me: null });
    // Ordering needs the owner.
    const visitor = await portal.gql(TRANSFER, { uid: composed.uid, remove: false, direct: false });
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const stranger = await portal.gql<{
      addRecommendationsToOrderListOrBuyDirectly: { errors: { code: string }[] };
    }>(TRANSFER, { uid: composed.uid, remove: false, direct: false }, { token: keller });
    expect(stranger.data?.addRecommendationsToOrderListOrBuyDirectly.errors[0]?.code).toBe('NOT_FOUND');
  });

  it('answers the 15-year simulation with the documented shape', async () => {
    const answer = await portal.gql<{
      getPortfolioSalesCalculation: {
        expAnnualProfit: string;
        initial: string;
        timeseries: { value: string; fee: string; year: number }[];
        value15: string;
        profit: string;
        serviceFee1: string;
        serviceFeeTotal: string;
        saleProvision: string;
        growthPerc: number;
        yAxisMax: string;
      };
    }>(SIMULATION, { uid: composed.uid, rate: '0.087' });
    const result = answer.data?.getPortfolioSalesCalculation;
    expect(result?.expAnnualProfit).toBe('0.087');
    expect(decimalToCents(result?.initial as string)).toBe(composed.total);
    const expected = salesCalculation(composed.total, 0.087);
    expect(result?.timeseries).toHaveLength(16);
    expect(result?.timeseries[15]?.year).toBe(15);
    expect(decimalToCents(result?.value15 as string)).toBe(expected.value15);
    expect(decimalToCents(result?.profit as string)).toBe(expected.profit);
    expect(decimalToCents(result?.serviceFeeTotal as string)).toBe(expected.serviceFeeTotal);
    expect(decimalToCents(result?.saleProvision as string)).toBe(expected.saleProvision);
    expect(result?.growthPerc).toBe(expected.growthPerc);
    // Default rate without the argument, unknown uid answers null.
    const fallback = await portal.gql<{ getPortfolioSalesCalculation: { expAnnualProfit: string } }>(
      SIMULATION,
      {
        uid: composed.uid,
      },
    );
    expect(fallback.data?.getPortfolioSalesCalculation.expAnnualProfit).toBe('0.087');
    const unknown = await portal.gql(SIMULATION, { uid: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.data).toEqual({ getPortfolioSalesCalculation: null });
  });

  it("charges the simulation's fees as the order list bills them, month 1 and year 15", async () => {
    // The composed portfolio alone on the order list: the value the simulation starts from.
    const transfer = await portal.gql(
      TRANSFER,
      { uid: composed.uid, remove: true, direct: false },
      { token: neukunde },
    );
    expect(transfer.data).toMatchObject({ addRecommendationsToOrderListOrBuyDirectly: { success: true } });
    const sums = await portal.gql<{ orderListSums: { vintagesSum: number; managementFeeMonthly: number } }>(
      'query { orderListSums { vintagesSum managementFeeMonthly } }',
      {},
      { token: neukunde },
    );
    const orderList = sums.data?.orderListSums;
    const answer = await portal.gql<{
      getPortfolioSalesCalculation: {
        initial: string;
        timeseries: { value: string; fee: string; year: number }[];
        serviceFee1: string;
        serviceFee15: string;
        serviceFeeAvg: string;
        serviceFeeTotal: string;
        profit: string;
        value15: string;
        saleProvision: string;
      };
    }>(SIMULATION, { uid: composed.uid, rate: '0.087' });
    const result = answer.data?.getPortfolioSalesCalculation;
    if (!result || !orderList) throw new Error('no answer');
    const cents = (value: string) => decimalToCents(value);
    // The same value: the simulation starts from what the order list sums up.
    expect(cents(result.initial)).toBe(orderList.vintagesSum);
    // Month 1 is the order list's monthly management fee (2,25 % p. a. incl. 19 % MwSt. ÷ 12).
    expect(cents(result.serviceFee1)).toBe(orderList.managementFeeMonthly);
    // Year 15 (month 169) is billing's fee on the simulated value after 14 years.
    const after14 = result.timeseries.find((point) => point.year === 14)?.value as string;
    expect(cents(result.serviceFee15)).toBe(monthlyServiceFee(cents(after14)).gross);
    expect(cents(result.serviceFee15)).toBeGreaterThan(cents(result.serviceFee1));
    // The total is the last point's cumulative fee, above 180 flat first-month fees, and in the profit.
    expect(cents(result.serviceFeeTotal)).toBe(cents(result.timeseries[15]?.fee as string));
    expect(cents(result.serviceFeeTotal)).toBeGreaterThan(180 * cents(result.serviceFee1));
    expect(cents(result.serviceFeeAvg)).toBe(Math.round(cents(result.serviceFeeTotal) / 180));
    expect(cents(result.profit)).toBe(
      cents(result.value15) -
        cents(result.initial) -
        cents(result.serviceFeeTotal) -
        cents(result.saleProvision),
    );
  });
});
