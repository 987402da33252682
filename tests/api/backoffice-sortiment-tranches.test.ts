/**
 * Purchase tranches edited by staff: a depot position linked to another tranche of its wine, a tranche
 * with positions kept from deletion, and a tranche created, updated and deleted with audit rows.
 */
import { eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { depotPositions, offers, partialOffers } from '../../server/db/schema';
import {
  errorsOf,
  type LinkAnswer,
  type SaveAnswer,
  sortimentJourney,
  sortimentOperation,
} from './support/backoffice-sortiment-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const LINK = sortimentOperation('LinkDepotPositionToTranche');
const SAVE_TRANCHE = sortimentOperation('SaveTranche');

describe.each(databaseTargets)('Back office: Sortiment (Neu), Tranchen (%s)', (target) => {
  const journey = sortimentJourney(target);
  const { asStaff, auditRows } = journey;
  let portal: TestPortal;
  let linked: { offerId: number; vintageId: number; positionId: number; tranches: number[] };
  let ids: { vintageId: number; bottleSizeId: number; offererId: number };
  beforeAll(() => {
    ({ portal, linked, ids } = journey);
  });

  it('links a depot position to another tranche of its wine, with an audit row, and refuses other wines', async () => {
    const onInvoice = async () =>
      Object.fromEntries(
        (await portal.db.select().from(partialOffers).where(eq(partialOffers.offerId, linked.offerId))).map(
          (tranche) => [tranche.id, tranche.quantityOnInvoice],
        ),
      );
    const [position] = await portal.db
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.id, linked.positionId));
    const cases = position?.amount ?? 0;
    const [from = 0, to = 0] = linked.tranches;
    const invoicedBefore = await onInvoice();
    expect(invoicedBefore[from]).toBeGreaterThanOrEqual(cases);

    const moved = await asStaff<LinkAnswer>(LINK, {
      depotPositionId: linked.positionId,
      poId: linked.tranches[1],
    });
    expect(moved.data?.updatePartialOfferForDepotPosition).toMatchObject({
      success: true,
      errors: [],
      depotPosition: {
        id: linked.positionId,
        partialOfferId: linked.tranches[1],
        ownerEmail: 'kunde@example.com',
      },
    });
    const [row] = await portal.db
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.id, linked.positionId));
    expect(row?.partialOfferId).toBe(linked.tranches[1]);
    const audit = await auditRows('depot_position', linked.positionId);
    expect(audit.at(-1)).toMatchObject({
      action: 'link',
      before: { partialOfferId: linked.tranches[0] },
      after: { partialOfferId: linked.tranches[1] },
    });
    // The paid cases move with the position: off the old tranche's invoice quantity, onto the new one's.
    expect(await onInvoice()).toEqual({
      ...invoicedBefore,
      [from]: (invoicedBefore[from] ?? 0) - cases,
      [to]: (invoicedBefore[to] ?? 0) + cases,
    });
    expect((await auditRows('partial_offer', from)).at(-1)).toMatchObject({
      action: 'update',
      before: { quantityOnInvoice: invoicedBefore[from] },
      after: { quantityOnInvoice: (invoicedBefore[from] ?? 0) - cases },
    });
    expect((await auditRows('partial_offer', to)).at(-1)).toMatchObject({
      action: 'update',
      before: { quantityOnInvoice: invoicedBefore[to] },
      after: { quantityOnInvoice: (invoicedBefore[to] ?? 0) + cases },
    });

    const [foreign] = await portal.db
      .select()
      .from(partialOffers)
      .where(ne(partialOffers.offerId, linked.offerId))
      .limit(1);
    const refused = await asStaff<LinkAnswer>(LINK, {
      depotPositionId: linked.positionId,
      poId: foreign?.id,
    });
    expect(errorsOf(refused.data?.updatePartialOfferForDepotPosition)).toEqual([
      ['poId', 'Die Einkaufstranche gehört zu einem anderen Wein oder einer anderen Flaschengröße.'],
    ]);
    const missingPosition = await asStaff<LinkAnswer>(LINK, {
      depotPositionId: 999_999,
      poId: linked.tranches[0],
    });
    expect(errorsOf(missingPosition.data?.updatePartialOfferForDepotPosition)).toEqual([
      ['depotPositionId', 'Die Depotposition wurde nicht gefunden.'],
    ]);
    const missingTranche = await asStaff<LinkAnswer>(LINK, {
      depotPositionId: linked.positionId,
      poId: 999_999,
    });
    expect(errorsOf(missingTranche.data?.updatePartialOfferForDepotPosition)).toEqual([
      ['poId', 'Die Einkaufstranche wurde nicht gefunden.'],
    ]);
    const [unchanged] = await portal.db
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.id, linked.positionId));
    expect(unchanged?.partialOfferId).toBe(linked.tranches[1]);

    const back = await asStaff<LinkAnswer>(LINK, {
      depotPositionId: linked.positionId,
      poId: linked.tranches[0],
    });
    expect(back.data?.updatePartialOfferForDepotPosition.depotPosition?.partialOfferId).toBe(
      linked.tranches[0],
    );
    expect((await auditRows('depot_position', linked.positionId)).map((entry) => entry.action)).toEqual([
      'link',
      'link',
    ]);
    expect(await onInvoice()).toEqual(invoicedBefore);

    // Without a tranche the cases count on none; assigning it again counts them again.
    await asStaff<LinkAnswer>(LINK, { depotPositionId: linked.positionId, poId: null });
    expect(await onInvoice()).toEqual({ ...invoicedBefore, [from]: (invoicedBefore[from] ?? 0) - cases });
    await asStaff<LinkAnswer>(LINK, { depotPositionId: linked.positionId, poId: from });
    expect(await onInvoice()).toEqual(invoicedBefore);
    expect((await auditRows('depot_position', linked.positionId)).map((entry) => entry.action)).toEqual([
      'link',
      'link',
      'unlink',
      'link',
    ]);
  });

  it('refuses deleting a tranche that depot positions are assigned to', async () => {
    const [tranche] = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.id, linked.tranches[0] ?? 0));
    const onInvoice = tranche?.quantityOnInvoice ?? 0;
    await portal.db
      .update(partialOffers)
      .set({ quantityOnInvoice: 0 })
      .where(eq(partialOffers.id, tranche?.id ?? 0));
    const answer = await asStaff<SaveAnswer>(SAVE_TRANCHE, { partialOfferId: tranche?.id, delete: true });
    expect(errorsOf(answer.data?.createOrUpdatePartialOffer)).toEqual([
      [null, 'Die Einkaufstranche ist Depotpositionen zugeordnet und kann nicht gelöscht werden.'],
    ]);
    expect(
      await portal.db
        .select()
        .from(partialOffers)
        .where(eq(partialOffers.id, tranche?.id ?? 0)),
    ).toHaveLength(1);
    await portal.db
      .update(partialOffers)
      .set({ quantityOnInvoice: onInvoice })
      .where(eq(partialOffers.id, tranche?.id ?? 0));
  });

  it('creates, updates (case numbers, sourcing) and deletes a tranche with audit rows', async () => {
    const created = await asStaff<SaveAnswer>(SAVE_TRANCHE, {
      offerId: linked.offerId,
      buyPriceBtl: '500.00',
      offererId: ids.offererId,
      amount: '12',
      total: '12',
    });
    const tranche = created.data?.createOrUpdatePartialOffer.partialOffer;
    expect(created.data?.createOrUpdatePartialOffer.success).toBe(true);
    expect(tranche).toMatchObject({ quantityAvailable: 12, totalQuantityAvailable: 12, paid: false });

    const updated = await asStaff<SaveAnswer>(SAVE_TRANCHE, {
      partialOfferId: tranche?.id,
      amount: '10',
      lxTrade: 'LX-T-1',
      proforma: 'PF-1',
      mrn: '26FR0000000000001A',
      paid: true,
      storageIds: '1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012',
    });
    expect(updated.data?.createOrUpdatePartialOffer.partialOffer).toMatchObject({
      quantityAvailable: 10,
      totalQuantityAvailable: 12,
      livexTrade: 'LX-T-1',
      mrn: '26FR0000000000001A',
      paid: true,
      storageIds: '1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012',
    });
    // The case-number and MRN rules hold on the server too: refused lists change nothing …
    const [trailingComma, badRange, duplicate, badMrn] = await Promise.all(
      [
        { storageIds: '2001, 2002,' },
        { storageIds: '2001, ..., 2300' },
        { storageIds: '2001, 2002, 2001' },
        { mrn: '26FR33' },
      ].map((change) => asStaff<SaveAnswer>(SAVE_TRANCHE, { partialOfferId: tranche?.id, ...change })),
    );
    expect(errorsOf(trailingComma?.data?.createOrUpdatePartialOffer)).toEqual([
      ['storageIds', 'Falsches Format! (Komma am Ende?)'],
    ]);
    expect(errorsOf(badRange?.data?.createOrUpdatePartialOffer)?.[0]?.[1]).toMatch(/^Bereich zu groß/);
    expect(errorsOf(duplicate?.data?.createOrUpdatePartialOffer)).toEqual([
      ['storageIds', 'Kistennummer doppelt: 2001'],
    ]);
    expect(errorsOf(badMrn?.data?.createOrUpdatePartialOffer)).toEqual([
      ['mrn', 'Die MRN muss genau 18 Zeichen lang sein.'],
    ]);
    const [unchanged] = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.id, tranche?.id ?? 0));
    expect(unchanged).toMatchObject({
      storageIds: updated.data?.createOrUpdatePartialOffer.partialOffer?.storageIds,
      mrn: '26FR0000000000001A',
    });
    // … and a range is stored expanded, whitespace stripped, the MRN upper-cased without spaces.
    const expanded = await asStaff<SaveAnswer>(SAVE_TRANCHE, {
      partialOfferId: tranche?.id,
      storageIds: ' 2001 ,...,2004,\t2010 ',
      mrn: '26fr 0000000000002b',
    });
    expect(expanded.data?.createOrUpdatePartialOffer.partialOffer).toMatchObject({
      storageIds: '2001, 2002, 2003, 2004, 2010',
      mrn: '26FR0000000000002B',
    });

    const tooMany = await asStaff<SaveAnswer>(SAVE_TRANCHE, { partialOfferId: tranche?.id, amount: '13' });
    expect(errorsOf(tooMany.data?.createOrUpdatePartialOffer)).toEqual([
      ['amount', 'Die verfügbaren Kisten dürfen die Gesamtmenge nicht übersteigen.'],
    ]);

    const deleted = await asStaff<SaveAnswer>(SAVE_TRANCHE, { partialOfferId: tranche?.id, delete: true });
    expect(deleted.data?.createOrUpdatePartialOffer.success).toBe(true);
    expect(
      await portal.db
        .select()
        .from(partialOffers)
        .where(eq(partialOffers.id, tranche?.id ?? 0)),
    ).toHaveLength(0);
    const audit = await auditRows('partial_offer', tranche?.id ?? 0);
    // The refused changes wrote nothing; the expanded list is the second update.
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(audit[1]?.before).toMatchObject({ quantityAvailable: 12, paid: false, storageIds: null });
    expect(audit[1]?.after).toMatchObject({ quantityAvailable: 10, paid: true });
    expect(audit[1]?.after).not.toHaveProperty('buyPriceBtl');
    expect(audit[2]?.after).toEqual({
      storageIds: '2001, 2002, 2003, 2004, 2010',
      mrn: '26FR0000000000002B',
    });
    expect(audit[3]?.before).toMatchObject({ id: tranche?.id, buyPriceBtl: '500.00' });
    const [offer] = await portal.db.select().from(offers).where(eq(offers.id, linked.offerId));
    const remaining = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, linked.offerId));
    expect(offer?.totalQuantityAvailable).toBe(
      remaining.reduce((sum, row) => sum + row.totalQuantityAvailable, 0),
    );
  });
});
