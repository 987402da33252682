/**
 * Every statement about money agrees everywhere: each invoice's total in order list, PDF, pay page,
 * customer portal and mails, and the service fee of the simulation and of the billing rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decimalToCents } from '../../src/domain/money';
import { type FeeSchedule, managementFeeMonthlyCents } from '../../src/domain/order-costs';
import { consistencyJourney, consistencyOperation } from './support/consistency-journey';
import { databaseTargets } from './support/harness';

const FEES = consistencyOperation('FeeSchedule');
const ME = consistencyOperation('Me');
const GET_PORTFOLIO_SALES_CALCULATION = consistencyOperation('GetPortfolioSalesCalculation');
const ADD_RECOMMENDATIONS_TO_ORDER_LIST_OR_BUY_DIRECTLY = consistencyOperation(
  'AddRecommendationsToOrderListOrBuyDirectly',
);
const ORDER_LIST_SUMS = consistencyOperation('OrderListSums');
const BACKOFFICE_SERVICE_FEE_STATS = consistencyOperation('BackofficeServiceFeeStats');

describe.each(databaseTargets)('Rechnungsbeträge und Gebühren stimmen überall (%s)', (target) => {
  const journey = consistencyJourney(target);
  const { ok, expectInvoiceTotalsAgree, expectMailsAgree } = journey;
  let staff: string;
  let kunde: string;
  let seller: { email: string; token: string };
  let buyer: { email: string; token: string };
  beforeAll(() => {
    ({ staff, kunde, seller, buyer } = journey);
  });

  it('states every invoice’s total alike in the order list, PDF, pay page, customer portal and mails', async () => {
    await expectInvoiceTotalsAgree(kunde);
    for (const client of [seller, buyer]) {
      const totals = await expectInvoiceTotalsAgree(client.token);
      expect(totals.size).toBeGreaterThan(0);
      // Received, checked and paid: three mails name the total.
      expect(await expectMailsAgree(client.email, totals)).toBeGreaterThanOrEqual(3);
    }
  });

  it('charges in the simulation the service fee the billing rule charges for the same value and month', async () => {
    const { feeSchedule } = await ok<{ feeSchedule: FeeSchedule }>(FEES, {}, kunde);
    const { me } = await ok<{ me: { preferencesprofileSet: { uid: string; source: string }[] } }>(
      ME,
      {},
      kunde,
    );
    const proposal = me.preferencesprofileSet.find((profile) => profile.source === 'MANUALLY');
    expect(proposal).toBeDefined();
    const { getPortfolioSalesCalculation: simulation } = await ok<{
      getPortfolioSalesCalculation: {
        initial: string;
        serviceFee1: string;
        serviceFee15: string;
        timeseries: { year: number; value: string }[];
      };
    }>(GET_PORTFOLIO_SALES_CALCULATION, { uid: proposal?.uid }, kunde);
    const initial = decimalToCents(simulation.initial);
    const afterYear14 = decimalToCents(
      simulation.timeseries.find((point) => point.year === 14)?.value ?? '0',
    );
    expect(decimalToCents(simulation.serviceFee1)).toBe(managementFeeMonthlyCents(initial, feeSchedule));
    expect(decimalToCents(simulation.serviceFee15)).toBe(managementFeeMonthlyCents(afterYear14, feeSchedule));

    // The order list charges the same first month for the proposal's value.
    await ok(ADD_RECOMMENDATIONS_TO_ORDER_LIST_OR_BUY_DIRECTLY, { uid: proposal?.uid }, kunde);
    const { orderListSums } = await ok<{
      orderListSums: { vintagesSum: number; managementFeeMonthly: number };
    }>(ORDER_LIST_SUMS, {}, kunde);
    expect(orderListSums.vintagesSum).toBe(initial);
    expect(orderListSums.managementFeeMonthly).toBe(decimalToCents(simulation.serviceFee1));

    // The back office bills each client's month by the same rule on the depot's value.
    const { backofficeServiceFeeStats } = await ok<{
      backofficeServiceFeeStats: { topClients: { depotValue: string; monthlyFeeGross: string }[] };
    }>(BACKOFFICE_SERVICE_FEE_STATS, {}, staff);
    expect(backofficeServiceFeeStats.topClients.length).toBeGreaterThan(0);
    for (const client of backofficeServiceFeeStats.topClients) {
      expect(decimalToCents(client.monthlyFeeGross)).toBe(
        managementFeeMonthlyCents(decimalToCents(client.depotValue), feeSchedule),
      );
    }
  });
});
