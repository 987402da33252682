import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useEffect, useRef } from 'react';
import { BACKOFFICE_QUERY_KEY } from '../../../api/backoffice-key';
import { useApiClient } from '../../../api/client';
import { depotKeys, depotPerformanceKeys } from '../../../api/depot-keys';
import {
  AllSellOrdersDocument,
  ApproveSellOrderDocument,
  CancelSellOrderDocument,
  CreateSellOrderDocument,
  type CreateSellOrderMutationVariables,
  MySellOrdersDocument,
  RejectSellOrderDocument,
  type SellOrderFieldsFragment,
  type SellOrderStatus,
} from '../../../api/graphql.generated';
import { acceptedOrThrow } from '../../../api/mutation-refused';
import { sellTexts } from '../../../domain/secondary-market';

export type SellOrder = SellOrderFieldsFragment;
export type { SellOrderStatus };

export const sellOrderKeys = {
  mine: ['sell-orders', 'mine'] as const,
  all: [BACKOFFICE_QUERY_KEY, 'sell-orders'] as const,
  byStatus: (status: SellOrderStatus | null) => [...sellOrderKeys.all, status ?? 'ALL'] as const,
};

export function mySellOrdersQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: sellOrderKeys.mine,
    queryFn: async (): Promise<SellOrder[]> => (await client.request(MySellOrdersDocument)).mySellOrders,
  });
}

/** Per order what changes the seller's depot when others act: cases sold (a buyer paid), a rejection. */
function depotChanges(orders: readonly SellOrder[] | undefined): Map<number, string> | null {
  return orders
    ? new Map(orders.map((order) => [order.id, `${order.casesSold}:${order.status === 'REJECTED'}`]))
    : null;
}

/**
 * The caller's own sell orders (cached like the depot and kept by the sync, so FOR_SALE details
 * show offline). Staff and buyers change them, so the copy on the device is shown at once and
 * fetched again whenever a screen opens; when that shows cases sold or a request rejected since,
 * the depot (whose positions became SOLD or IN_BOND again) is fetched again too.
 */
export function useMySellOrders(enabled = true) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const query = useQuery({ ...mySellOrdersQueryOptions(client), enabled, staleTime: 0 });
  const seen = useRef<Map<number, string> | null>(null);
  useEffect(() => {
    const now = depotChanges(query.data);
    const before = seen.current;
    seen.current = now;
    if (!before || !now) return;
    const changed = [...now].some(([id, state]) => before.has(id) && before.get(id) !== state);
    if (!changed) return;
    void queryClient.invalidateQueries({ queryKey: depotKeys.all });
    void queryClient.invalidateQueries({ queryKey: depotPerformanceKeys.all });
  }, [query.data, queryClient]);
  return query;
}

/** Staff: every sell order, optionally of one status. */
export function useAllSellOrders(status: SellOrderStatus | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: sellOrderKeys.byStatus(status),
    queryFn: async () => (await client.request(AllSellOrdersDocument, { status })).allSellOrders,
  });
}

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sellOrderKeys.mine }),
      queryClient.invalidateQueries({ queryKey: sellOrderKeys.all }),
      queryClient.invalidateQueries({ queryKey: depotKeys.all }),
    ]);
}

export function useCreateSellOrder() {
  const client = useApiClient();
  const refresh = useRefreshAfter();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (variables: CreateSellOrderMutationVariables) =>
      (await client.request(CreateSellOrderDocument, variables)).createSellOrder,
    onSuccess: async (result) => {
      if (result.success) await refresh();
    },
  });
}

export function useCancelSellOrder() {
  const client = useApiClient();
  const refresh = useRefreshAfter();
  return useMutation({
    // A refusal shows the server's reason, a network error this text (the query client's handler).
    meta: { errorTitle: null, fallbackMessage: sellTexts.withdrawFailed },
    mutationFn: async (sellOrderId: number) =>
      acceptedOrThrow((await client.request(CancelSellOrderDocument, { sellOrderId })).cancelSellOrder),
    onSettled: refresh,
  });
}

export function useApproveSellOrder() {
  const client = useApiClient();
  const refresh = useRefreshAfter();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (variables: {
      sellOrderId: number;
      sellPriceBtl: string | null;
      reason?: string | null;
    }) => (await client.request(ApproveSellOrderDocument, variables)).approveSellOrder,
    onSettled: refresh,
  });
}

export function useRejectSellOrder() {
  const client = useApiClient();
  const refresh = useRefreshAfter();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (variables: { sellOrderId: number; reason: string }) =>
      (await client.request(RejectSellOrderDocument, variables)).rejectSellOrder,
    onSettled: refresh,
  });
}
