/**
 * The stock of depot positions as staff manage it: every operation refused to visitors and clients,
 * the list paged, sorted and searched on the server, MRN, its date and case numbers changed with an
 * audit log entry, and invalid input refused in German.
 */
import { and, asc, eq } from 'drizzle-orm';
import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, depotPositionStatuses, depotPositions, users, vintages } from '../../server/db/schema';
import {
  AssetsUnderManagementDocument,
  BackofficeSupplierStatsDocument,
} from '../../src/api/graphql.generated';
import { stockMessages } from '../../src/domain/backoffice-stock';
import { caseNumberMessages } from '../../src/domain/backoffice-tranches';
import { currentStatusEntry } from '../../src/domain/depot-status';
import { decimalToCents } from '../../src/domain/money';
import {
  type ListAnswer,
  stockJourney,
  stockOperation,
  type UpdateAnswer,
} from './support/backoffice-stock-journey';
import { databaseTargets, type TestPortal } from './support/harness';
import { expectStaffOnly } from './support/sign-in';

const LIST = print(AssetsUnderManagementDocument);
const UPDATE = stockOperation('UpdateAssetUnderManagement');
const UPDATE_STORAGE = stockOperation('UpdateStorageId');
const SUPPLIERS = print(BackofficeSupplierStatsDocument);
const SERVICE_FEE = stockOperation('ServiceFeeStats');
const SALES = stockOperation('SalesStats');
const AUDIT_LOG = stockOperation('DepotPositionAuditLog');

describe.each(databaseTargets)('Lagerbestand (%s)', (target) => {
  const journey = stockJourney(target);
  const { snapshot } = journey;
  let portal: TestPortal;
  let staffToken: string;
  let clientToken: string;
  beforeAll(() => {
    ({ portal, staffToken, clientToken } = journey);
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
    }>(AUDIT_LOG, { id: position.id }, { token: staffToken });
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
});
