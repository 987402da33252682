import { useMemo } from 'react';
import type { OfferFilterListsQuery } from '../../../api/graphql.generated';
import { type OfferFilter, offerFilterOptions, type PlaceFilter, placeChoice } from '../model/offer-filter';

/** A select's value: the chosen id as text, null for none. */
const selected = (id: number | null) => (id === null ? null : String(id));
const toId = (value: string | null) => (value ? Number(value) : null);

/**
 * The offer filters as their panel shows them: the choices of each select (narrowed by what is
 * chosen above it), each select's value, and the change choosing or clearing one makes.
 */
export function useOfferFiltersView(
  filter: OfferFilter,
  lists: OfferFilterListsQuery | undefined,
  onChange: (changes: Partial<OfferFilter>) => void,
) {
  const { countryId, regionId, subregionId } = filter;
  const options = useMemo(
    () => offerFilterOptions(lists, { countryId, regionId, subregionId }),
    [lists, countryId, regionId, subregionId],
  );
  const place = (key: PlaceFilter) => ({
    value: selected(filter[key]),
    onChange: (value: string | null) => onChange(placeChoice(key, toId(value))),
  });
  return {
    options,
    country: place('countryId'),
    region: place('regionId'),
    subregion: place('subregionId'),
    winery: place('wineryId'),
    bottleSize: {
      value: selected(filter.bottleSizeId),
      onChange: (value: string | null) => onChange({ bottleSizeId: toId(value) }),
    },
  };
}
