/**
 * The top offers' search: promoted and on-request lists, the text search (accents, wildcards,
 * its index), the filters alone and combined, fields by role and the number of queries.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, type TestPortal } from './support/harness';
import { type Lookups, offerOperation, offerSearchJourney } from './support/offer-search-journey';

const TOKEN_AUTH = offerOperation('SignIn');
const WINERIES_WITH_OFFER = offerOperation('WineriesWithOffer');

describe.each(databaseTargets)('Angebote durchsuchen (%s)', (target) => {
  const journey = offerSearchJourney(target);
  const { search, idOf, titles } = journey;
  let portal: TestPortal;
  let lookups: Lookups;
  beforeAll(() => {
    ({ portal, lookups } = journey);
  });

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

    const wineries = await portal.gql<{ allWineries: { id: number; title: string }[] }>(WINERIES_WITH_OFFER);
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
});
