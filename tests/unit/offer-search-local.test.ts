import { describe, expect, it } from 'vitest';
import { type LocallySearchableOffer, searchOffersLocally } from '../../src/domain/offer-search-local';

interface Offer extends LocallySearchableOffer {
  id: number;
}

function offer(
  id: number,
  fields: {
    title: string;
    year: number;
    price: string;
    country: number;
    region: number;
    winery: number;
    winerySubregion?: number;
    wineSubregion?: number;
    bottleSize?: number;
    promoted?: boolean;
  },
): Offer {
  return {
    id,
    priceBtl: fields.price,
    promoteOffer: fields.promoted ?? true,
    bottleSize: { id: fields.bottleSize ?? 1 },
    vintage: {
      year: fields.year,
      titleUnidecoded: fields.title,
      wine: {
        subregion: fields.wineSubregion ? { id: fields.wineSubregion } : null,
        winery: {
          id: fields.winery,
          region: { id: fields.region, country: { id: fields.country } },
          subregion: fields.winerySubregion ? { id: fields.winerySubregion } : null,
        },
      },
    },
  };
}

const offers = [
  offer(1, {
    title: 'Chateau Margaux',
    year: 2015,
    price: '650.00',
    country: 1,
    region: 10,
    winery: 100,
    winerySubregion: 1000,
  }),
  offer(2, {
    title: 'Chateau Lafite Rothschild',
    year: 2016,
    price: '720.50',
    country: 1,
    region: 10,
    winery: 101,
    winerySubregion: 1001,
  }),
  offer(3, {
    title: 'Sassicaia',
    year: 2018,
    price: '240.00',
    country: 2,
    region: 20,
    winery: 200,
    winerySubregion: 2000,
    wineSubregion: 2001,
    bottleSize: 2,
  }),
  offer(4, { title: 'Opus One', year: 2019, price: '10000.00', country: 3, region: 30, winery: 300 }),
  offer(5, {
    title: 'Chateau Petrus',
    year: 2010,
    price: '4200.00',
    country: 1,
    region: 10,
    winery: 102,
    promoted: false,
  }),
];
const ids = (found: Offer[]) => found.map((found) => found.id);

describe('Angebotssuche auf dem Gerät (offline, Bedingungen wie searchOffers)', () => {
  it('keeps every offer, in its order, without conditions', () => {
    expect(ids(searchOffersLocally(offers, {}))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(searchOffersLocally(offers, { search: '   ', countryId: null, priceMax: null }))).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it('searches the unaccented title, case-insensitive, as "contains"', () => {
    expect(ids(searchOffersLocally(offers, { search: 'CHÂTEAU  la' }))).toEqual([2]);
    expect(ids(searchOffersLocally(offers, { search: 'château' }))).toEqual([1, 2, 5]);
  });

  it.each([
    [{ countryId: 1 }, [1, 2, 5]],
    [{ regionId: 20 }, [3]],
    [{ wineryId: 101 }, [2]],
    [{ yearMin: 2016 }, [2, 3, 4]],
    [{ yearMax: 2015 }, [1, 5]],
    [{ yearMin: 2015, yearMax: 2016 }, [1, 2]],
    [{ priceMin: 650 }, [1, 2, 4, 5]],
    [{ priceMax: 650 }, [1, 3]],
    [{ bottleSizeId: 2 }, [3]],
    [{ isPromoted: true }, [1, 2, 3, 4]],
    [{ countryId: 1, priceMax: 700, isPromoted: true }, [1]],
  ])('filters %o → %o', (search, expected) => {
    expect(ids(searchOffersLocally(offers, search))).toEqual(expected);
  });

  it("uses the wine's own subregion before its winery's", () => {
    expect(ids(searchOffersLocally(offers, { subregionId: 2001 }))).toEqual([3]);
    expect(ids(searchOffersLocally(offers, { subregionId: 2000 }))).toEqual([]);
    expect(ids(searchOffersLocally(offers, { subregionId: 1000 }))).toEqual([1]);
  });
});
