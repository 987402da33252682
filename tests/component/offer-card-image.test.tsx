import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OfferCardFragment } from '../../src/api/graphql.generated';
import { MISSING_IMAGE } from '../../src/components/offline/missing-image';
import { ContactModalProvider } from '../../src/features/contact';
import { OfferCard } from '../../src/features/offers/ui/OfferCard';
import { renderWithApp } from './support/render';

const offer: OfferCardFragment = {
  id: 5,
  caskOf: 6,
  priceBtl: '120.00',
  priceBtlStr: '120,00 €',
  sellPriceCaseStr: '720,00 €',
  pricePerLiterStr: '160,00 €',
  onRequest: false,
  promoteOffer: true,
  limitedAvailability: false,
  secondaryMarket: false,
  resaleOrigin: null,
  comparableOffers: [],
  availableCases: 4,
  totalQuantityAvailable: 24,
  datetimeCreated: '2026-11-01T10:00:00.000Z',
  bottleSize: { id: 1, title: '0,75 l' },
  partialOfferRel: [{ id: 5, quantityAvailable: 24, totalQuantityAvailable: 24 }],
  vintage: {
    id: 5,
    year: 2019,
    title: 'Sassicaia 2019',
    titleUnidecoded: 'Sassicaia 2019',
    lwin11: '10138462019',
    image: null,
    thumbnail: '/media/vintages/sassicaia-2019.jpg',
    enPrimeurDeliveryDate: null,
    wine: {
      id: 5,
      title: 'Sassicaia',
      image: null,
      subregion: null,
      winery: {
        id: 3,
        title: 'Tenuta San Guido',
        logoImage: null,
        region: { id: 4, title: 'Toskana', country: { id: 5, title: 'Italien' } },
        subregion: null,
      },
    },
  },
};

describe('an offer card whose image cannot be loaded (offline, never fetched on this device)', () => {
  it('shows an empty picture of the same size instead of a broken image', () => {
    const { container } = renderWithApp(
      <ContactModalProvider>
        <OfferCard offer={offer} />
      </ContactModalProvider>,
    );
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/media/vintages/sassicaia-2019.jpg');
    if (!image) throw new Error('no image');
    fireEvent.error(image);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(MISSING_IMAGE);
  });
});
