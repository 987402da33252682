import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfferCardFragment } from '../../src/api/graphql.generated';
import { ContactModalProvider } from '../../src/features/contact';
import { offersOnDeviceQueryOptions } from '../../src/features/offers/api/offers';
import { useOfferSearch } from '../../src/features/offers/api/use-offer-search';
import { defaultOfferFilter, OFFER_PAGE_SIZE } from '../../src/features/offers/model/offer-filter';
import { OffersScreen } from '../../src/features/offers/ui/OffersScreen';
import { type GraphQLHandler, renderHookWithApp, renderWithApp, type SentRequest } from './support/render';

/** A promoted offer of the catalogue, newest first by id; every seventh is on request. */
function offer(id: number): OfferCardFragment {
  const title = id % 2 === 0 ? 'Château Margaux' : 'Sassicaia';
  return {
    id,
    caskOf: 6,
    priceBtl: '120.00',
    priceBtlStr: '120,00 €',
    sellPriceCaseStr: '720,00 €',
    pricePerLiterStr: '160,00 €',
    onRequest: id % 7 === 0,
    promoteOffer: true,
    limitedAvailability: false,
    secondaryMarket: false,
    resaleOrigin: null,
    comparableOffers: [],
    availableCases: 4,
    totalQuantityAvailable: 24,
    datetimeCreated: '2026-11-01T10:00:00.000Z',
    bottleSize: { id: 1, title: '0,75 l' },
    partialOfferRel: [{ id, quantityAvailable: 24, totalQuantityAvailable: 24 }],
    vintage: {
      id,
      year: 2015 + (id % 5),
      title: `${title} ${2015 + (id % 5)}`,
      titleUnidecoded: `${title.replace('â', 'a')} ${2015 + (id % 5)}`,
      lwin11: `10${String(id).padStart(5, '0')}2015`,
      image: null,
      thumbnail: null,
      enPrimeurDeliveryDate: null,
      wine: {
        id,
        title,
        image: null,
        subregion: null,
        winery: {
          id: 3,
          title: 'Weingut',
          logoImage: null,
          region: { id: 4, title: 'Bordeaux', country: { id: 5, title: 'Frankreich' } },
          subregion: null,
        },
      },
    },
  };
}

/** The server's search over `count` offers in pages, as `searchOffers` answers (ids as cursors). */
function catalogue(count: number): GraphQLHandler {
  const offers = Array.from({ length: count }, (_, index) => offer(count - index));
  return ({ operationName, variables }) => {
    if (operationName !== 'SearchOffers') return {};
    const after = variables.after == null ? null : Number(variables.after);
    const from = after === null ? 0 : offers.findIndex((found) => found.id === after) + 1;
    const first = (variables.first as number | null) ?? 200;
    const page = offers.slice(from, from + first);
    return {
      searchOffers: {
        available: page.filter((found) => !found.onRequest),
        onRequest: page.filter((found) => found.onRequest),
        pageInfo: {
          endCursor: page.length ? String(page.at(-1)?.id) : null,
          hasNextPage: from + first < offers.length,
        },
      },
    };
  };
}

/** The screen as the signed-in frame holds it. */
const TopOffers = () => (
  <ContactModalProvider>
    <OffersScreen />
  </ContactModalProvider>
);

const searches = (requests: SentRequest[]) =>
  requests.filter((request) => request.operationName === 'SearchOffers').map((request) => request.variables);

function setBrowserOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

describe('Top Angebote in Seiten', () => {
  afterEach(() => setBrowserOnline(true));

  it('shows the first page and loads the next on request, then counts every section', {
    timeout: 30_000,
  }, async () => {
    const count = OFFER_PAGE_SIZE + 12;
    const { user, requests } = renderWithApp(<TopOffers />, {
      graphql: catalogue(count),
      route: '/admin/weinangebot',
    });
    expect(await screen.findByText(`${OFFER_PAGE_SIZE} Angebote angezeigt, weitere folgen`)).toBeTruthy();
    expect(screen.getAllByTestId('offer-card')).toHaveLength(OFFER_PAGE_SIZE);
    // Before the last page a heading does not count what it cannot know.
    expect(screen.getByRole('heading', { name: 'Verfügbare Angebote' })).toBeTruthy();
    expect(searches(requests)).toEqual([
      expect.objectContaining({ isPromoted: true, first: OFFER_PAGE_SIZE, after: null }),
    ]);

    await user.click(screen.getByRole('button', { name: 'Weitere Angebote laden' }));
    await waitFor(() => expect(screen.getAllByTestId('offer-card')).toHaveLength(count));
    expect(searches(requests)[1]).toEqual(
      expect.objectContaining({
        first: OFFER_PAGE_SIZE,
        after: String(count - OFFER_PAGE_SIZE + 1),
      }),
    );
    expect(screen.queryByTestId('more-offers')).toBeNull();
    const onRequest = Array.from({ length: count }, (_, index) => index + 1).filter(
      (id) => id % 7 === 0,
    ).length;
    const available = within(screen.getByRole('region', { name: 'Verfügbare Angebote' }));
    expect(
      available.getByRole('heading', { name: `Verfügbare Angebote (${count - onRequest})` }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: `Auf Anfrage (${onRequest})` })).toBeTruthy();
  });

  it('answers one page without a "more" when everything fits', async () => {
    renderWithApp(<TopOffers />, { graphql: catalogue(5), route: '/admin/weinangebot' });
    await waitFor(() => expect(screen.getAllByTestId('offer-card')).toHaveLength(5));
    expect(screen.getByRole('heading', { name: 'Verfügbare Angebote (5)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Weitere Angebote laden' })).toBeNull();
  });

  it('offline, searches every offer the sync stored on the device, not the server', async () => {
    const stored = Array.from({ length: 300 }, (_, index) => offer(300 - index));
    const { result, requests, queryClient } = renderHookWithApp(
      () => useOfferSearch({ ...defaultOfferFilter(), search: 'margaux' }),
      {
        graphql: catalogue(300),
        route: '/admin/weinangebot',
      },
    );
    setBrowserOnline(false);
    queryClient.setQueryData(offersOnDeviceQueryOptions(null as never).queryKey, {
      available: stored.filter((found) => !found.onRequest),
      onRequest: stored.filter((found) => found.onRequest),
    });
    window.dispatchEvent(new Event('offline'));
    await waitFor(() => expect(result.current.filteredOffline).toBe(true));
    const found = result.current.data;
    expect(found?.available.map((shown) => shown.id)).toEqual(
      stored.filter((shown) => !shown.onRequest && shown.id % 2 === 0).map((shown) => shown.id),
    );
    expect(found?.onRequest.every((shown) => shown.id % 2 === 0 && shown.onRequest)).toBe(true);
    expect(result.current.more.hasMore).toBe(false);
    expect(searches(requests).every((variables) => variables.search === 'margaux')).toBe(true);
  });
});
