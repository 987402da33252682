import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../api/client';
import type { OfferCardFragment } from '../../../api/graphql.generated';
import { useOnline } from '../../../components/offline/use-online';
import { searchOffersLocally } from '../../../domain/offer-search-local';
import { searchOffersQueryOptions, useSearchOffers } from '../api/offers';
import { defaultOfferFilter, type OfferFilter, offerSearchVariables } from '../model/offer-filter';

interface FoundOffers {
  available: OfferCardFragment[];
  onRequest: OfferCardFragment[];
}

export type OfferSearchResults = { isFetching: boolean } & (
  | { isPending: true; isError: false; data: undefined; filteredOffline: false }
  | { isPending: false; isError: true; data: FoundOffers | undefined; filteredOffline: false }
  | {
      isPending: false;
      isError: false;
      data: FoundOffers;
      /** True while offline when the results were filtered on the device from offers loaded earlier. */
      filteredOffline: boolean;
    }
);

/**
 * The top-offers search. Online the server searches; offline a filter without stored results is
 * applied on the device to the unfiltered list stored from an earlier visit (else to the results
 * shown last), so the filters keep working without a connection.
 */
export function useOfferSearch(filter: OfferFilter): OfferSearchResults {
  const online = useOnline();
  const client = useApiClient();
  const variables = offerSearchVariables(filter);
  const results = useSearchOffers(variables);
  const everything = useQuery({
    ...searchOffersQueryOptions(client, offerSearchVariables(defaultOfferFilter())),
    enabled: !online,
  });

  const exact = results.data !== undefined && !results.isPlaceholderData;
  const source = everything.data ?? results.data;
  if (online || exact || !source) {
    const isFetching = results.isFetching;
    if (results.isPending)
      return { isPending: true, isError: false, data: undefined, filteredOffline: false, isFetching };
    if (results.isError)
      return { isPending: false, isError: true, data: results.data, filteredOffline: false, isFetching };
    return { isPending: false, isError: false, data: results.data, filteredOffline: false, isFetching };
  }
  return {
    isPending: false,
    isError: false,
    isFetching: false,
    data: {
      available: searchOffersLocally(source.available, variables),
      onRequest: searchOffersLocally(source.onRequest, variables),
    },
    filteredOffline: true,
  };
}
