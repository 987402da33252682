import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../api/client';
import { useOnline } from '../../../components/offline/use-online';
import { searchOffersLocally } from '../../../domain/offer-search-local';
import { activeFilterCount, type OfferFilter, offerSearchVariables } from '../model/offer-filter';
import {
  type FoundOffers,
  type OfferSearchPage,
  offerSearchPagesQueryOptions,
  offersOnDeviceQueryOptions,
} from './offers';

/** Further pages of the search, as far as the screen can ask for them. */
export interface MoreOffers {
  /** The server holds offers beyond the pages loaded (never offline: the device has no more). */
  hasMore: boolean;
  /** Loads the next page; nothing while one is loading or none is left. */
  loadMore: () => void;
  isLoadingMore: boolean;
  /** The last page asked for did not arrive (the pages before it stay shown). */
  loadFailed: boolean;
  /** Offline with pages loaded earlier and more on the server: they follow once online. */
  waitsForConnection: boolean;
}

export type OfferSearchResults = { isFetching: boolean; more: MoreOffers } & (
  | { isPending: true; isError: false; data: undefined; filteredOffline: false }
  | { isPending: false; isError: true; data: FoundOffers | undefined; filteredOffline: false }
  | {
      isPending: false;
      isError: false;
      data: FoundOffers;
      /** True while offline when a filter was applied on the device to the offers stored there. */
      filteredOffline: boolean;
    }
);

const NO_MORE: MoreOffers = {
  hasMore: false,
  loadMore: () => {},
  isLoadingMore: false,
  loadFailed: false,
  waitsForConnection: false,
};

function joinedPages(data: InfiniteData<OfferSearchPage> | undefined): FoundOffers | undefined {
  if (!data) return undefined;
  return {
    available: data.pages.flatMap((page) => page.available),
    onRequest: data.pages.flatMap((page) => page.onRequest),
  };
}

/**
 * The top-offers search. Online the server searches, one page at a time as the screen asks for
 * more. Offline the filter is applied on the device to every promoted offer the sync stored there
 * (the same conditions as the server's, `searchOffersLocally`), else to the pages loaded earlier,
 * so the filters keep working without a connection.
 */
export function useOfferSearch(filter: OfferFilter): OfferSearchResults {
  const online = useOnline();
  const client = useApiClient();
  const variables = offerSearchVariables(filter);
  const pages = useInfiniteQuery(offerSearchPagesQueryOptions(client, variables));
  const onDevice = useQuery({ ...offersOnDeviceQueryOptions(client), enabled: !online });

  const loaded = joinedPages(pages.data);
  const exact = loaded !== undefined && !pages.isPlaceholderData;
  const source = onDevice.data ?? loaded;
  if (online || (!onDevice.data && exact) || !source) {
    const isFetching = pages.isFetching && !pages.isFetchingNextPage;
    const more: MoreOffers = {
      hasMore: online && pages.hasNextPage && !pages.isPlaceholderData,
      loadMore: () => {
        if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
      },
      isLoadingMore: pages.isFetchingNextPage,
      loadFailed: pages.isFetchNextPageError,
      waitsForConnection: !online && pages.hasNextPage,
    };
    if (pages.isPending)
      return { isPending: true, isError: false, data: undefined, filteredOffline: false, isFetching, more };
    if (pages.isError && !loaded)
      return { isPending: false, isError: true, data: undefined, filteredOffline: false, isFetching, more };
    return {
      isPending: false,
      isError: false,
      data: loaded as FoundOffers,
      filteredOffline: false,
      isFetching,
      more,
    };
  }
  return {
    isPending: false,
    isError: false,
    isFetching: false,
    more: NO_MORE,
    data: {
      available: searchOffersLocally(source.available, variables),
      onRequest: searchOffersLocally(source.onRequest, variables),
    },
    filteredOffline: activeFilterCount(filter) > 0,
  };
}
