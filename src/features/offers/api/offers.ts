import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useApiClient } from '../../../api/client';
import {
  OfferFilterListsDocument,
  OfferPageDocument,
  SearchOffersDocument,
  type SearchOffersQueryVariables,
  StartPageDocument,
} from '../../../api/graphql.generated';

export const offerKeys = {
  all: ['offers'] as const,
  start: () => [...offerKeys.all, 'start'] as const,
  filterLists: () => [...offerKeys.all, 'filter-lists'] as const,
  search: (variables: SearchOffersQueryVariables) => [...offerKeys.all, 'search', variables] as const,
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

export function searchOffersQueryOptions(client: GraphQLClient, variables: SearchOffersQueryVariables) {
  return queryOptions({
    queryKey: offerKeys.search(variables),
    queryFn: async () => (await client.request(SearchOffersDocument, variables)).searchOffers,
    placeholderData: keepPreviousData,
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

export function useSearchOffers(variables: SearchOffersQueryVariables) {
  return useQuery(searchOffersQueryOptions(useApiClient(), variables));
}

export function useOfferPage(lwin11: string | null) {
  return useQuery(offerPageQueryOptions(useApiClient(), lwin11));
}
