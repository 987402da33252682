import { infiniteQueryOptions, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useApiClient } from '../../../api/client';
import {
  type OfferCardFragment,
  OfferFilterListsDocument,
  OfferPageDocument,
  SearchOffersDocument,
  type SearchOffersQuery,
  StartPageDocument,
} from '../../../api/graphql.generated';
import { OFFER_PAGE_SIZE, type OfferSearchVariables } from '../model/offer-filter';

/** The device's copy of the promoted offers is read in the server's largest pages. */
const DEVICE_PAGE_SIZE = 200;

export type OfferSearchPage = SearchOffersQuery['searchOffers'];

/** The offers a search found (one page, or all pages loaded so far), split as the server splits them. */
export interface FoundOffers {
  available: OfferCardFragment[];
  onRequest: OfferCardFragment[];
}

export const offerKeys = {
  all: ['offers'] as const,
  start: () => [...offerKeys.all, 'start'] as const,
  filterLists: () => [...offerKeys.all, 'filter-lists'] as const,
  searchPages: (variables: OfferSearchVariables) => [...offerKeys.all, 'search-pages', variables] as const,
  onDevice: () => [...offerKeys.all, 'on-device'] as const,
  page: (lwin11: string | null) => [...offerKeys.all, 'page', lwin11] as const,
};

export function startPageQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: offerKeys.start(),
    queryFn: () => client.request(StartPageDocument),
  });
}

export function offerFilterListsQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: offerKeys.filterLists(),
    queryFn: () => client.request(OfferFilterListsDocument),
    staleTime: 10 * 60 * 1000,
  });
}

/** The top offers of a filter, page by page. */
export function offerSearchPagesQueryOptions(client: GraphQLClient, variables: OfferSearchVariables) {
  return infiniteQueryOptions({
    queryKey: offerKeys.searchPages(variables),
    queryFn: async ({ pageParam }): Promise<OfferSearchPage> =>
      (
        await client.request(SearchOffersDocument, {
          ...variables,
          first: OFFER_PAGE_SIZE,
          after: pageParam,
        })
      ).searchOffers,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every promoted offer, newest first, read page after page: the device's copy that the sync keeps
 * and the top offers search while offline. A page continues after the offer that ended the one
 * before, so an offer added while the pages are read neither repeats nor moves another.
 */
export function offersOnDeviceQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: offerKeys.onDevice(),
    queryFn: async (): Promise<FoundOffers> => {
      const found: FoundOffers = { available: [], onRequest: [] };
      let after: string | null = null;
      do {
        const { searchOffers: page }: SearchOffersQuery = await client.request(SearchOffersDocument, {
          isPromoted: true,
          first: DEVICE_PAGE_SIZE,
          after,
        });
        found.available.push(...page.available);
        found.onRequest.push(...page.onRequest);
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      } while (after !== null);
      return found;
    },
  });
}

export function offerPageQueryOptions(client: GraphQLClient, lwin11: string | null) {
  return queryOptions({
    queryKey: offerKeys.page(lwin11),
    queryFn: async () => (await client.request(OfferPageDocument, { lwin11 })).offerPage,
  });
}

export function useStartPage() {
  return useQuery(startPageQueryOptions(useApiClient()));
}

export function useOfferFilterLists() {
  return useQuery(offerFilterListsQueryOptions(useApiClient()));
}

export function useOfferPage(lwin11: string | null) {
  return useQuery(offerPageQueryOptions(useApiClient(), lwin11));
}
