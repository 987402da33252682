/**
 * The order area's query keys and its one refresh after an order-list change (a mutation settling,
 * a replay of the outbox, "Jetzt senden"): the order queries and the user (sidebar badge) are stale.
 */
import type { QueryClient } from '@tanstack/react-query';
import { userKeys } from './user';

export const orderKeys = {
  all: ['orders'] as const,
  orderList: () => [...orderKeys.all, 'order-list'] as const,
  blocked: () => [...orderKeys.all, 'blocked'] as const,
  invoices: (stage: string) => [...orderKeys.all, 'invoices', stage] as const,
  invoice: (invoiceId: number) => [...orderKeys.all, 'invoice', invoiceId] as const,
  paymentThanks: () => [...orderKeys.all, 'payment-thanks'] as const,
};

/**
 * Refetches the order state. `ownMutations`: order-list mutations of the caller still counted as
 * running (1 in a mutation's `onSettled`). While another change is on its way, a refetch would show
 * the server's state without it; the last change to settle refreshes.
 */
export function refreshOrderState(queryClient: QueryClient, ownMutations = 0): Promise<unknown> {
  if (queryClient.isMutating({ mutationKey: orderKeys.all }) > ownMutations) return Promise.resolve();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
  ]);
}
