import { afterEach, describe, expect, it, vi } from 'vitest';
import { containsPattern, normalizeSearchTerm, SEARCH_DEBOUNCE_MS } from '../../src/domain/search';
import {
  defaultOfferFilter,
  offerFilterToParams,
  offerSearchVariables,
  parseOfferFilter,
} from '../../src/features/offers/model/offer-filter';
import { createSearchDebouncer } from '../../src/features/offers/ui/search-debounce';

const now = new Date(2026, 10, 21);

describe('Suchbegriff', () => {
  it.each([
    ['Château', 'chateau'],
    ['  CHÂTEAU   Lafite ', 'chateau lafite'],
    ['Pétrus', 'petrus'],
    ['La Tâche', 'la tache'],
    ['Romanée-Conti', 'romanee-conti'],
    ['', ''],
    [null, ''],
  ])('%j → %j', (term, normalised) => {
    expect(normalizeSearchTerm(term)).toBe(normalised);
  });

  it.each([
    ['chateau', '%chateau%'],
    ['100%', '%100\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('LIKE pattern of %j is %j', (term, pattern) => {
    expect(containsPattern(term)).toBe(pattern);
  });

  it('debounces the search field by 1500 ms', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(1500);
  });
});

describe('Entprellung der Suche (1500 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches the last text once typing paused for 1500 ms, not before', () => {
    vi.useFakeTimers();
    const searched: string[] = [];
    const debouncer = createSearchDebouncer((text) => searched.push(text));
    for (const text of ['s', 'sa', 'sas', 'sass']) {
      debouncer.push(text);
      vi.advanceTimersByTime(1000);
    }
    expect(searched).toEqual([]);
    vi.advanceTimersByTime(499);
    expect(searched).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(searched).toEqual(['sass']);
    vi.advanceTimersByTime(10_000);
    expect(searched).toEqual(['sass']);
  });

  it('searches again after each pause, also for an emptied field', () => {
    vi.useFakeTimers();
    const searched: string[] = [];
    const debouncer = createSearchDebouncer((text) => searched.push(text));
    debouncer.push('margaux');
    vi.advanceTimersByTime(1500);
    debouncer.push('');
    vi.advanceTimersByTime(1500);
    expect(searched).toEqual(['margaux', '']);
  });

  it('drops a pending text when the screen is left', () => {
    vi.useFakeTimers();
    const searched: string[] = [];
    const debouncer = createSearchDebouncer((text) => searched.push(text));
    debouncer.push('lafite');
    vi.advanceTimersByTime(1000);
    debouncer.cancel();
    vi.advanceTimersByTime(5000);
    expect(searched).toEqual([]);
  });
});

describe('Filter in der URL', () => {
  it.each([
    ['', {}],
    ['suche=margaux', { search: 'margaux' }],
    [
      'land=2&region=5&subregion=7&weingut=3&flasche=1',
      { countryId: 2, regionId: 5, subregionId: 7, wineryId: 3, bottleSizeId: 1 },
    ],
    ['von=2010&bis=2019', { yearMin: 2010, yearMax: 2019 }],
    ['von=1800&bis=2100', { yearMin: 1901, yearMax: 2026 }],
    ['von=2019&bis=2010', { yearMin: 2010, yearMax: 2019 }],
    ['preisVon=100&preisBis=500', { priceMin: 100, priceMax: 500 }],
    ['preisVon=0&preisBis=99999', { priceMin: 0, priceMax: 10000 }],
    ['land=abc&region=-1&weingut=0', {}],
  ])('%j → %j', (query, changes) => {
    expect(parseOfferFilter(new URLSearchParams(query), now)).toEqual({
      ...defaultOfferFilter(now),
      ...changes,
    });
  });

  it('writes only changed values and reads them back', () => {
    expect(offerFilterToParams(defaultOfferFilter(now), now).toString()).toBe('');
    const filter = {
      ...defaultOfferFilter(now),
      search: 'Pétrus',
      regionId: 4,
      yearMin: 2015,
      priceMax: 2500,
    };
    const params = offerFilterToParams(filter, now);
    expect(params.toString()).toBe('suche=P%C3%A9trus&region=4&von=2015&preisBis=2500');
    expect(parseOfferFilter(params, now)).toEqual(filter);
  });

  it('sends ranges at their limits as no restriction, always over promoted offers', () => {
    expect(offerSearchVariables(defaultOfferFilter(now), now)).toEqual({
      search: null,
      countryId: null,
      regionId: null,
      subregionId: null,
      wineryId: null,
      yearMin: null,
      yearMax: null,
      priceMin: null,
      priceMax: null,
      bottleSizeId: null,
      isPromoted: true,
    });
    expect(
      offerSearchVariables(
        { ...defaultOfferFilter(now), search: ' chateau ', yearMax: 2019, priceMin: 50 },
        now,
      ),
    ).toMatchObject({ search: 'chateau', yearMax: 2019, priceMin: 50 });
  });
});
