import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bottleSizes,
  depotPositions,
  offerers,
  offers,
  partialOffers,
  users,
  vintages,
} from '../../server/db/schema';
import { offerAvailability } from '../../server/services/tranches';
import { backofficeMessages } from '../../src/domain/backoffice-validation';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { expectStaffOnly, signInToken } from './support/sign-in';

const OFFERS = `query ($variant: BackofficeOfferVariant) {
  backofficeOffers(variant: $variant) {
    id archived promoteOffer sellPriceBtl totalQuantityAvailable availableCases
    partialOfferRel { id buyPriceBtl quantityAvailable totalQuantityAvailable offerId }
  }
}`;
const PARTIAL_OFFERS = `query ($offerId: Int, $search: String, $sortBy: PartialOfferSortField, $descending: Boolean,
  $offset: Int, $limit: Int) {
  allPartialOffers(offerId: $offerId, search: $search, sortBy: $sortBy, descending: $descending, offset: $offset,
    limit: $limit) {
    totalCount
    partialOffers {
      id offerId buyPriceBtl quantityAvailable totalQuantityAvailable storageIds offerer { company }
      offer { id vintage { title year } }
    }
  }
}`;
const DEPOT_POSITIONS = `query ($offerId: Int!) {
  getDepotPositionsForOffer(offerId: $offerId) {
    id amount partialOfferId offerId ownerFirstName ownerLastName ownerEmail ownerIsStaff
  }
}`;
const CHANGE = `mutation ($partialOfferId: Int, $offerId: Int, $buyPriceBtl: String, $sellPriceBtl: String,
  $quantityAvailable: String, $totalQuantityAvailable: String, $promoteOffer: Boolean, $archived: Boolean) {
  changeOfferAndPartialOffer(partialOfferId: $partialOfferId, offerId: $offerId, buyPriceBtl: $buyPriceBtl,
    sellPriceBtl: $sellPriceBtl, quantityAvailable: $quantityAvailable,
    totalQuantityAvailable: $totalQuantityAvailable, promoteOffer: $promoteOffer, archived: $archived) {
    success errors { message code field }
    offer { id sellPriceBtl promoteOffer archived totalQuantityAvailable }
    partialOffer { id buyPriceBtl quantityAvailable totalQuantityAvailable }
  }
}`;
const CREATE_OFFER = `mutation ($bottleSizeId: Int, $buyPriceBtl: String, $sellPriceBtl: String, $caskOf: String,
  $offererId: Int, $quantityAvailable: String, $vintageId: Int) {
  createOfferAndPartialOffer(bottleSizeId: $bottleSizeId, buyPriceBtl: $buyPriceBtl, sellPriceBtl: $sellPriceBtl,
    caskOf: $caskOf, offererId: $offererId, quantityAvailable: $quantityAvailable, vintageId: $vintageId) {
    success errors { message code field }
    offer { id caskOf sellPriceBtl totalQuantityAvailable availableCases archived vintage { id } bottleSize { id } }
    partialOffer { id offerId buyPriceBtl quantityAvailable totalQuantityAvailable offerer { id } }
  }
}`;
const LINK = `mutation ($depotPositionId: Int!, $poId: Int) {
  updatePartialOfferForDepotPosition(depotPositionId: $depotPositionId, poId: $poId) {
    success errors { message code field } depotPosition { id partialOfferId ownerEmail }
  }
}`;
const SAVE_TRANCHE = `mutation ($partialOfferId: Int, $offerId: Int, $buyPriceBtl: String, $offererId: Int, $amount: String,
  $total: String, $lxTrade: String, $proforma: String, $mrn: String, $paid: Boolean, $storageIds: String, $delete: Boolean) {
  createOrUpdatePartialOffer(partialOfferId: $partialOfferId, offerId: $offerId, buyPriceBtl: $buyPriceBtl,
    offererId: $offererId, amount: $amount, totalQuantityAvailable: $total, lxTrade: $lxTrade,
    proformaInvoiceNumberSourcing: $proforma, mrn: $mrn, paid: $paid, storageIds: $storageIds, delete: $delete) {
    success errors { message code field }
    partialOffer { id quantityAvailable totalQuantityAvailable storageIds livexTrade mrn paid }
  }
}`;

interface MutationAnswer<Payload> {
  success: boolean;
  errors: { message: string; code: string; field: string | null }[];
  payload?: Payload;
}
type ChangeAnswer = {
  changeOfferAndPartialOffer: MutationAnswer<never> & {
    offer: {
      id: number;
      sellPriceBtl: string;
      promoteOffer: boolean;
      archived: boolean;
      totalQuantityAvailable: number;
    } | null;
    partialOffer: {
      id: number;
      buyPriceBtl: string;
      quantityAvailable: number;
      totalQuantityAvailable: number;
    } | null;
  };
};
type CreateAnswer = {
  createOfferAndPartialOffer: MutationAnswer<never> & {
    offer: {
      id: number;
      caskOf: number;
      sellPriceBtl: string;
      totalQuantityAvailable: number;
      availableCases: number;
      archived: boolean;
      vintage: { id: number };
      bottleSize: { id: number };
    } | null;
    partialOffer: {
      id: number;
      offerId: number;
      buyPriceBtl: string;
      quantityAvailable: number;
      totalQuantityAvailable: number;
      offerer: { id: number };
    } | null;
  };
};
type LinkAnswer = {
  updatePartialOfferForDepotPosition: MutationAnswer<never> & {
    depotPosition: { id: number; partialOfferId: number | null; ownerEmail: string } | null;
  };
};
type SaveAnswer = {
  createOrUpdatePartialOffer: MutationAnswer<never> & {
    partialOffer: {
      id: number;
      quantityAvailable: number;
      totalQuantityAvailable: number;
      storageIds: string | null;
      livexTrade: string | null;
      mrn: string | null;
      paid: boolean;
    } | null;
  };
};
interface DepotPositionRow {
  id: number;
  amount: number;
  partialOfferId: number | null;
  offerId: number | null;
  ownerFirstName: string;
  ownerLastName: string;
  ownerEmail: string;
  ownerIsStaff: boolean;
}

const errorsOf = (answer: MutationAnswer<never> | undefined) =>
  answer?.errors.map((error) => [error.field, error.message]);

describe.each(databaseTargets)('Back office: Sortiment (Neu) (%s)', (target) => {
  let portal: TestPortal;
  let staffToken = '';
  let clientToken = '';
  /** An offer of the demo client's depot with two tranches; her position is on the first. */
  let linked: { offerId: number; vintageId: number; positionId: number; tranches: number[] };
  let ids: { vintageId: number; bottleSizeId: number; offererId: number };

  const asStaff = <Data>(query: string, variables: Record<string, unknown> = {}) =>
    portal.gql<Data>(query, variables, { token: staffToken });
  const snapshot = async () => ({
    offers: await portal.db.select().from(offers).orderBy(asc(offers.id)),
    tranches: await portal.db.select().from(partialOffers).orderBy(asc(partialOffers.id)),
    positions: await portal.db.select().from(depotPositions).orderBy(asc(depotPositions.id)),
    audit: await portal.db.select().from(auditLog),
  });
  const auditRows = (entity: string, entityId: number) =>
    portal.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.id));

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staffToken = await signInToken(portal, 'berater@example.com');
    clientToken = await signInToken(portal, 'kunde@example.com');

    const [client] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    const positions = await portal.db
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.ownerId, client?.id ?? 0))
      .orderBy(asc(depotPositions.id));
    for (const position of positions) {
      if (!position.offerId || !position.partialOfferId) continue;
      const tranches = await portal.db
        .select({ id: partialOffers.id })
        .from(partialOffers)
        .where(eq(partialOffers.offerId, position.offerId))
        .orderBy(asc(partialOffers.id));
      if (tranches.length >= 2 && tranches[0]?.id === position.partialOfferId) {
        linked = {
          offerId: position.offerId,
          vintageId: position.vintageId,
          positionId: position.id,
          tranches: tranches.map((tranche) => tranche.id),
        };
        break;
      }
    }
    expect(linked).toBeDefined();
    const [vintage] = await portal.db
      .select()
      .from(vintages)
      .where(ne(vintages.id, linked.vintageId))
      .limit(1);
    const [size] = await portal.db.select().from(bottleSizes).where(eq(bottleSizes.title, '1,5l'));
    const [offerer] = await portal.db.select().from(offerers).limit(1);
    ids = { vintageId: vintage?.id ?? 0, bottleSizeId: size?.id ?? 0, offererId: offerer?.id ?? 0 };
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('refuses every operation of the tab for visitors and clients, and changes nothing', async () => {
    const before = await snapshot();
    const calls: [string, Record<string, unknown>][] = [
      [OFFERS, { variant: 'ALL' }],
      [PARTIAL_OFFERS, {}],
      [DEPOT_POSITIONS, { offerId: linked.offerId }],
      [
        CHANGE,
        {
          partialOfferId: linked.tranches[0],
          sellPriceBtl: '1.00',
          buyPriceBtl: '1.00',
          quantityAvailable: '0',
        },
      ],
      [
        CREATE_OFFER,
        { ...ids, buyPriceBtl: '10.00', sellPriceBtl: '20.00', caskOf: '6', quantityAvailable: '5' },
      ],
      [LINK, { depotPositionId: linked.positionId, poId: linked.tranches[1] }],
    ];
    await expectStaffOnly(portal, calls, clientToken);
    expect(await snapshot()).toEqual(before);
  });

  it('lists all, active, archived and promoted offers for staff; allOffers stays the active list', async () => {
    type OffersAnswer = { backofficeOffers: { id: number; archived: boolean; promoteOffer: boolean }[] };
    const all = (await asStaff<OffersAnswer>(OFFERS, { variant: 'ALL' })).data?.backofficeOffers ?? [];
    const rows = await portal.db.select().from(offers);
    expect(all).toHaveLength(rows.length);
    expect(all.some((offer) => offer.archived)).toBe(true);
    const archived =
      (await asStaff<OffersAnswer>(OFFERS, { variant: 'ARCHIVED' })).data?.backofficeOffers ?? [];
    expect(archived.length).toBe(rows.filter((row) => row.archived).length);
    expect(archived.every((offer) => offer.archived)).toBe(true);
    const active = (await asStaff<OffersAnswer>(OFFERS, { variant: 'ACTIVE' })).data?.backofficeOffers ?? [];
    expect(active.length).toBe(rows.filter((row) => !row.archived).length);
    const promoted =
      (await asStaff<OffersAnswer>(OFFERS, { variant: 'PROMOTED' })).data?.backofficeOffers ?? [];
    expect(promoted.length).toBe(rows.filter((row) => row.promoteOffer).length);
    expect(promoted.every((offer) => offer.promoteOffer)).toBe(true);
    const defaultVariant = (await asStaff<OffersAnswer>('query { backofficeOffers { id } }')).data
      ?.backofficeOffers;
    expect(defaultVariant).toHaveLength(rows.length);

    const publicList = await portal.gql<{ allOffers: { id: number; archived: boolean }[] }>(
      'query { allOffers { id archived } }',
    );
    expect(publicList.data?.allOffers).toHaveLength(active.length);
  });

  it('lists the purchase tranches with purchase prices for staff, optionally of one offer', async () => {
    type Answer = {
      allPartialOffers: {
        totalCount: number;
        partialOffers: { id: number; offerId: number; buyPriceBtl: string | null; offer: { id: number } }[];
      };
    };
    const all = await portal.db.select().from(partialOffers);
    const every = (await asStaff<Answer>(PARTIAL_OFFERS, { limit: 200 })).data?.allPartialOffers;
    expect(every?.totalCount).toBe(all.length);
    expect(every?.partialOffers).toHaveLength(Math.min(all.length, 200));
    expect(every?.partialOffers.every((tranche) => /^\d+\.\d{2}$/.test(tranche.buyPriceBtl ?? ''))).toBe(
      true,
    );
    expect(every?.partialOffers.every((tranche) => tranche.offer.id === tranche.offerId)).toBe(true);
    const ofOffer = (await asStaff<Answer>(PARTIAL_OFFERS, { offerId: linked.offerId })).data
      ?.allPartialOffers;
    expect(ofOffer?.totalCount).toBe(linked.tranches.length);
    expect(ofOffer?.partialOffers.map((tranche) => tranche.id).sort((a, b) => a - b)).toEqual(
      linked.tranches,
    );
    expect(ofOffer?.partialOffers.every((tranche) => tranche.offerId === linked.offerId)).toBe(true);
  });

  it('pages, sorts and searches the purchase tranches on the server (Sortiment (Alt))', async () => {
    type Row = {
      id: number;
      buyPriceBtl: string;
      offerer: { company: string } | null;
      offer: { vintage: { title: string; year: number } };
    };
    type Answer = { allPartialOffers: { totalCount: number; partialOffers: Row[] } };
    const page = async (variables: Record<string, unknown>) => {
      const answer = await asStaff<Answer>(PARTIAL_OFFERS, variables);
      expect(answer.errors).toBeUndefined();
      return answer.data?.allPartialOffers ?? { totalCount: -1, partialOffers: [] };
    };
    const total = (await portal.db.select().from(partialOffers)).length;
    expect(total).toBeGreaterThan(6);

    // By id: consecutive pages of 3 without gaps or repeats; a page beyond the end is empty.
    const ids = (await portal.db.select({ id: partialOffers.id }).from(partialOffers)).map((row) => row.id);
    ids.sort((a, b) => a - b);
    const first = await page({ sortBy: 'ID', descending: false, offset: 0, limit: 3 });
    const second = await page({ sortBy: 'ID', descending: false, offset: 3, limit: 3 });
    expect(first.totalCount).toBe(total);
    expect([...first.partialOffers, ...second.partialOffers].map((row) => row.id)).toEqual(ids.slice(0, 6));
    expect((await page({ offset: total, limit: 3 })).partialOffers).toEqual([]);
    // The page size is bounded: 0 becomes 1, 10,000 becomes 200.
    expect((await page({ limit: 0 })).partialOffers).toHaveLength(1);
    expect((await page({ limit: 10_000 })).partialOffers).toHaveLength(Math.min(total, 200));

    // By buy price, descending: the prices never increase.
    const byPrice = (await page({ sortBy: 'BUY_PRICE', descending: true, limit: 200 })).partialOffers;
    const prices = byPrice.map((row) => Number(row.buyPriceBtl));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    // Search: every word must match (wine and year), case- and accent-insensitive.
    const [wine] = await portal.db
      .select({ title: vintages.title, year: vintages.year })
      .from(vintages)
      .where(eq(vintages.id, linked.vintageId));
    const found = await page({ search: `${wine?.title.toUpperCase()} ${wine?.year}`, limit: 200 });
    expect(found.totalCount).toBeGreaterThanOrEqual(linked.tranches.length);
    expect(found.partialOffers.map((row) => row.id)).toEqual(expect.arrayContaining(linked.tranches));
    expect(
      found.partialOffers.every(
        (row) => row.offer.vintage.title === wine?.title && row.offer.vintage.year === wine?.year,
      ),
    ).toBe(true);
    expect(await page({ search: 'kein-solcher-wein-xyz' })).toEqual({ totalCount: 0, partialOffers: [] });
  });

  it('shows the depot positions of an offer with their owner and marks staff owners', async () => {
    const [staff] = await portal.db.select().from(users).where(eq(users.email, 'berater@example.com'));
    const [clientPosition] = await portal.db
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.id, linked.positionId));
    if (!staff || !clientPosition) throw new Error('Demodaten fehlen');
    const { id: _id, ...copy } = clientPosition;
    const [staffPosition] = await portal.db
      .insert(depotPositions)
      .values({ ...copy, ownerId: staff.id, invoicePositionId: null, amount: 1 })
      .returning();

    const answer = await asStaff<{ getDepotPositionsForOffer: DepotPositionRow[] }>(DEPOT_POSITIONS, {
      offerId: linked.offerId,
    });
    const rows = answer.data?.getDepotPositionsForOffer ?? [];
    expect(rows.find((row) => row.id === linked.positionId)).toMatchObject({
      ownerEmail: 'kunde@example.com',
      ownerFirstName: 'Anna',
      ownerLastName: 'Berger',
      ownerIsStaff: false,
      partialOfferId: linked.tranches[0],
      amount: clientPosition.amount,
    });
    expect(rows.find((row) => row.id === staffPosition?.id)).toMatchObject({
      ownerEmail: 'berater@example.com',
      ownerIsStaff: true,
    });
    expect(rows.every((row) => row.offerId === linked.offerId)).toBe(true);

    const unknown = await asStaff(DEPOT_POSITIONS, { offerId: 999_999 });
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'Das Angebot wurde nicht gefunden.',
      extensions: { code: 'NOT_FOUND' },
    });
    await portal.db.delete(depotPositions).where(eq(depotPositions.id, staffPosition?.id ?? 0));
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

  it('changes an offer and its tranche inline with the back office validation and audit rows', async () => {
    const trancheId = linked.tranches[1] as number;
    const invalid = await asStaff<ChangeAnswer>(CHANGE, {
      partialOfferId: trancheId,
      sellPriceBtl: '700',
      buyPriceBtl: 'viel',
      quantityAvailable: '1.5',
      totalQuantityAvailable: 'x',
    });
    expect(errorsOf(invalid.data?.changeOfferAndPartialOffer)).toEqual([
      ['buyPriceBtl', backofficeMessages.priceNumeric],
      ['sellPriceBtl', backofficeMessages.priceFormat],
      ['quantityAvailable', backofficeMessages.amountWhole],
      ['totalQuantityAvailable', backofficeMessages.amountNumeric],
    ]);
    const before = await snapshot();

    const noTarget = await asStaff<ChangeAnswer>(CHANGE, { sellPriceBtl: '10.00' });
    expect(errorsOf(noTarget.data?.changeOfferAndPartialOffer)).toEqual([
      ['partialOfferId', 'Bitte wählen Sie ein Angebot oder eine Einkaufstranche.'],
    ]);
    const trancheFieldsWithoutTranche = await asStaff<ChangeAnswer>(CHANGE, {
      offerId: linked.offerId,
      buyPriceBtl: '10.00',
    });
    expect(errorsOf(trancheFieldsWithoutTranche.data?.changeOfferAndPartialOffer)).toEqual([
      ['partialOfferId', 'Einkaufspreis und Mengen gehören zu einer Einkaufstranche: Bitte wählen Sie eine.'],
    ]);
    const nothing = await asStaff<ChangeAnswer>(CHANGE, { partialOfferId: trancheId });
    expect(errorsOf(nothing.data?.changeOfferAndPartialOffer)).toEqual([
      [null, 'Es wurde keine Änderung angegeben.'],
    ]);
    const unknown = await asStaff<ChangeAnswer>(CHANGE, { partialOfferId: 999_999, sellPriceBtl: '10.00' });
    expect(errorsOf(unknown.data?.changeOfferAndPartialOffer)).toEqual([
      ['partialOfferId', 'Die Einkaufstranche wurde nicht gefunden.'],
    ]);
    const [otherOffer] = await portal.db.select().from(offers).where(ne(offers.id, linked.offerId)).limit(1);
    const mismatch = await asStaff<ChangeAnswer>(CHANGE, {
      partialOfferId: trancheId,
      offerId: otherOffer?.id,
      sellPriceBtl: '10.00',
    });
    expect(errorsOf(mismatch.data?.changeOfferAndPartialOffer)).toEqual([
      ['offerId', 'Die Einkaufstranche gehört nicht zu diesem Angebot.'],
    ]);
    const aboveTotal = await asStaff<ChangeAnswer>(CHANGE, {
      partialOfferId: trancheId,
      sellPriceBtl: '10.00',
      quantityAvailable: '99',
    });
    expect(errorsOf(aboveTotal.data?.changeOfferAndPartialOffer)).toEqual([
      ['quantityAvailable', 'Die verfügbaren Kisten dürfen die Gesamtmenge nicht übersteigen.'],
    ]);
    expect(await snapshot()).toEqual(before);

    const changed = await asStaff<ChangeAnswer>(CHANGE, {
      partialOfferId: trancheId,
      buyPriceBtl: '640.00',
      sellPriceBtl: '766.90',
      quantityAvailable: '3',
      totalQuantityAvailable: '5',
      promoteOffer: false,
    });
    expect(changed.data?.changeOfferAndPartialOffer).toMatchObject({
      success: true,
      errors: [],
      offer: { id: linked.offerId, sellPriceBtl: '766.90', promoteOffer: false, archived: false },
      partialOffer: { id: trancheId, buyPriceBtl: '640.00', quantityAvailable: 3, totalQuantityAvailable: 5 },
    });
    const tranches = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, linked.offerId));
    expect(changed.data?.changeOfferAndPartialOffer.offer?.totalQuantityAvailable).toBe(
      tranches.reduce((sum, row) => sum + row.totalQuantityAvailable, 0),
    );
    const offerAudit = await auditRows('offer', linked.offerId);
    expect(offerAudit.at(-1)).toMatchObject({ action: 'update', after: { sellPriceBtl: '766.90' } });
    expect(offerAudit.at(-1)?.before).toHaveProperty('sellPriceBtl');
    const trancheAudit = await auditRows('partial_offer', trancheId);
    expect(trancheAudit.at(-1)).toMatchObject({
      action: 'update',
      after: { buyPriceBtl: '640.00', quantityAvailable: 3, totalQuantityAvailable: 5 },
    });

    const archived = await asStaff<ChangeAnswer>(CHANGE, { offerId: linked.offerId, archived: true });
    expect(archived.data?.changeOfferAndPartialOffer).toMatchObject({
      success: true,
      offer: { archived: true },
      partialOffer: null,
    });
    const [row] = await portal.db.select().from(offers).where(eq(offers.id, linked.offerId));
    expect(row?.archived).toBe(true);
    expect((await auditRows('offer', linked.offerId)).at(-1)).toMatchObject({
      before: { archived: false },
      after: { archived: true },
    });
    await asStaff<ChangeAnswer>(CHANGE, { offerId: linked.offerId, archived: false });
  });

  it('informs clients waiting for a sold-out wine when the inline edit puts cases on sale again', async () => {
    const candidates = await portal.db.select().from(offers).where(eq(offers.archived, false));
    let soldOut: (typeof candidates)[number] | undefined;
    for (const candidate of candidates) {
      if ((await offerAvailability(portal.db, candidate.id)) === 0) {
        const tranches = await portal.db
          .select()
          .from(partialOffers)
          .where(eq(partialOffers.offerId, candidate.id));
        if (tranches.some((tranche) => tranche.totalQuantityAvailable > 0)) {
          soldOut = candidate;
          break;
        }
      }
    }
    if (!soldOut) throw new Error('Kein ausverkauftes Angebot in den Demodaten');
    const [tranche] = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, soldOut.id));
    const [vintage] = await portal.db.select().from(vintages).where(eq(vintages.id, soldOut.vintageId));
    const requested = await portal.gql<{ requestSoldOutNotification: { success: boolean } }>(
      'mutation ($id: Int!) { requestSoldOutNotification(vintageId: $id) { success } }',
      { id: soldOut.vintageId },
      { token: clientToken },
    );
    expect(requested.data?.requestSoldOutNotification.success).toBe(true);

    const changed = await asStaff<ChangeAnswer>(CHANGE, {
      partialOfferId: tranche?.id,
      quantityAvailable: '1',
    });
    expect(changed.data?.changeOfferAndPartialOffer.success).toBe(true);
    await portal.deliverOutbox();
    const mails = (await portal.mailsTo('kunde@example.com')).filter(
      (mail) => mail.subject === `${vintage?.title} ${vintage?.year} ist wieder verfügbar`,
    );
    expect(mails).toHaveLength(1);
  });

  it('creates a new offer with its first tranche, validated, with audit rows for both', async () => {
    const empty = await asStaff<CreateAnswer>(CREATE_OFFER, {});
    expect(errorsOf(empty.data?.createOfferAndPartialOffer)).toEqual([
      ['vintageId', 'Bitte wählen Sie einen Jahrgang.'],
      ['bottleSizeId', 'Bitte wählen Sie eine Flaschengröße.'],
      ['offererId', 'Bitte wählen Sie einen Lieferanten.'],
      ['buyPriceBtl', backofficeMessages.priceNumeric],
      ['sellPriceBtl', backofficeMessages.priceNumeric],
      ['caskOf', backofficeMessages.amountNumeric],
      ['quantityAvailable', backofficeMessages.amountNumeric],
    ]);
    const before = await snapshot();
    const zeroBottles = await asStaff<CreateAnswer>(CREATE_OFFER, {
      ...ids,
      buyPriceBtl: '10.00',
      sellPriceBtl: '12.00',
      caskOf: '0',
      quantityAvailable: '1',
    });
    expect(errorsOf(zeroBottles.data?.createOfferAndPartialOffer)).toEqual([
      ['caskOf', 'Eine Kiste muss mindestens eine Flasche enthalten.'],
    ]);
    for (const [field, message] of [
      ['vintageId', 'Der Jahrgang wurde nicht gefunden.'],
      ['bottleSizeId', 'Die Flaschengröße wurde nicht gefunden.'],
      ['offererId', 'Der Lieferant wurde nicht gefunden.'],
    ] as const) {
      const answer = await asStaff<CreateAnswer>(CREATE_OFFER, {
        ...ids,
        [field]: 999_999,
        buyPriceBtl: '10.00',
        sellPriceBtl: '12.00',
        caskOf: '6',
        quantityAvailable: '1',
      });
      expect(errorsOf(answer.data?.createOfferAndPartialOffer)).toEqual([[field, message]]);
    }
    expect(await snapshot()).toEqual(before);

    const created = await asStaff<CreateAnswer>(CREATE_OFFER, {
      ...ids,
      buyPriceBtl: '1150.00',
      sellPriceBtl: '1390.00',
      caskOf: '3',
      quantityAvailable: '4',
    });
    const result = created.data?.createOfferAndPartialOffer;
    expect(result).toMatchObject({
      success: true,
      errors: [],
      offer: {
        caskOf: 3,
        sellPriceBtl: '1390.00',
        totalQuantityAvailable: 4,
        availableCases: 4,
        archived: false,
        vintage: { id: ids.vintageId },
        bottleSize: { id: ids.bottleSizeId },
      },
      partialOffer: {
        buyPriceBtl: '1150.00',
        quantityAvailable: 4,
        totalQuantityAvailable: 4,
        offerer: { id: ids.offererId },
      },
    });
    expect(result?.partialOffer?.offerId).toBe(result?.offer?.id);
    expect(
      (await auditRows('offer', result?.offer?.id ?? 0)).map((entry) => [entry.action, entry.after]),
    ).toEqual([['create', expect.objectContaining({ sellPriceBtl: '1390.00', caskOf: 3 })]]);
    expect(
      (await auditRows('partial_offer', result?.partialOffer?.id ?? 0)).map((entry) => entry.action),
    ).toEqual(['create']);
    const listed = await asStaff<{ backofficeOffers: { id: number }[] }>(OFFERS, { variant: 'ACTIVE' });
    expect(listed.data?.backofficeOffers[0]?.id).toBe(result?.offer?.id);
  });
});
