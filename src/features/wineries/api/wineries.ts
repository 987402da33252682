import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useApiClient } from '../../../api/client';
import {
  PriceIndexDocument,
  VintagePageDocument,
  WineryDetailsDocument,
  WineryListDocument,
  WineryMapDocument,
} from '../../../api/graphql.generated';

export const wineryKeys = {
  all: ['wineries'] as const,
  list: () => [...wineryKeys.all, 'list'] as const,
  map: () => [...wineryKeys.all, 'map'] as const,
  winery: (wineryId: number) => [...wineryKeys.all, 'winery', wineryId] as const,
  vintage: (vintageId: number) => [...wineryKeys.all, 'vintage', vintageId] as const,
  priceIndex: () => [...wineryKeys.all, 'price-index'] as const,
};

/** Every winery (producer) once, with its region and country, for the list of "Entdecken". */
export function wineryListQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: wineryKeys.list(),
    queryFn: async () => (await client.request(WineryListDocument)).allWineries,
  });
}

export function useWineryList() {
  return useQuery(wineryListQueryOptions(useApiClient()));
}

export function wineryMapQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: wineryKeys.map(),
    queryFn: async () => (await client.request(WineryMapDocument)).allWineries,
  });
}

/** Wineries with offers, for the map markers. */
export function useWineryMap() {
  return useQuery(wineryMapQueryOptions(useApiClient()));
}

export function wineryDetailsQueryOptions(client: GraphQLClient, wineryId: number) {
  return queryOptions({
    queryKey: wineryKeys.winery(wineryId),
    queryFn: async () => (await client.request(WineryDetailsDocument, { wineryId })).wineryDetails,
    enabled: Number.isInteger(wineryId),
  });
}

export function useWineryDetails(wineryId: number) {
  return useQuery(wineryDetailsQueryOptions(useApiClient(), wineryId));
}

export function vintagePageQueryOptions(client: GraphQLClient, vintageId: number) {
  return queryOptions({
    queryKey: wineryKeys.vintage(vintageId),
    queryFn: async () => (await client.request(VintagePageDocument, { vintageId })).vintageDetails,
    enabled: Number.isInteger(vintageId),
  });
}

export function useVintagePage(vintageId: number) {
  return useQuery(vintagePageQueryOptions(useApiClient(), vintageId));
}

export function usePriceIndex() {
  const client = useApiClient();
  return useQuery({
    queryKey: wineryKeys.priceIndex(),
    queryFn: async () => (await client.request(PriceIndexDocument)).priceIndex,
  });
}
