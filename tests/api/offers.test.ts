import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partialOffers } from '../../server/db/schema';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { searchOffersQuery } from './support/search-offers';

interface SearchOffer {
  id: number;
  onRequest: boolean;
  promoteOffer: boolean;
  archived: boolean;
  sellPriceBtl: string;
  sellPriceCaseStr: string;
  caskOf: number;
  availableCases: number;
  entityPriceNet: string | null;
  bottleSize: { id: number; title: string };
  partialOfferRel: {
    quantityAvailable: number;
    buyPriceBtl: string | null;
    offerer: { company: string } | null;
  }[];
  vintage: {
    year: number;
    title: string;
    lwin11: string;
    wine: {
      subregion: { id: number } | null;
      winery: {
        id: number;
        title: string;
        subregion: { id: number } | null;
        region: { id: number; country: { id: number } };
      };
    };
  };
}

const SEARCH = searchOffersQuery(`
  id onRequest promoteOffer archived sellPriceBtl sellPriceCaseStr caskOf availableCases entityPriceNet
  bottleSize { id title }
  partialOfferRel { quantityAvailable buyPriceBtl offerer { company } }
  vintage { year title lwin11 wine { subregion { id } winery { id title subregion { id } region { id country { id } } } } }
`);

const LOOKUPS = `{
  allCountries { id title }
  allRegions { id title country { id } }
  allSubregions { id title region { id } }
  allBottleSizes { id title }
}`;

const TOKEN_AUTH =
  'mutation ($email: String!) { tokenAuth(email: $email, password: "Weindepot2026!") { token } }';

type Search = { searchOffers: { available: SearchOffer[]; onRequest: SearchOffer[] } };
type Lookups = {
  allCountries: { id: number; title: string }[];
  allRegions: { id: number; title: string; country: { id: number } }[];
  allSubregions: { id: number; title: string; region: { id: number } }[];
  allBottleSizes: { id: number; title: string }[];
};

describe.each(databaseTargets)('Angebote durchsuchen (%s)', (target) => {
  let portal: TestPortal;
  let lookups: Lookups;
  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    const answer = await portal.gql<Lookups>(LOOKUPS);
    expect(answer.errors).toBeUndefined();
    lookups = answer.data as Lookups;
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  async function search(variables: Record<string, unknown>, token?: string) {
    const answer = await portal.gql<Search>(SEARCH, variables, { token });
    expect(answer.errors).toBeUndefined();
    const result = answer.data?.searchOffers as Search['searchOffers'];
    return { ...result, all: [...result.available, ...result.onRequest] };
  }
  const idOf = (list: { id: number; title: string }[], title: string) => {
    const row = list.find((item) => item.title === title);
    if (!row) throw new Error(`${title} fehlt`);
    return row.id;
  };
  const titles = (offers: SearchOffer[]) =>
    offers.map((offer) => `${offer.vintage.title} ${offer.vintage.year}`);

  it('splits promoted, non-archived offers into available and on-request lists', async () => {
    const result = await search({ isPromoted: true });
    expect(result.available.length).toBeGreaterThan(10);
    expect(result.available.every((offer) => !offer.onRequest && offer.promoteOffer)).toBe(true);
    expect(result.onRequest.length).toBe(3);
    expect(result.onRequest.every((offer) => offer.onRequest && offer.promoteOffer)).toBe(true);
    expect(titles(result.onRequest)).toEqual(
      expect.arrayContaining([
        'Pétrus 2019',
        'Romanée-Conti Grand Cru 2019',
        'Screaming Eagle Cabernet Sauvignon 2018',
      ]),
    );
    // sold-out offers stay in the list (shown blurred), with their tranche quantities
    const soldOut = result.available.find(
      (offer) => offer.vintage.title === 'Château Lafite Rothschild' && offer.vintage.year === 2010,
    );
    expect(soldOut?.availableCases).toBe(0);
    expect(soldOut?.partialOfferRel.every((tranche) => tranche.quantityAvailable === 0)).toBe(true);
  });

  it('never answers archived offers; without isPromoted it also lists offers that are not promoted', async () => {
    const all = await search({});
    expect(all.all.some((offer) => !offer.promoteOffer)).toBe(true);
    expect(all.all.every((offer) => !offer.archived)).toBe(true);
    expect(titles(all.all)).not.toContain('Dom Pérignon Brut 2012');
    expect(titles(all.all)).not.toContain('Sassicaia 2016');
    expect(titles(all.all)).toContain('Sassicaia 2019');
  });

  it.each([
    ['chateau', 'Château Lafite Rothschild'],
    ['CHÂTEAU margaux', 'Château Margaux'],
    ['petrus', 'Pétrus'],
    ['  la   tache ', 'La Tâche Grand Cru'],
    ['romanée', 'Romanée-Conti Grand Cru'],
  ])('searches case- and accent-insensitively: %j finds %s', async (term, title) => {
    const result = await search({ search: term });
    expect(result.all.length).toBeGreaterThan(0);
    expect(result.all.map((offer) => offer.vintage.title)).toContain(title);
  });

  it('matches every search result against the normalised term and treats LIKE wildcards literally', async () => {
    const result = await search({ search: 'chateau' });
    expect(
      result.all.every((offer) =>
        offer.vintage.title
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()
          .includes('chateau'),
      ),
    ).toBe(true);
    expect((await search({ search: '%' })).all).toEqual([]);
    expect((await search({ search: 'gibt es nicht' })).all).toEqual([]);
  });

  it('answers the text search from the trigram index, not a table scan', async () => {
    const plan = await portal.db.transaction(async (tx) => {
      // The demo table is tiny, so the planner would scan it anyway; forbid that to see the index is usable.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute(
        sql`EXPLAIN SELECT id FROM vintages WHERE lower(title_unidecoded) LIKE ${'%chateau%'}`,
      );
      // node-postgres and PGlite shape the result differently; the plan text is in it either way.
      return JSON.stringify(result);
    });
    expect(plan).toContain('vintages_title_unidecoded_trgm_idx');
  });

  it('filters by country, region, subregion and winery', async () => {
    const italy = idOf(lookups.allCountries, 'Italien');
    const byCountry = await search({ countryId: italy });
    expect(byCountry.all.length).toBeGreaterThan(0);
    expect(byCountry.all.every((offer) => offer.vintage.wine.winery.region.country.id === italy)).toBe(true);

    const burgund = idOf(lookups.allRegions, 'Burgund');
    const byRegion = await search({ regionId: burgund });
    expect(byRegion.all.length).toBeGreaterThan(0);
    expect(byRegion.all.every((offer) => offer.vintage.wine.winery.region.id === burgund)).toBe(true);

    const pauillac = idOf(lookups.allSubregions, 'Pauillac');
    const bySubregion = await search({ subregionId: pauillac });
    expect(bySubregion.all.length).toBeGreaterThan(0);
    expect(
      bySubregion.all.every(
        (offer) => (offer.vintage.wine.subregion ?? offer.vintage.wine.winery.subregion)?.id === pauillac,
      ),
    ).toBe(true);

    const wineries = await portal.gql<{ allWineries: { id: number; title: string }[] }>(
      '{ allWineries(withOfferOnly: true) { id title } }',
    );
    const sanGuido = idOf(wineries.data?.allWineries ?? [], 'Tenuta San Guido');
    const byWinery = await search({ wineryId: sanGuido });
    expect(titles(byWinery.all).sort()).toEqual(['Sassicaia 2019', 'Sassicaia 2021']);
  });

  it('filters by year range, bottle-price range and bottle size', async () => {
    const byYear = await search({ yearMin: 2018, yearMax: 2019 });
    expect(byYear.all.length).toBeGreaterThan(0);
    expect(byYear.all.every((offer) => offer.vintage.year >= 2018 && offer.vintage.year <= 2019)).toBe(true);
    expect((await search({ yearMin: 1901, yearMax: 1950 })).all).toEqual([]);

    const byPrice = await search({ priceMin: 300, priceMax: 600 });
    expect(byPrice.all.length).toBeGreaterThan(0);
    expect(
      byPrice.all.every((offer) => Number(offer.sellPriceBtl) >= 300 && Number(offer.sellPriceBtl) <= 600),
    ).toBe(true);
    expect((await search({ priceMin: 0, priceMax: 10000 })).all.length).toBe(
      (await search({})).all.filter((offer) => Number(offer.sellPriceBtl) <= 10000).length,
    );

    const magnum = idOf(lookups.allBottleSizes, '1,5l');
    const bySize = await search({ bottleSizeId: magnum });
    expect(bySize.all.length).toBeGreaterThan(0);
    expect(bySize.all.every((offer) => offer.bottleSize.id === magnum)).toBe(true);
  });

  it('combines filters (all conditions must hold)', async () => {
    const france = idOf(lookups.allCountries, 'Frankreich');
    const result = await search({
      search: 'chateau',
      countryId: france,
      yearMin: 2016,
      priceMax: 800,
      isPromoted: true,
    });
    expect(titles(result.all).sort()).toEqual(
      [
        'Château Cheval Blanc 2019',
        'Château Lafite Rothschild 2016',
        'Château Margaux 2025',
        'Château Mouton Rothschild 2018',
      ].sort(),
    );
    const none = await search({ search: 'sassicaia', countryId: france });
    expect(none.all).toEqual([]);
  });

  it('shows visitors and clients public fields only; staff see purchase prices', async () => {
    const visitor = await search({ search: 'lafite' });
    const tranches = visitor.all.flatMap((offer) => offer.partialOfferRel);
    expect(tranches.length).toBeGreaterThan(0);
    expect(tranches.every((tranche) => tranche.buyPriceBtl === null && tranche.offerer === null)).toBe(true);
    expect(visitor.all.every((offer) => offer.entityPriceNet === null)).toBe(true);

    const clientToken = (
      await portal.gql<{ tokenAuth: { token: string } }>(TOKEN_AUTH, { email: 'kunde@example.com' })
    ).data?.tokenAuth.token;
    const client = await search({ search: 'lafite' }, clientToken);
    expect(client.all.flatMap((offer) => offer.partialOfferRel).every((t) => t.buyPriceBtl === null)).toBe(
      true,
    );

    const staffToken = (
      await portal.gql<{ tokenAuth: { token: string } }>(TOKEN_AUTH, { email: 'berater@example.com' })
    ).data?.tokenAuth.token;
    const staff = await search({ search: 'lafite' }, staffToken);
    expect(staff.all.flatMap((offer) => offer.partialOfferRel).every((t) => t.buyPriceBtl !== null)).toBe(
      true,
    );
  });

  it('formats the case price in German and answers in a bounded number of queries', async () => {
    portal.queries.length = 0;
    const result = await search({ isPromoted: true });
    const lafite = result.available.find(
      (offer) => offer.vintage.lwin11.endsWith('2016') && offer.vintage.title === 'Château Lafite Rothschild',
    );
    expect(lafite?.sellPriceCaseStr).toBe('4.374,00 €');
    expect(portal.queries.length).toBeLessThan(25);
  });

  it('allWineries: promote and withOfferOnly', async () => {
    const answer = await portal.gql<{
      all: { id: number; title: string }[];
      promoted: { id: number; title: string }[];
      withOffer: { id: number; title: string; wines: { vintages: { offerRel: { id: number }[] }[] }[] }[];
    }>(`{
      all: allWineries { id title }
      promoted: allWineries(promote: true) { id title }
      withOffer: allWineries(withOfferOnly: true) { id title wines { vintages { offerRel { id } } } }
    }`);
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
    }>('{ allWineries { id wines { vintages { offerRel { id } } } } }');
    for (const winery of without) {
      const row = detail.data?.allWineries.find((w) => w.id === winery.id);
      expect(row?.wines.every((wine) => wine.vintages.every((v) => v.offerRel.length === 0))).toBe(true);
    }
  });

  it('offerPage: offer by lwin11, sold-out offer, redirect target and newest offer', async () => {
    const query = `query ($lwin11: String) { offerPage(lwin11: $lwin11) {
      offer { id availableCases vintage { lwin11 title year } }
      hotDeals { id availableCases onRequest archived datetimeCreated vintage { lwin11 } }
      hotDealCount firstAvailableLwin11 newestLwin11 } }`;
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
    }>(query, {});
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
      }>('{ allOffers { id onRequest availableCases datetimeCreated vintage { lwin11 } } }')
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
    }>(query, {
      lwin11: soldOutLwin11,
    });
    expect(soldOut.data?.offerPage.offer.availableCases).toBe(0);
    expect(soldOut.data?.offerPage.offer.vintage.year).toBe(2010);

    const unknown = await portal.gql<{ offerPage: { offer: null; firstAvailableLwin11: string } }>(query, {
      lwin11: '99999999999',
    });
    expect(unknown.data?.offerPage.offer).toBeNull();
    expect(unknown.data?.offerPage.firstAvailableLwin11).toBe(page?.firstAvailableLwin11);
  });

  it('featuredOffer: the first promoted offer with cases in the order of allVintages and their offers', async () => {
    type Card = { id: number; promoteOffer: boolean; onRequest: boolean; availableCases: number };
    const first = async () => {
      const answer = await portal.gql<{
        featuredOffer: { id: number } | null;
        allVintages: { offerRel: Card[] }[];
      }>('{ featuredOffer { id } allVintages { offerRel { id promoteOffer onRequest availableCases } } }');
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
    }>('{ allVintages { year } allOffers { archived } allBrandImages(width: 800) { title image } }');
    expect(answer.errors).toBeUndefined();
    const years = answer.data?.allVintages.map((v) => v.year) ?? [];
    expect(years.length).toBeGreaterThan(10);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(answer.data?.allOffers.every((o) => !o.archived)).toBe(true);
    expect(answer.data?.allBrandImages.map((b) => b.title)).toContain('Logo');
    expect(answer.data?.allBrandImages.every((b) => b.image.startsWith('/media/'))).toBe(true);

    const lafite = await search({ search: 'lafite rothschild', yearMin: 2016, yearMax: 2016 });
    const lwin11 = lafite.all[0]?.vintage.lwin11 as string;
    const gws = await portal.gql<{ allGwsRecords: { lwin: string; lwin11: string }[] }>(
      'query ($lwin: String!) { allGwsRecords(lwin: $lwin, vintageMin: 2000) { lwin lwin11 } }',
      { lwin: lwin11.slice(0, 7) },
    );
    expect(gws.errors).toBeUndefined();
    expect(gws.data?.allGwsRecords.length).toBeGreaterThan(0);
    expect(gws.data?.allGwsRecords.every((r) => r.lwin === lwin11.slice(0, 7))).toBe(true);
  });
});
