import { describe, expect, it } from 'vitest';
import {
  hasReferenceVintage,
  type OfferSectionsVintage,
  offerDetails,
} from '../../src/features/offers/model/offer-sections';

const vintage: OfferSectionsVintage = {
  year: 2016,
  alc: '13.5',
  production: 180000,
  drinkingMaturityFrom: 2026,
  drinkingMaturityTo: 2060,
  referenceYear: null,
  referenceKpi: null,
  grapePercentageRel: [{ grape: { title: 'Cabernet Sauvignon' } }, { grape: { title: 'Merlot' } }],
  ratRel: [],
  wine: {
    subregion: null,
    classification: { title: 'Premier Grand Cru Classé' },
    winery: {
      title: 'Château Lafite Rothschild',
      grapeVarieties: 'Cabernet Sauvignon, Merlot, Cabernet Franc',
      subregion: { title: 'Pauillac' },
      classification: null,
      region: { title: 'Bordeaux', country: { title: 'Frankreich' } },
    },
  },
};

describe('the details of an offer page', () => {
  it('lists every value the offer has, German formats', () => {
    expect(offerDetails(vintage)).toEqual([
      ['Weingut', 'Château Lafite Rothschild'],
      ['Land', 'Frankreich'],
      ['Region', 'Bordeaux'],
      ['Subregion', 'Pauillac'],
      ['Klassifikation', 'Premier Grand Cru Classé'],
      ['Jahrgang', '2016'],
      ['Rebsorten', 'Cabernet Sauvignon, Merlot'],
      ['Alkohol', '13,5 Vol.-%'],
      ['Produktion', '180.000 Flaschen'],
      ['Trinkreife', '2026–2060'],
    ]);
  });

  it("leaves out what is missing and falls back to the winery's grapes", () => {
    const sparse = {
      ...vintage,
      alc: null,
      production: null,
      drinkingMaturityFrom: null,
      drinkingMaturityTo: null,
      grapePercentageRel: [],
      wine: { ...vintage.wine, classification: null, winery: { ...vintage.wine.winery, subregion: null } },
    };
    expect(offerDetails(sparse)).toEqual([
      ['Weingut', 'Château Lafite Rothschild'],
      ['Land', 'Frankreich'],
      ['Region', 'Bordeaux'],
      ['Jahrgang', '2016'],
      ['Rebsorten', 'Cabernet Sauvignon, Merlot, Cabernet Franc'],
    ]);
    expect(offerDetails({ ...sparse, drinkingMaturityFrom: 2030 }).at(-1)).toEqual(['Trinkreife', '2030']);
  });

  it('has a reference section with a reference year or gain', () => {
    expect(hasReferenceVintage({ referenceYear: null, referenceKpi: null })).toBe(false);
    expect(hasReferenceVintage({ referenceYear: 2010, referenceKpi: null })).toBe(true);
    expect(hasReferenceVintage({ referenceYear: null, referenceKpi: 0 })).toBe(true);
  });
});
