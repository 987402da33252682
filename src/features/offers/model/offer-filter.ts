/**
 * The top-offers filter (spec "Offer search filter", limits in section 5/9) and its URL form, so a
 * filtered view can be shared and survives a reload.
 */

export const YEAR_MIN = 1901;
export const PRICE_MIN = 0;
export const PRICE_MAX = 10000;

export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

export interface OfferFilter {
  search: string;
  countryId: number | null;
  regionId: number | null;
  subregionId: number | null;
  wineryId: number | null;
  yearMin: number;
  yearMax: number;
  priceMin: number;
  priceMax: number;
  bottleSizeId: number | null;
}

export function defaultOfferFilter(now: Date = new Date()): OfferFilter {
  return {
    search: '',
    countryId: null,
    regionId: null,
    subregionId: null,
    wineryId: null,
    yearMin: YEAR_MIN,
    yearMax: currentYear(now),
    priceMin: PRICE_MIN,
    priceMax: PRICE_MAX,
    bottleSizeId: null,
  };
}

const ID_KEYS = ['countryId', 'regionId', 'subregionId', 'wineryId', 'bottleSizeId'] as const;
const URL_NAMES: Record<(typeof ID_KEYS)[number], string> = {
  countryId: 'land',
  regionId: 'region',
  subregionId: 'subregion',
  wineryId: 'weingut',
  bottleSizeId: 'flasche',
};

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Reads a filter from the query string; unknown or out-of-range values fall back to the limits. */
export function parseOfferFilter(params: URLSearchParams, now: Date = new Date()): OfferFilter {
  const filter = defaultOfferFilter(now);
  filter.search = (params.get('suche') ?? '').slice(0, 200);
  for (const key of ID_KEYS) filter[key] = positiveInt(params.get(URL_NAMES[key]));
  const maxYear = currentYear(now);
  const yearFrom = positiveInt(params.get('von'));
  const yearTo = positiveInt(params.get('bis'));
  if (yearFrom !== null) filter.yearMin = clamp(yearFrom, YEAR_MIN, maxYear);
  if (yearTo !== null) filter.yearMax = clamp(yearTo, YEAR_MIN, maxYear);
  if (filter.yearMin > filter.yearMax) [filter.yearMin, filter.yearMax] = [filter.yearMax, filter.yearMin];
  const priceFrom = params.get('preisVon') === '0' ? 0 : positiveInt(params.get('preisVon'));
  const priceTo = params.get('preisBis') === '0' ? 0 : positiveInt(params.get('preisBis'));
  if (priceFrom !== null) filter.priceMin = clamp(priceFrom, PRICE_MIN, PRICE_MAX);
  if (priceTo !== null) filter.priceMax = clamp(priceTo, PRICE_MIN, PRICE_MAX);
  if (filter.priceMin > filter.priceMax)
    [filter.priceMin, filter.priceMax] = [filter.priceMax, filter.priceMin];
  return filter;
}

/** Writes only the values that differ from the defaults, so the plain page has a plain URL. */
export function offerFilterToParams(filter: OfferFilter, now: Date = new Date()): URLSearchParams {
  const params = new URLSearchParams();
  const defaults = defaultOfferFilter(now);
  if (filter.search.trim()) params.set('suche', filter.search);
  for (const key of ID_KEYS) {
    const value = filter[key];
    if (value !== null) params.set(URL_NAMES[key], String(value));
  }
  if (filter.yearMin !== defaults.yearMin) params.set('von', String(filter.yearMin));
  if (filter.yearMax !== defaults.yearMax) params.set('bis', String(filter.yearMax));
  if (filter.priceMin !== defaults.priceMin) params.set('preisVon', String(filter.priceMin));
  if (filter.priceMax !== defaults.priceMax) params.set('preisBis', String(filter.priceMax));
  return params;
}

/** Offers per page of the top offers as the client scrolls: full rows of one, two or three cards. */
export const OFFER_PAGE_SIZE = 48;

/** The filter arguments of `searchOffers` the top offers send (without the page's). */
export type OfferSearchVariables = ReturnType<typeof offerSearchVariables>;

/** The searchOffers variables of a filter: ranges at their limits are not sent (no restriction). */
export function offerSearchVariables(filter: OfferFilter, now: Date = new Date()) {
  const defaults = defaultOfferFilter(now);
  return {
    search: filter.search.trim() || null,
    countryId: filter.countryId,
    regionId: filter.regionId,
    subregionId: filter.subregionId,
    wineryId: filter.wineryId,
    yearMin: filter.yearMin !== defaults.yearMin ? filter.yearMin : null,
    yearMax: filter.yearMax !== defaults.yearMax ? filter.yearMax : null,
    priceMin: filter.priceMin !== defaults.priceMin ? filter.priceMin : null,
    priceMax: filter.priceMax !== defaults.priceMax ? filter.priceMax : null,
    bottleSizeId: filter.bottleSizeId,
    isPromoted: true,
  };
}

/** How many filters differ from the defaults (search text, each list, a narrowed year or price range). */
export function activeFilterCount(filter: OfferFilter, now: Date = new Date()): number {
  const defaults = defaultOfferFilter(now);
  return [
    filter.search.trim() !== '',
    filter.countryId !== null,
    filter.regionId !== null,
    filter.subregionId !== null,
    filter.wineryId !== null,
    filter.bottleSizeId !== null,
    filter.yearMin !== defaults.yearMin || filter.yearMax !== defaults.yearMax,
    filter.priceMin !== defaults.priceMin || filter.priceMax !== defaults.priceMax,
  ].filter(Boolean).length;
}

interface Titled {
  id: number;
  title: string;
}

/** The lists the place and size filters choose from (the shape of the offer filter lists' answer). */
export interface OfferFilterLists {
  allCountries: readonly Titled[];
  allRegions: readonly (Titled & { country: { id: number } })[];
  allSubregions: readonly (Titled & { region: { id: number } })[];
  allWineries: readonly (Titled & { region: { id: number }; subregion: { id: number } | null })[];
  allBottleSizes: readonly Titled[];
}

export interface FilterOption {
  value: string;
  label: string;
}

const toOption = (row: Titled): FilterOption => ({ value: String(row.id), label: row.title });

/**
 * The choices of each select: regions of the chosen country, subregions of the chosen region (or
 * of those regions), wineries of what is chosen above them; every country and bottle size.
 */
export function offerFilterOptions(
  lists: OfferFilterLists | undefined,
  filter: Pick<OfferFilter, 'countryId' | 'regionId' | 'subregionId'>,
): Record<'countries' | 'regions' | 'subregions' | 'wineries' | 'bottleSizes', FilterOption[]> {
  const regions = (lists?.allRegions ?? []).filter(
    (region) => filter.countryId === null || region.country.id === filter.countryId,
  );
  const regionIds = new Set(regions.map((region) => region.id));
  const subregions = (lists?.allSubregions ?? []).filter((subregion) =>
    filter.regionId === null ? regionIds.has(subregion.region.id) : subregion.region.id === filter.regionId,
  );
  const wineries = (lists?.allWineries ?? []).filter(
    (winery) =>
      regionIds.has(winery.region.id) &&
      (filter.regionId === null || winery.region.id === filter.regionId) &&
      (filter.subregionId === null || winery.subregion?.id === filter.subregionId),
  );
  return {
    countries: (lists?.allCountries ?? []).map(toOption),
    regions: regions.map(toOption),
    subregions: subregions.map(toOption),
    wineries: wineries.map(toOption),
    bottleSizes: (lists?.allBottleSizes ?? []).map(toOption),
  };
}

/** A place filter, from the widest to the narrowest. */
export type PlaceFilter = 'countryId' | 'regionId' | 'subregionId' | 'wineryId';
const PLACE_ORDER: readonly PlaceFilter[] = ['countryId', 'regionId', 'subregionId', 'wineryId'];

/** Choosing a place (or clearing it with null) clears the narrower places, which may not lie in it. */
export function placeChoice(place: PlaceFilter, id: number | null): Partial<OfferFilter> {
  const narrower = PLACE_ORDER.slice(PLACE_ORDER.indexOf(place) + 1);
  return { [place]: id, ...Object.fromEntries(narrower.map((key) => [key, null])) };
}
