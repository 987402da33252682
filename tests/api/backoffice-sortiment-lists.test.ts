/**
 * What staff see in the Sortiment tab, and only staff: offers by variant, purchase tranches paged,
 * sorted and searched on the server, and the depot positions of an offer with their owners.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { depotPositions, offers, partialOffers, users, vintages } from '../../server/db/schema';
import {
  type DepotPositionRow,
  sortimentJourney,
  sortimentOperation,
} from './support/backoffice-sortiment-journey';
import { databaseTargets, type TestPortal } from './support/harness';
import { expectStaffOnly } from './support/sign-in';

const OFFERS = sortimentOperation('BackofficeOffers');
const PARTIAL_OFFERS = sortimentOperation('PartialOffers');
const DEPOT_POSITIONS = sortimentOperation('DepotPositionsForOffer');
const CHANGE = sortimentOperation('ChangeOfferAndTranche');
const CREATE_OFFER = sortimentOperation('CreateOfferAndTranche');
const LINK = sortimentOperation('LinkDepotPositionToTranche');
const DEFAULT_OFFERS = sortimentOperation('DefaultBackofficeOffers');
const PUBLIC_OFFERS = sortimentOperation('PublicOffers');

describe.each(databaseTargets)('Back office: Sortiment (Neu), Listen (%s)', (target) => {
  const journey = sortimentJourney(target);
  const { asStaff, snapshot } = journey;
  let portal: TestPortal;
  let clientToken: string;
  let linked: { offerId: number; vintageId: number; positionId: number; tranches: number[] };
  let ids: { vintageId: number; bottleSizeId: number; offererId: number };
  beforeAll(() => {
    ({ portal, clientToken, linked, ids } = journey);
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
    const defaultVariant = (await asStaff<OffersAnswer>(DEFAULT_OFFERS)).data?.backofficeOffers;
    expect(defaultVariant).toHaveLength(rows.length);

    const publicList = await portal.gql<{ allOffers: { id: number; archived: boolean }[] }>(PUBLIC_OFFERS);
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
});
