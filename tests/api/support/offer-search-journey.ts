/**
 * The set-up of the `offers-*.test.ts` files: their documents (`tests/api/documents/offers.graphql`),
 * a seeded portal per file and database with the lookup lists, and the top offers' search.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { apiOperations } from './documents';
import { type DatabaseTarget, startTestPortal, type TestPortal } from './harness';

export const offerOperation = apiOperations('offers');
const SEARCH = offerOperation('SearchOffers');
const LOOKUPS = offerOperation('Lookups');

export interface SearchOffer {
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

export type Search = { searchOffers: { available: SearchOffer[]; onRequest: SearchOffer[] } };
export type Lookups = {
  allCountries: { id: number; title: string }[];
  allRegions: { id: number; title: string; country: { id: number } }[];
  allSubregions: { id: number; title: string; region: { id: number } }[];
  allBottleSizes: { id: number; title: string }[];
};

/** A seeded portal with its lookup lists; `search` answers both lists of the search and them together. */
export function offerSearchJourney(target: DatabaseTarget) {
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

  return {
    get portal() {
      return portal;
    },
    get lookups() {
      return lookups;
    },
    search,
    idOf,
    titles,
  };
}
