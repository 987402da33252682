import { describe, expect, it } from 'vitest';
import {
  type OfferFilterLists,
  offerFilterOptions,
  placeChoice,
} from '../../src/features/offers/model/offer-filter';

const lists: OfferFilterLists = {
  allCountries: [
    { id: 1, title: 'Frankreich' },
    { id: 2, title: 'Italien' },
  ],
  allRegions: [
    { id: 10, title: 'Bordeaux', country: { id: 1 } },
    { id: 11, title: 'Burgund', country: { id: 1 } },
    { id: 20, title: 'Toskana', country: { id: 2 } },
  ],
  allSubregions: [
    { id: 100, title: 'Pauillac', region: { id: 10 } },
    { id: 110, title: 'Côte de Nuits', region: { id: 11 } },
    { id: 200, title: 'Bolgheri', region: { id: 20 } },
  ],
  allWineries: [
    { id: 1000, title: 'Château Lafite Rothschild', region: { id: 10 }, subregion: { id: 100 } },
    { id: 1001, title: 'Château Pétrus', region: { id: 10 }, subregion: null },
    { id: 1100, title: 'Domaine de la Romanée-Conti', region: { id: 11 }, subregion: { id: 110 } },
    { id: 2000, title: 'Tenuta San Guido', region: { id: 20 }, subregion: { id: 200 } },
  ],
  allBottleSizes: [{ id: 1, title: '0,75 l' }],
};

const labels = (options: { label: string }[]) => options.map((option) => option.label);
const none = { countryId: null, regionId: null, subregionId: null };

describe('the choices of the offer filters', () => {
  it('offers everything while nothing is chosen, and nothing before the lists arrive', () => {
    const options = offerFilterOptions(lists, none);
    expect(options.countries).toEqual([
      { value: '1', label: 'Frankreich' },
      { value: '2', label: 'Italien' },
    ]);
    expect(labels(options.wineries)).toHaveLength(4);
    expect(offerFilterOptions(undefined, none)).toEqual({
      countries: [],
      regions: [],
      subregions: [],
      wineries: [],
      bottleSizes: [],
    });
  });

  it('narrows regions, subregions and wineries to the chosen country, region and subregion', () => {
    const france = offerFilterOptions(lists, { ...none, countryId: 1 });
    expect(labels(france.regions)).toEqual(['Bordeaux', 'Burgund']);
    expect(labels(france.subregions)).toEqual(['Pauillac', 'Côte de Nuits']);
    expect(labels(france.wineries)).toEqual([
      'Château Lafite Rothschild',
      'Château Pétrus',
      'Domaine de la Romanée-Conti',
    ]);
    const bordeaux = offerFilterOptions(lists, { countryId: 1, regionId: 10, subregionId: null });
    expect(labels(bordeaux.subregions)).toEqual(['Pauillac']);
    expect(labels(bordeaux.wineries)).toEqual(['Château Lafite Rothschild', 'Château Pétrus']);
    const pauillac = offerFilterOptions(lists, { countryId: 1, regionId: 10, subregionId: 100 });
    expect(labels(pauillac.wineries)).toEqual(['Château Lafite Rothschild']);
  });

  it('clears the narrower places when a wider one is chosen or cleared', () => {
    expect(placeChoice('countryId', 2)).toEqual({
      countryId: 2,
      regionId: null,
      subregionId: null,
      wineryId: null,
    });
    expect(placeChoice('regionId', null)).toEqual({ regionId: null, subregionId: null, wineryId: null });
    expect(placeChoice('subregionId', 100)).toEqual({ subregionId: 100, wineryId: null });
    expect(placeChoice('wineryId', 1000)).toEqual({ wineryId: 1000 });
  });
});
