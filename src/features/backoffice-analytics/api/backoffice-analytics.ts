import { useQuery } from '@tanstack/react-query';
import { BACKOFFICE_QUERY_KEY } from '../../../api/backoffice-key';
import { useApiClient } from '../../../api/client';
import {
  BackofficeSalesStatsDocument,
  BackofficeServiceFeeStatsDocument,
  BackofficeSupplierStatsDocument,
} from '../../../api/graphql.generated';

export const analyticsKeys = {
  all: [BACKOFFICE_QUERY_KEY, 'analytics'] as const,
  suppliers: () => [...analyticsKeys.all, 'suppliers'] as const,
  serviceFee: (months: number, topClients: number) =>
    [...analyticsKeys.all, 'service-fee', months, topClients] as const,
  sales: (months: number) => [...analyticsKeys.all, 'sales', months] as const,
};

/** Purchases and open quantities per supplier. */
export function useSupplierStats() {
  const client = useApiClient();
  return useQuery({
    queryKey: analyticsKeys.suppliers(),
    queryFn: async () => (await client.request(BackofficeSupplierStatsDocument)).backofficeSupplierStats,
  });
}

/** Monthly service-fee revenue and the top clients. */
export function useServiceFeeStats(months: number, topClients: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: analyticsKeys.serviceFee(months, topClients),
    queryFn: async () =>
      (await client.request(BackofficeServiceFeeStatsDocument, { months, topClients }))
        .backofficeServiceFeeStats,
  });
}

/** Sales of paid invoices per month and region. */
export function useSalesStats(months: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: analyticsKeys.sales(months),
    queryFn: async () =>
      (await client.request(BackofficeSalesStatsDocument, { months })).backofficeSalesStats,
  });
}
