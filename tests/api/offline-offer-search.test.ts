import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OfferSearchFilter, searchOffersLocally } from '../../src/domain/offer-search-local';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { searchOffersQuery } from './support/search-offers';

/** The fields the top-offers page loads for each offer card (and filters on offline). */
const SEARCH = searchOffersQuery(`
  id priceBtl promoteOffer
  bottleSize { id }
  vintage { year titleUnidecoded wine { subregion { id } winery { id subregion { id } region { id country { id } } } } }
`);

type Offer = Parameters<typeof searchOffersLocally>[0][number] & { id: number };
type Search = { searchOffers: { available: Offer[]; onRequest: Offer[] } };
type Lookups = {
  allCountries: { id: number }[];
  allRegions: { id: number }[];
  allSubregions: { id: number }[];
  allBottleSizes: { id: number }[];
  allWineries: { id: number }[];
};

describe.each(databaseTargets)(
  'Offline-Filter der Top Angebote stimmt mit dem Server überein (%s)',
  (target) => {
    let portal: TestPortal;
    let lookups: Lookups;
    beforeAll(async () => {
      portal = await startTestPortal(target, { seed: true });
      const answer = await portal.gql<Lookups>(
        `{ allCountries { id } allRegions { id } allSubregions { id } allBottleSizes { id }
         allWineries(withOfferOnly: true) { id } }`,
      );
      expect(answer.errors).toBeUndefined();
      lookups = answer.data as Lookups;
    }, 120_000);
    afterAll(async () => {
      await portal?.close();
    });

    async function search(variables: OfferSearchFilter) {
      const answer = await portal.gql<Search>(SEARCH, { ...variables });
      expect(answer.errors).toBeUndefined();
      return answer.data?.searchOffers as Search['searchOffers'];
    }
    const ids = (offers: Offer[]) => offers.map((offer) => offer.id);

    it('finds on the device exactly what the server finds, for every single filter and some combinations', async () => {
      // What the page stores from an online visit: the promoted offers without any other filter.
      const stored = await search({ isPromoted: true });
      const filters: OfferSearchFilter[] = [
        ...['chateau', 'CHÂTEAU margaux', '  la   tache ', 'romanée', 'gibt es nicht'].map((term) => ({
          search: term,
        })),
        ...lookups.allCountries.map((country) => ({ countryId: country.id })),
        ...lookups.allRegions.map((region) => ({ regionId: region.id })),
        ...lookups.allSubregions.map((subregion) => ({ subregionId: subregion.id })),
        ...lookups.allWineries.map((winery) => ({ wineryId: winery.id })),
        ...lookups.allBottleSizes.map((size) => ({ bottleSizeId: size.id })),
        { yearMin: 2018 },
        { yearMax: 2015 },
        { yearMin: 2016, yearMax: 2019 },
        { priceMin: 500 },
        { priceMax: 300 },
        { priceMin: 100, priceMax: 1000 },
        { countryId: lookups.allCountries[0]?.id ?? null, yearMin: 2015, priceMax: 2000, search: 'a' },
      ];
      let nonEmpty = 0;
      for (const filter of filters) {
        const variables = { ...filter, isPromoted: true };
        const server = await search(variables);
        const local = {
          available: searchOffersLocally(stored.available, variables),
          onRequest: searchOffersLocally(stored.onRequest, variables),
        };
        expect({ filter, available: ids(local.available), onRequest: ids(local.onRequest) }).toEqual({
          filter,
          available: ids(server.available),
          onRequest: ids(server.onRequest),
        });
        if (server.available.length + server.onRequest.length > 0) nonEmpty += 1;
      }
      // The comparison means something only if many filters find offers.
      expect(nonEmpty).toBeGreaterThan(filters.length / 2);
    });

    it('answers every combination of filters alike, also beyond the combinations the server prepares', async () => {
      // 64 combinations of six broad filters (the server prepares the first 32 it meets and builds
      // the others per call): each must find what the device finds.
      const stored = await search({ isPromoted: true });
      const broad: OfferSearchFilter = {
        search: 'a',
        countryId: lookups.allCountries[0]?.id ?? null,
        yearMin: 1900,
        yearMax: 2100,
        priceMin: 1,
        priceMax: 1_000_000,
      };
      const names = Object.keys(broad) as (keyof OfferSearchFilter)[];
      let nonEmpty = 0;
      for (let subset = 0; subset < 2 ** names.length; subset += 1) {
        const filter = Object.fromEntries(
          names.filter((_, bit) => subset & (1 << bit)).map((name) => [name, broad[name]]),
        ) as OfferSearchFilter;
        const variables = { ...filter, isPromoted: true };
        const server = await search(variables);
        expect({ filter, available: ids(server.available), onRequest: ids(server.onRequest) }).toEqual({
          filter,
          available: ids(searchOffersLocally(stored.available, variables)),
          onRequest: ids(searchOffersLocally(stored.onRequest, variables)),
        });
        if (server.available.length > 0) nonEmpty += 1;
      }
      expect(nonEmpty).toBeGreaterThan(32);
    });
  },
);
