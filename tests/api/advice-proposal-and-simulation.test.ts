import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { preferencesProfiles } from '../../server/db/schema';
import { salesCalculation } from '../../src/domain/advice-simulation';
import { monthlyServiceFee } from '../../src/domain/backoffice-analytics';
import { decimalToCents } from '../../src/domain/money';
import {
  adviceJourney,
  CONSENT,
  LATEST,
  ME,
  type Profile,
  SIMULATION,
  TRANSFER,
} from './support/advice-journey';
import { databaseTargets, type TestPortal } from './support/harness';

describe.each(databaseTargets)('Vorschlag per Link und Simulation (%s)', (target) => {
  const journey = adviceJourney(target);
  let portal: TestPortal;
  let neukunde: string;
  let keller: string;
  let composed: Profile;
  beforeAll(async () => {
    ({ portal, neukunde, keller } = journey);
    composed = await journey.composeProfile();
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
