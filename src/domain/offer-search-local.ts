/**
 * The offer search on the device (offline): the conditions of the server's `searchOffers`
 * (`server/services/offers.ts`) applied to offers loaded earlier, so the top-offers filters keep
 * working without a connection. A condition given as null or undefined does not filter.
 */
import { normalizeSearchTerm } from './search';

/** The filter arguments of `searchOffers` (the page's `offerSearchVariables`), offline and on the server. */
export interface OfferSearchFilter {
  search?: string | null;
  countryId?: number | null;
  regionId?: number | null;
  subregionId?: number | null;
  wineryId?: number | null;
  yearMin?: number | null;
  yearMax?: number | null;
  /** Bottle price in euro. */
  priceMin?: number | null;
  priceMax?: number | null;
  bottleSizeId?: number | null;
  isPromoted?: boolean | null;
}

/** The fields of an offer the search looks at (all part of the offer card). */
export interface LocallySearchableOffer {
  /** Sell price per bottle, decimal string. */
  priceBtl: string;
  promoteOffer: boolean;
  bottleSize: { id: number };
  vintage: {
    year: number;
    /** The title without accents, as the server searches it. */
    titleUnidecoded: string;
    wine: {
      subregion: { id: number } | null;
      winery: {
        id: number;
        region: { id: number; country: { id: number } };
        subregion: { id: number } | null;
      };
    };
  };
}

const given = <Value>(value: Value | null | undefined): value is Value =>
  value !== null && value !== undefined;

/** Whether one offer meets every given condition. */
export function matchesOfferSearch(offer: LocallySearchableOffer, search: OfferSearchFilter): boolean {
  const { vintage } = offer;
  const { winery } = vintage.wine;
  const term = normalizeSearchTerm(search.search);
  if (search.isPromoted && !offer.promoteOffer) return false;
  if (term && !vintage.titleUnidecoded.toLowerCase().includes(term)) return false;
  if (given(search.countryId) && winery.region.country.id !== search.countryId) return false;
  if (given(search.regionId) && winery.region.id !== search.regionId) return false;
  // The wine's own subregion, else its winery's (as the server's coalesce).
  const subregionId = vintage.wine.subregion?.id ?? winery.subregion?.id ?? null;
  if (given(search.subregionId) && subregionId !== search.subregionId) return false;
  if (given(search.wineryId) && winery.id !== search.wineryId) return false;
  if (given(search.yearMin) && vintage.year < search.yearMin) return false;
  if (given(search.yearMax) && vintage.year > search.yearMax) return false;
  const price = Number(offer.priceBtl);
  if (given(search.priceMin) && !(price >= search.priceMin)) return false;
  if (given(search.priceMax) && !(price <= search.priceMax)) return false;
  if (given(search.bottleSizeId) && offer.bottleSize.id !== search.bottleSizeId) return false;
  return true;
}

/** The offers (in their order) that meet the search. */
export function searchOffersLocally<Offer extends LocallySearchableOffer>(
  offers: readonly Offer[],
  search: OfferSearchFilter,
): Offer[] {
  return offers.filter((offer) => matchesOfferSearch(offer, search));
}
