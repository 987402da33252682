/**
 * The back office's analyses: purchases and open quantities per supplier, the monthly service fee of
 * the depots, and the sales of paid invoices per German month and region.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bottleSizes,
  depotPositionStatuses,
  depotPositions,
  invoicePositions,
  invoices,
  offerers,
  offers,
  partialOffers,
  regions,
  users,
  valuations,
  vintages,
  wineries,
  wines,
} from '../../server/db/schema';
import { salesStats } from '../../server/services/backoffice-analytics';
import { BackofficeSupplierStatsDocument } from '../../src/api/graphql.generated';
import {
  lastGermanMonths,
  lastMonths,
  monthBounds,
  monthKey,
  monthlyServiceFee,
} from '../../src/domain/backoffice-analytics';
import { purchaseDate } from '../../src/domain/depot-status';
import { marketValuePerBottle, newestMarketValuation } from '../../src/domain/depot-valuation';
import { centsToDecimal, decimalToCents } from '../../src/domain/money';
import { DEFAULT_FEE_SCHEDULE } from '../../src/domain/order-costs';
import { stockJourney, stockOperation } from './support/backoffice-stock-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const SUPPLIERS = print(BackofficeSupplierStatsDocument);
const SERVICE_FEE = stockOperation('ServiceFeeStats');
const SALES = stockOperation('SalesStats');

describe.each(databaseTargets)('Auswertungen (%s)', (target) => {
  const journey = stockJourney(target);
  let portal: TestPortal;
  let staffToken: string;
  beforeAll(() => {
    ({ portal, staffToken } = journey);
  });

  it('answers purchases and open quantities per supplier as the tranches add up', async () => {
    const tranches = await portal.db
      .select({ tranche: partialOffers, caskOf: offers.caskOf, company: offerers.company })
      .from(partialOffers)
      .innerJoin(offers, eq(offers.id, partialOffers.offerId))
      .leftJoin(offerers, eq(offerers.id, partialOffers.offererId));
    const expected = new Map<
      string,
      {
        tranches: number;
        purchasedCases: number;
        purchaseValue: number;
        openCases: number;
        openValue: number;
      }
    >();
    for (const { tranche, caskOf, company } of tranches) {
      const key = company ?? 'Ohne Lieferant';
      const sums = expected.get(key) ?? {
        tranches: 0,
        purchasedCases: 0,
        purchaseValue: 0,
        openCases: 0,
        openValue: 0,
      };
      const price = decimalToCents(tranche.buyPriceBtl);
      const open = Math.max(0, tranche.quantityAvailable);
      sums.tranches += 1;
      sums.purchasedCases += tranche.totalQuantityAvailable;
      sums.purchaseValue += tranche.totalQuantityAvailable * caskOf * price;
      sums.openCases += open;
      sums.openValue += open * caskOf * price;
      expected.set(key, sums);
    }
    const answer = await portal.gql<{
      backofficeSupplierStats: {
        company: string;
        tranches: number;
        purchasedCases: number;
        purchaseValue: string;
        openCases: number;
        openValue: string;
      }[];
    }>(SUPPLIERS, {}, { token: staffToken });
    const suppliers = answer.data?.backofficeSupplierStats ?? [];
    expect(suppliers.length).toBe(expected.size);
    expect(suppliers.length).toBeGreaterThan(1);
    for (const supplier of suppliers) {
      const sums = expected.get(supplier.company);
      expect(supplier).toMatchObject({
        tranches: sums?.tranches,
        purchasedCases: sums?.purchasedCases,
        purchaseValue: centsToDecimal(sums?.purchaseValue ?? -1),
        openCases: sums?.openCases,
        openValue: centsToDecimal(sums?.openValue ?? -1),
      });
    }
    const values = suppliers.map((supplier) => decimalToCents(supplier.purchaseValue));
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('answers the monthly service fee of the depots valued month by month', async () => {
    const now = new Date();
    const months = lastMonths(now, 24);
    const positions = await portal.db
      .select({ position: depotPositions, factor: bottleSizes.factorForLiterPrices })
      .from(depotPositions)
      .innerJoin(bottleSizes, eq(bottleSizes.id, depotPositions.bottleSizeId));
    const statuses = await portal.db.select().from(depotPositionStatuses);
    const marketValuations = await portal.db.select().from(valuations);

    // Independently: each client's depot at each month's end, valued with the valuations known then.
    const [kunde] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    const kundeFees: { value: number; net: number }[] = [];
    const expected = months.map((month) => {
      const end = monthBounds(month).end.getTime();
      const byClient = new Map<number, number>();
      for (const { position, factor } of positions) {
        const history = statuses.filter((status) => status.depotPositionId === position.id);
        const purchased = purchaseDate(history);
        const soldBefore = history.some(
          (status) => status.status === 'SOLD' && status.datetimeStatusUpdate.getTime() < end,
        );
        if (!purchased || purchased.getTime() >= end || soldBefore) continue;
        const known = marketValuations.filter(
          (valuation) =>
            valuation.vintageId === position.vintageId && valuation.datetimeCreated.getTime() < end,
        );
        const newest = newestMarketValuation(known);
        const bottlePrice = newest
          ? marketValuePerBottle(newest.value, factor)
          : decimalToCents(position.buyPriceBtl);
        byClient.set(
          position.ownerId,
          (byClient.get(position.ownerId) ?? 0) + bottlePrice * position.amount * position.caskOf,
        );
      }
      const kundeValue = byClient.get(kunde?.id ?? 0) ?? 0;
      kundeFees.push({ value: kundeValue, net: monthlyServiceFee(kundeValue, DEFAULT_FEE_SCHEDULE).net });
      let feeNet = 0;
      let feeGross = 0;
      let depotValue = 0;
      for (const value of byClient.values()) {
        const fee = monthlyServiceFee(value, DEFAULT_FEE_SCHEDULE);
        feeNet += fee.net;
        feeGross += fee.gross;
        depotValue += value;
      }
      return {
        month,
        depotValue: centsToDecimal(depotValue),
        feeNet: centsToDecimal(feeNet),
        feeGross: centsToDecimal(feeGross),
        clients: byClient.size,
      };
    });

    const answer = await portal.gql<{
      backofficeServiceFeeStats: {
        months: typeof expected;
        topClients: { email: string; depotValue: string; monthlyFeeNet: string; feeNetTotal: string }[];
        clientCount: number;
        feeBasisPoints: number;
        vatBasisPoints: number;
      };
    }>(SERVICE_FEE, {}, { token: staffToken });
    const stats = answer.data?.backofficeServiceFeeStats;
    expect(stats?.months).toEqual(expected);
    expect(stats?.months.at(-1)?.month).toBe(monthKey(now));
    expect(expected.some((month) => month.feeNet !== '0.00')).toBe(true);
    expect(stats).toMatchObject({
      feeBasisPoints: 225,
      vatBasisPoints: 1900,
      clientCount: expected.at(-1)?.clients,
    });

    // The demo client has the largest depot; the business client's follows.
    const kundeNow = kundeFees.at(-1);
    expect(stats?.topClients[0]).toMatchObject({
      email: 'kunde@example.com',
      depotValue: centsToDecimal(kundeNow?.value ?? 0),
      monthlyFeeNet: centsToDecimal(kundeNow?.net ?? 0),
      feeNetTotal: centsToDecimal(kundeFees.reduce((sum, month) => sum + month.net, 0)),
    });
    // 2.25 % p.a. ÷ 12 of the depot value, exact to the cent.
    expect(kundeNow?.net).toBe(Math.round(((kundeNow?.value ?? 0) * 0.0225) / 12));
  });

  it('answers the sales of paid invoices per month and region', async () => {
    const months = lastGermanMonths(new Date(), 24);
    const paid = await portal.db
      .select({
        invoiceId: invoices.id,
        date: invoices.invoiceDate,
        amount: invoicePositions.amount,
        caskOf: invoicePositions.caskOf,
        price: invoicePositions.buyPriceBtl,
        region: regions.title,
      })
      .from(invoices)
      .innerJoin(invoicePositions, eq(invoicePositions.invoiceId, invoices.id))
      .innerJoin(vintages, eq(vintages.id, invoicePositions.vintageId))
      .innerJoin(wines, eq(wines.id, vintages.wineId))
      .innerJoin(wineries, eq(wineries.id, wines.wineryId))
      .innerJoin(regions, eq(regions.id, wineries.regionId))
      .where(inArray(invoices.stage, ['PAID', 'PURCHASED']));
    expect(paid.length).toBeGreaterThan(0);
    const inWindow = paid.filter((line) => months.includes(String(line.date).slice(0, 7)));
    const expectedMonths = months.map((month) => {
      const lines = inWindow.filter((line) => String(line.date).startsWith(month));
      return {
        month,
        invoices: new Set(lines.map((line) => line.invoiceId)).size,
        cases: lines.reduce((sum, line) => sum + line.amount, 0),
        revenue: centsToDecimal(
          lines.reduce((sum, line) => sum + line.amount * line.caskOf * decimalToCents(line.price), 0),
        ),
      };
    });
    const byRegion = new Map<string, { cases: number; revenue: number }>();
    for (const line of inWindow) {
      const sums = byRegion.get(line.region) ?? { cases: 0, revenue: 0 };
      sums.cases += line.amount;
      sums.revenue += line.amount * line.caskOf * decimalToCents(line.price);
      byRegion.set(line.region, sums);
    }

    const answer = await portal.gql<{
      backofficeSalesStats: {
        months: typeof expectedMonths;
        regions: { region: string; cases: number; revenue: string }[];
      };
    }>(SALES, {}, { token: staffToken });
    const stats = answer.data?.backofficeSalesStats;
    expect(stats?.months).toEqual(expectedMonths);
    expect(expectedMonths.filter((month) => month.invoices > 0).length).toBeGreaterThan(0);
    expect(stats?.regions).toHaveLength(byRegion.size);
    for (const region of stats?.regions ?? []) {
      const sums = byRegion.get(region.region);
      expect(region).toEqual({
        region: region.region,
        cases: sums?.cases,
        revenue: centsToDecimal(sums?.revenue ?? -1),
      });
    }
  });

  it('counts a sale in its German month also in the hour after midnight in Germany', async () => {
    const [invoice] = await portal.db
      .select({ date: invoices.invoiceDate })
      .from(invoices)
      .where(inArray(invoices.stage, ['PAID', 'PURCHASED']))
      .orderBy(asc(invoices.id))
      .limit(1);
    const month = String(invoice?.date).slice(0, 7);
    // 00:30 (winter) or 01:30 (summer) in Germany on the first of that month: in UTC still the
    // last day of the month before.
    const now = new Date(`${month}-01T00:30:00+01:00`);
    expect(now.toISOString().slice(0, 7)).not.toBe(month);
    const stats = await salesStats(portal.db, { monthCount: 1, now });
    expect(stats.months.map((row) => row.month)).toEqual([month]);
    expect(stats.months[0]?.invoices).toBeGreaterThan(0);
  });
});
