import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OfferFilterListsQuery } from '../../src/api/graphql.generated';
import { useOfferFiltersView } from '../../src/features/offers/api/offer-filters-view';
import { defaultOfferFilter } from '../../src/features/offers/model/offer-filter';
import { renderHookWithApp } from './support/render';

const lists: OfferFilterListsQuery = {
  allCountries: [{ id: 1, title: 'Frankreich' }],
  allRegions: [{ id: 10, title: 'Bordeaux', country: { id: 1 } }],
  allSubregions: [{ id: 100, title: 'Pauillac', region: { id: 10 } }],
  allWineries: [{ id: 1000, title: 'Château Lafite Rothschild', region: { id: 10 }, subregion: { id: 100 } }],
  allBottleSizes: [{ id: 3, title: '1,5 l' }],
};

describe('the offer filters as their panel shows them', () => {
  it("shows each select's choice as text and hands on the change a choice makes", () => {
    const onChange = vi.fn();
    const filter = { ...defaultOfferFilter(), countryId: 1, bottleSizeId: 3 };
    const { result } = renderHookWithApp(() => useOfferFiltersView(filter, lists, onChange));
    expect(result.current?.country.value).toBe('1');
    expect(result.current?.region.value).toBeNull();
    expect(result.current?.bottleSize.value).toBe('3');
    expect(result.current?.options.regions).toEqual([{ value: '10', label: 'Bordeaux' }]);
    act(() => result.current?.region.onChange('10'));
    expect(onChange).toHaveBeenLastCalledWith({ regionId: 10, subregionId: null, wineryId: null });
    act(() => result.current?.country.onChange(null));
    expect(onChange).toHaveBeenLastCalledWith({
      countryId: null,
      regionId: null,
      subregionId: null,
      wineryId: null,
    });
    act(() => result.current?.bottleSize.onChange(null));
    expect(onChange).toHaveBeenLastCalledWith({ bottleSizeId: null });
  });
});
