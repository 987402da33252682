import { useQuery } from '@tanstack/react-query';
import { useApiClient } from './client';
import {
  AllWinesDocument,
  PriceIndexDocument,
  VintagePageDocument,
  WineryDetailsDocument,
  WineryMapDocument,
} from './graphql.generated';

export const wineryKeys = {
  all: ['wineries'] as const,
  wines: () => [...wineryKeys.all, 'wines'] as const,
  map: () => [...wineryKeys.all, 'map'] as const,
  winery: (wineryId: number) => [...wineryKeys.all, 'winery', wineryId] as const,
  vintage: (vintageId: number) => [...wineryKeys.all, 'vintage', vintageId] as const,
  priceIndex: () => [...wineryKeys.all, 'price-index'] as const,
};

export function useAllWines() {
  const client = useApiClient();
  return useQuery({
    queryKey: wineryKeys.wines(),
    queryFn: async () => (await client.request(AllWinesDocument)).allWines,
  });
}

/** Wineries with offers, for the map markers. */
export function useWineryMap() {
  const client = useApiClient();
  return useQuery({
    queryKey: wineryKeys.map(),
    queryFn: async () => (await client.request(WineryMapDocument)).allWineries,
  });
}

export function useWineryDetails(wineryId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: wineryKeys.winery(wineryId),
    queryFn: async () => (await client.request(WineryDetailsDocument, { wineryId })).wineryDetails,
    enabled: Number.isInteger(wineryId),
  });
}

export function useVintagePage(vintageId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: wineryKeys.vintage(vintageId),
    queryFn: async () => (await client.request(VintagePageDocument, { vintageId })).vintageDetails,
    enabled: Number.isInteger(vintageId),
  });
}

export function usePriceIndex() {
  const client = useApiClient();
  return useQuery({
    queryKey: wineryKeys.priceIndex(),
    queryFn: async () => (await client.request(PriceIndexDocument)).priceIndex,
  });
}
