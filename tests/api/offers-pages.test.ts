/**
 * What the offer pages and lists answer besides the search: the wineries, the offer page with its
 * carousel, the featured offer and the remaining lookup lists.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { partialOffers } from '../../server/db/schema';
import { databaseTargets, type TestPortal } from './support/harness';
import { offerOperation, offerSearchJourney } from './support/offer-search-journey';

const WINERIES_BY_PROMOTION = offerOperation('WineriesByPromotion');
const WINERY_OFFERS = offerOperation('WineryOffers');
const OFFER_PAGE = offerOperation('OfferPage');
const OFFERS_WITH_STOCK = offerOperation('OffersWithStock');
const FEATURED_OFFER = offerOperation('FeaturedOffer');
const REMAINING_LOOKUPS = offerOperation('RemainingLookups');
const GWS_RECORDS = offerOperation('GwsRecords');

describe.each(databaseTargets)('Angebotsseite, Weingüter und Auswahllisten (%s)', (target) => {
  const journey = offerSearchJourney(target);
  const { search } = journey;
  let portal: TestPortal;
  beforeAll(() => {
    ({ portal } = journey);
  });

  it('allWineries: promote and withOfferOnly', async () => {
    const answer = await portal.gql<{
      all: { id: number; title: string }[];
      promoted: { id: number; title: string }[];
      withOffer: { id: number; title: string; wines: { vintages: { offerRel: { id: number }[] }[] }[] }[];
    }>(WINERIES_BY_PROMOTION);
    expect(answer.errors).toBeUndefined();
    const { all, promoted, withOffer } = answer.data as NonNullable<typeof answer.data>;
    expect(all.map((w) => w.title)).toEqual(
      [...all.map((w) => w.title)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(promoted.map((w) => w.title)).toEqual(
      expect.arrayContaining([
        'Château Lafite Rothschild',
        'Pétrus',
        'Domaine de la Romanée-Conti',
        'Tenuta San Guido',
      ]),
    );
    expect(promoted.map((w) => w.title)).not.toContain('Château Cheval Blanc');
    expect(promoted.length).toBeLessThan(all.length);
    expect(withOffer.length).toBeGreaterThan(0);
    for (const winery of withOffer) {
      expect(winery.wines.some((wine) => wine.vintages.some((v) => v.offerRel.length > 0))).toBe(true);
    }
    const without = all.filter((w) => !withOffer.some((o) => o.id === w.id));
    const detail = await portal.gql<{
      allWineries: { id: number; wines: { vintages: { offerRel: { id: number }[] }[] }[] }[];
    }>(WINERY_OFFERS);
    for (const winery of without) {
      const row = detail.data?.allWineries.find((w) => w.id === winery.id);
      expect(row?.wines.every((wine) => wine.vintages.every((v) => v.offerRel.length === 0))).toBe(true);
    }
  });

  it('offerPage: offer by lwin11, sold-out offer, redirect target and newest offer', async () => {
    const carousel = await portal.gql<{
      offerPage: {
        offer: null;
        hotDeals: {
          id: number;
          availableCases: number;
          onRequest: boolean;
          archived: boolean;
          datetimeCreated: string;
          vintage: { lwin11: string };
        }[];
        hotDealCount: number;
        firstAvailableLwin11: string;
        newestLwin11: string;
      };
    }>(OFFER_PAGE, {});
    const page = carousel.data?.offerPage;
    expect(page?.offer).toBeNull();
    // Only the 3 tiles the carousel shows (the newest offers with cases, oldest first), and the count
    // of all offers with cases for its initial index.
    const stocked = (
      await portal.gql<{
        allOffers: {
          id: number;
          onRequest: boolean;
          availableCases: number;
          datetimeCreated: string;
          vintage: { lwin11: string };
        }[];
      }>(OFFERS_WITH_STOCK)
    ).data?.allOffers.filter((o) => o.availableCases > 0 && !o.onRequest);
    expect(stocked?.length).toBeGreaterThan(3);
    expect(page?.hotDealCount).toBe(stocked?.length);
    expect(page?.hotDeals.map((o) => o.id)).toEqual(stocked?.slice(-3).map((o) => o.id));
    expect(page?.hotDeals.every((o) => o.availableCases > 0 && !o.onRequest && !o.archived)).toBe(true);
    const created = page?.hotDeals.map((o) => o.datetimeCreated) ?? [];
    expect(created).toEqual([...created].sort());
    expect(page?.firstAvailableLwin11).toBe(stocked?.[0]?.vintage.lwin11);
    expect(page?.newestLwin11).toBe(stocked?.at(-1)?.vintage.lwin11);

    const soldOutSearch = await search({ search: 'lafite', yearMin: 2010, yearMax: 2010 });
    const soldOutLwin11 = soldOutSearch.all[0]?.vintage.lwin11;
    const soldOut = await portal.gql<{
      offerPage: { offer: { availableCases: number; vintage: { year: number } } };
    }>(OFFER_PAGE, {
      lwin11: soldOutLwin11,
    });
    expect(soldOut.data?.offerPage.offer.availableCases).toBe(0);
    expect(soldOut.data?.offerPage.offer.vintage.year).toBe(2010);

    const unknown = await portal.gql<{ offerPage: { offer: null; firstAvailableLwin11: string } }>(
      OFFER_PAGE,
      {
        lwin11: '99999999999',
      },
    );
    expect(unknown.data?.offerPage.offer).toBeNull();
    expect(unknown.data?.offerPage.firstAvailableLwin11).toBe(page?.firstAvailableLwin11);
  });

  it('featuredOffer: the first promoted offer with cases in the order of allVintages and their offers', async () => {
    type Card = { id: number; promoteOffer: boolean; onRequest: boolean; availableCases: number };
    const first = async () => {
      const answer = await portal.gql<{
        featuredOffer: { id: number } | null;
        allVintages: { offerRel: Card[] }[];
      }>(FEATURED_OFFER);
      expect(answer.errors).toBeUndefined();
      // The rule of the spec's client, computed over every vintage and its offers.
      const expected = answer.data?.allVintages
        .flatMap((vintage) => vintage.offerRel)
        .find((offer) => offer.promoteOffer && !offer.onRequest && offer.availableCases > 0);
      return { featured: answer.data?.featuredOffer ?? null, expected: expected ?? null };
    };
    const before = await first();
    expect(before.featured).not.toBeNull();
    expect(before.featured?.id).toBe(before.expected?.id);

    // Without stock the next promoted offer takes its place.
    const featuredId = before.featured?.id as number;
    const tranches = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, featuredId));
    await portal.db
      .update(partialOffers)
      .set({ quantityAvailable: 0 })
      .where(eq(partialOffers.offerId, featuredId));
    try {
      const after = await first();
      expect(after.featured?.id).not.toBe(featuredId);
      expect(after.featured?.id).toBe(after.expected?.id);
    } finally {
      for (const tranche of tranches) {
        await portal.db
          .update(partialOffers)
          .set({ quantityAvailable: tranche.quantityAvailable })
          .where(eq(partialOffers.id, tranche.id));
      }
    }
  });

  it('answers the remaining lookup lists', async () => {
    const answer = await portal.gql<{
      allVintages: { year: number }[];
      allOffers: { archived: boolean }[];
      allBrandImages: { title: string; image: string }[];
    }>(REMAINING_LOOKUPS);
    expect(answer.errors).toBeUndefined();
    const years = answer.data?.allVintages.map((v) => v.year) ?? [];
    expect(years.length).toBeGreaterThan(10);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(answer.data?.allOffers.every((o) => !o.archived)).toBe(true);
    expect(answer.data?.allBrandImages.map((b) => b.title)).toContain('Logo');
    expect(answer.data?.allBrandImages.every((b) => b.image.startsWith('/media/'))).toBe(true);

    const lafite = await search({ search: 'lafite rothschild', yearMin: 2016, yearMax: 2016 });
    const lwin11 = lafite.all[0]?.vintage.lwin11 as string;
    const gws = await portal.gql<{ allGwsRecords: { lwin: string; lwin11: string }[] }>(GWS_RECORDS, {
      lwin: lwin11.slice(0, 7),
    });
    expect(gws.errors).toBeUndefined();
    expect(gws.data?.allGwsRecords.length).toBeGreaterThan(0);
    expect(gws.data?.allGwsRecords.every((r) => r.lwin === lwin11.slice(0, 7))).toBe(true);
  });
});
