import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
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
import {
  lastGermanMonths,
  lastMonths,
  monthBounds,
  monthKey,
  monthlyServiceFee,
} from '../../src/domain/backoffice-analytics';
import { stockMessages } from '../../src/domain/backoffice-stock';
import { caseNumberMessages } from '../../src/domain/backoffice-tranches';
import { currentStatusEntry, purchaseDate } from '../../src/domain/depot-status';
import { marketValuePerBottle, newestMarketValuation } from '../../src/domain/depot-valuation';
import { centsToDecimal, decimalToCents } from '../../src/domain/money';
import { DEFAULT_FEE_SCHEDULE } from '../../src/domain/order-costs';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { expectStaffOnly, signInToken } from './support/sign-in';

const ASSET_FIELDS = `id vintageTitle vintageYear ownerFirstName ownerLastName ownerEmail amount caskOf bottleSize
  buyPriceBtl storageId mrn mrnDate partialOfferId currentStatus statusUpdatedAt`;

const LIST = `query ($search: String, $sortBy: AssetSortField, $descending: Boolean, $offset: Int, $limit: Int) {
  getAllAssetsUnderManagement(search: $search, sortBy: $sortBy, descending: $descending, offset: $offset, limit: $limit) {
    totalCount assets { ${ASSET_FIELDS} }
  }
}`;

const UPDATE = `mutation ($id: Int!, $mrn: String, $date: String, $storage: String) {
  updateAssetUnderManagement(depotPositionId: $id, newMrn: $mrn, newMrnDate: $date, newStorageIds: $storage) {
    success errors { message code field } asset { ${ASSET_FIELDS} }
  }
}`;

const UPDATE_STORAGE = `mutation ($id: Int!, $storage: String!) {
  updateStorageId(depotPositionId: $id, storageId: $storage) { success errors { message code field } asset { id storageId } }
}`;

const SUPPLIERS = `{ backofficeSupplierStats { offererId company email tranches purchasedCases purchaseValue openCases openValue } }`;
const SERVICE_FEE = `{ backofficeServiceFeeStats {
  months { month depotValue feeNet feeGross clients }
  topClients { userId email firstName lastName depotValue monthlyFeeNet monthlyFeeGross feeNetTotal }
  clientCount feeBasisPoints vatBasisPoints } }`;
const SALES = `{ backofficeSalesStats { months { month invoices cases revenue } regions { region cases revenue } } }`;

interface Asset {
  id: number;
  vintageTitle: string;
  vintageYear: number;
  ownerEmail: string;
  amount: number;
  buyPriceBtl: string;
  storageId: string | null;
  mrn: string | null;
  mrnDate: string | null;
  partialOfferId: number | null;
  currentStatus: string | null;
}
interface ListAnswer {
  getAllAssetsUnderManagement: { totalCount: number; assets: Asset[] };
}
interface UpdateAnswer {
  updateAssetUnderManagement: {
    success: boolean;
    errors: { message: string; code: string; field: string | null }[];
    asset: Asset | null;
  };
}

describe.each(databaseTargets)('Lagerbestand und Auswertungen (%s)', (target) => {
  let portal: TestPortal;
  let staffToken = '';
  let clientToken = '';

  const signIn = (email: string) => signInToken(portal, email);

  const snapshot = async () => ({
    positions: await portal.db.select().from(depotPositions).orderBy(asc(depotPositions.id)),
    audit: await portal.db.select().from(auditLog).orderBy(asc(auditLog.id)),
  });

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staffToken = await signIn('berater@example.com');
    clientToken = await signIn('kunde@example.com');
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('refuses every operation to visitors and clients, and changes nothing', async () => {
    const [position] = await portal.db.select().from(depotPositions).limit(1);
    const calls: [string, Record<string, unknown>][] = [
      [LIST, {}],
      [SUPPLIERS, {}],
      [SERVICE_FEE, {}],
      [SALES, {}],
      [UPDATE, { id: position?.id, mrn: '25FR3300000000001A', date: '2025-01-02', storage: '1, 2' }],
      [UPDATE_STORAGE, { id: position?.id, storage: '1, 2' }],
    ];
    const before = await snapshot();
    await expectStaffOnly(portal, calls, clientToken);
    expect(await snapshot()).toEqual(before);
  });

  it('lists every depot position with owner, wine, tranche and latest status, paged on the server', async () => {
    const rows = await portal.db
      .select({ position: depotPositions, email: users.email, title: vintages.title, year: vintages.year })
      .from(depotPositions)
      .innerJoin(users, eq(users.id, depotPositions.ownerId))
      .innerJoin(vintages, eq(vintages.id, depotPositions.vintageId))
      .orderBy(asc(depotPositions.id));
    expect(rows.length).toBeGreaterThan(5);

    const all = await portal.gql<ListAnswer>(LIST, { limit: 200 }, { token: staffToken });
    const page = all.data?.getAllAssetsUnderManagement;
    expect(page?.totalCount).toBe(rows.length);
    expect(page?.assets.map((asset) => asset.id)).toEqual(rows.map((row) => row.position.id).reverse());

    const statuses = await portal.db.select().from(depotPositionStatuses);
    for (const row of rows) {
      const asset = page?.assets.find((candidate) => candidate.id === row.position.id);
      expect(asset).toMatchObject({
        vintageTitle: row.title,
        vintageYear: row.year,
        ownerEmail: row.email,
        amount: row.position.amount,
        buyPriceBtl: row.position.buyPriceBtl,
        storageId: row.position.storageId,
        mrn: row.position.mrn,
        mrnDate: row.position.mrnDate,
        partialOfferId: row.position.partialOfferId,
        currentStatus:
          currentStatusEntry(statuses.filter((status) => status.depotPositionId === row.position.id))
            ?.status ?? null,
      });
    }

    const first = await portal.gql<ListAnswer>(
      LIST,
      { limit: 3, sortBy: 'ID', descending: false },
      { token: staffToken },
    );
    const second = await portal.gql<ListAnswer>(
      LIST,
      { limit: 3, offset: 3, sortBy: 'ID', descending: false },
      { token: staffToken },
    );
    expect(first.data?.getAllAssetsUnderManagement.assets.map((asset) => asset.id)).toEqual(
      rows.slice(0, 3).map((row) => row.position.id),
    );
    expect(second.data?.getAllAssetsUnderManagement.assets.map((asset) => asset.id)).toEqual(
      rows.slice(3, 6).map((row) => row.position.id),
    );

    const byPrice = await portal.gql<ListAnswer>(
      LIST,
      { sortBy: 'BUY_PRICE', descending: true, limit: 200 },
      { token: staffToken },
    );
    const prices = byPrice.data?.getAllAssetsUnderManagement.assets.map((asset) =>
      decimalToCents(asset.buyPriceBtl),
    );
    expect(prices).toEqual([...(prices ?? [])].sort((a, b) => b - a));

    const withMrn = rows.find((row) => row.position.mrn);
    expect(withMrn).toBeDefined();
    const found = await portal.gql<ListAnswer>(
      LIST,
      { search: `  ${withMrn?.position.mrn?.toLowerCase()} ${withMrn?.year} ` },
      { token: staffToken },
    );
    expect(found.data?.getAllAssetsUnderManagement.totalCount).toBe(
      rows.filter((row) => row.position.mrn === withMrn?.position.mrn && row.year === withMrn?.year).length,
    );
    const none = await portal.gql<ListAnswer>(LIST, { search: '100%_' }, { token: staffToken });
    expect(none.data?.getAllAssetsUnderManagement).toEqual({ totalCount: 0, assets: [] });
  });

  it('changes MRN, its date and the case numbers, and writes the audit log', async () => {
    const [position] = await portal.db.select().from(depotPositions).orderBy(asc(depotPositions.id)).limit(1);
    if (!position) throw new Error('Keine Depotposition');
    const answer = await portal.gql<UpdateAnswer>(
      UPDATE,
      { id: position.id, mrn: ' 25fr3300000000123x ', date: '2025-03-04', storage: '30001, ..., 30003' },
      { token: staffToken },
    );
    expect(answer.data?.updateAssetUnderManagement).toMatchObject({
      success: true,
      errors: [],
      asset: {
        id: position.id,
        mrn: '25FR3300000000123X',
        mrnDate: '2025-03-04',
        storageId: '30001, 30002, 30003',
      },
    });
    const [stored] = await portal.db.select().from(depotPositions).where(eq(depotPositions.id, position.id));
    expect(stored).toMatchObject({
      mrn: '25FR3300000000123X',
      mrnDate: '2025-03-04',
      storageId: '30001, 30002, 30003',
    });

    const [staff] = await portal.db.select().from(users).where(eq(users.email, 'berater@example.com'));
    const audit = await portal.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'depot_position'), eq(auditLog.entityId, position.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: staff?.id,
      action: 'update',
      before: { mrn: position.mrn, mrnDate: position.mrnDate, storageId: position.storageId },
      after: { mrn: '25FR3300000000123X', mrnDate: '2025-03-04', storageId: '30001, 30002, 30003' },
    });

    // Only the given field changes; an empty one is cleared.
    const cleared = await portal.gql<UpdateAnswer>(
      UPDATE,
      { id: position.id, mrn: '' },
      { token: staffToken },
    );
    expect(cleared.data?.updateAssetUnderManagement.asset).toMatchObject({
      mrn: null,
      mrnDate: '2025-03-04',
      storageId: '30001, 30002, 30003',
    });
    const storage = await portal.gql<{ updateStorageId: { success: boolean; asset: { storageId: string } } }>(
      UPDATE_STORAGE,
      { id: position.id, storage: '40001,40002' },
      { token: staffToken },
    );
    expect(storage.data?.updateStorageId).toMatchObject({
      success: true,
      asset: { storageId: '40001, 40002' },
    });

    const history = await portal.gql<{
      auditLog: { entries: { action: string; before: unknown; after: unknown; actorEmail: string }[] };
    }>(
      'query ($id: Int!) { auditLog(entity: depot_position, entityId: $id) { entries { action before after actorEmail } } }',
      { id: position.id },
      { token: staffToken },
    );
    expect(history.data?.auditLog.entries).toEqual([
      {
        action: 'update',
        before: { storageId: '30001, 30002, 30003' },
        after: { storageId: '40001, 40002' },
        actorEmail: 'berater@example.com',
      },
      {
        action: 'update',
        before: { mrn: '25FR3300000000123X' },
        after: { mrn: null },
        actorEmail: 'berater@example.com',
      },
      expect.objectContaining({ action: 'update' }),
    ]);

    // Saving the same values again changes nothing and writes no audit row.
    const again = await portal.gql<UpdateAnswer>(
      UPDATE,
      { id: position.id, storage: '40001, 40002' },
      { token: staffToken },
    );
    expect(again.data?.updateAssetUnderManagement.success).toBe(true);
    expect(
      await portal.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'depot_position'), eq(auditLog.entityId, position.id))),
    ).toHaveLength(3);
  });

  it('refuses invalid input with German messages and changes nothing', async () => {
    const [position] = await portal.db.select().from(depotPositions).orderBy(asc(depotPositions.id)).limit(1);
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ mrn: '25FR33' }, 'newMrn', stockMessages.mrnLength],
      [{ mrn: 'AB1234567890123456' }, 'newMrn', stockMessages.mrnFormat],
      [{ date: '04.03.2025' }, 'newMrnDate', stockMessages.mrnDateFormat],
      [{ date: '2025-02-30' }, 'newMrnDate', stockMessages.mrnDateInvalid],
      [{ date: '2999-01-01' }, 'newMrnDate', stockMessages.mrnDateFuture],
      [{ storage: '30001, 30002,' }, 'newStorageIds', caseNumberMessages.trailingComma],
      [
        { storage: Array.from({ length: 400 }, (_, index) => String(100000 + index)).join(',') },
        'newStorageIds',
        stockMessages.storageIdsLength,
      ],
    ];
    for (const [variables, field, message] of cases) {
      const answer = await portal.gql<UpdateAnswer>(
        UPDATE,
        { id: position?.id, ...variables },
        { token: staffToken },
      );
      expect(answer.data?.updateAssetUnderManagement).toEqual({
        success: false,
        errors: [{ message, code: 'INVALID', field }],
        asset: null,
      });
    }
    const unknown = await portal.gql<UpdateAnswer>(UPDATE, { id: 999_999, mrn: '' }, { token: staffToken });
    expect(unknown.data?.updateAssetUnderManagement.errors).toEqual([
      { message: stockMessages.notFound, code: 'NOT_FOUND', field: 'depotPositionId' },
    ]);
    expect(await snapshot()).toEqual(before);
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
