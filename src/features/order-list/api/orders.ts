/**
 * Order list hooks. The three order-list mutations go through the device's outbox
 * (`src/features/order-list/api/order-changes.ts`): stored first, sent at once when possible, replayed later when offline, each
 * with a client mutation id the server records, so a replay has one effect. Their one optimistic
 * view is the outbox overlay (`applyQueue`/`overlayOrder`): the screen shows the change from the
 * moment it is queued until a list fetched after the server applied it arrives; the cached list is
 * never edited by hand. A refusal (`MutationRefused`) is shown once as a German notification by the query client; the
 * refresh goes through `refreshOrderState` (the query-key factories of `order-keys.ts`).
 */
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useApiClient } from '../../../api/client';
import {
  CreateInvoiceDocument,
  CustomerPortalSessionDocument,
  FinalizeInvoiceDocument,
  InvoiceStageDocument,
  MarkPaymentThanksSeenDocument,
  OrderListBlockedDocument,
  OrderListDocument,
  type OrderListQuery,
  PaidInvoicesDocument,
  UnseenPaymentThanksDocument,
} from '../../../api/graphql.generated';
import type { MutationErrorMeta } from '../../../api/mutation-errors';
import { acceptedOrThrow, MutationRefused } from '../../../api/mutation-refused';
import { orderKeys, refreshOrderState } from '../../../api/order-keys';
import { useUserKey } from '../../../api/session/session-context';
import { CONNECTION_FAILED } from '../../../domain/error-texts';
import { stageIs } from '../../../domain/invoice-stages';
import { costSummary, costSummaryStrings } from '../../../domain/order-costs';
import type { OrderChange, QueuedOffer } from '../model/outbox-queue';
import { type SubmitOutcome, submitOrderChange } from './order-changes';

export { MutationRefused } from '../../../api/mutation-refused';
export { orderKeys } from '../../../api/order-keys';

export const ORDER_LIST_BLOCKED = 'ORDER_LIST_BLOCKED';

/**
 * Refreshes the order state after an outbox change without holding up the change: `onSettled`
 * would otherwise wait for the refetch, and offline (or on a bad connection) that refetch retries
 * for many seconds while the dialog spins and the queued change never reports back to the user.
 */
function refreshAfterOrderChange(queryClient: QueryClient): void {
  void refreshOrderState(queryClient, 1);
}

/**
 * How a failed order-list change is told (by the query client's `MutationCache`, or by
 * `notifyMutationError` for a queued change edited on the device): the title, with the server's
 * reason or the connection problem (the original only logged it: deviations.md).
 */
export function orderErrorMeta(title: string, inlineCodes?: readonly string[]): MutationErrorMeta {
  return { errorTitle: title, fallbackMessage: CONNECTION_FAILED, ...(inlineCodes ? { inlineCodes } : {}) };
}

export function orderListBlockedQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: orderKeys.blocked(),
    queryFn: async () => (await client.request(OrderListBlockedDocument)).me?.blockedByOrderCheck ?? false,
    staleTime: 0,
  });
}

/** Whether adding to the order list is refused right now (a request is checked or a payment pending). */
export function useOrderListBlocked(enabled: boolean) {
  const client = useApiClient();
  return useQuery({ ...orderListBlockedQueryOptions(client), enabled });
}

/** Sends an order-list change through the device's outbox; a refusal throws `MutationRefused`. */
function useSubmitOrderChange() {
  const client = useApiClient();
  const userKey = useUserKey() ?? '';
  return (change: OrderChange): Promise<SubmitOutcome> => submitOrderChange(client, userKey, change);
}

export function useCreateOrderPosition() {
  const submit = useSubmitOrderChange();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...orderKeys.all, 'create'],
    // A blocked order list is answered by the add dialog with a dialog of its own.
    meta: orderErrorMeta('Nicht hinzugefügt', [ORDER_LIST_BLOCKED]),
    // Runs offline too: the change goes to the device's outbox and is sent once online.
    networkMode: 'always',
    mutationFn: (variables: { offerId: number; amount: number; title: string; offer: QueuedOffer }) =>
      submit({ kind: 'create', ...variables }),
    onSettled: () => refreshAfterOrderChange(queryClient),
  });
}

export type OrderListData = OrderListQuery;
export type OrderPositionView = OrderListQuery['orderPositionList'][number];
export type InvoiceView = OrderListQuery['check_needed'][number];

/** The order list is always read fresh from the server (spec: "fetched without cache"). */
export function orderListQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: orderKeys.orderList(),
    queryFn: () => client.request(OrderListDocument),
    staleTime: 0,
  });
}

export function useOrderList(options: { pollWhileWaiting: boolean }) {
  const client = useApiClient();
  return useQuery({
    ...orderListQueryOptions(client),
    refetchOnMount: 'always',
    refetchInterval: options.pollWhileWaiting ? 4000 : false,
  });
}

/** The list with its positions replaced and the sums recomputed by the shared domain rule. */
export function withPositions(data: OrderListData, positions: OrderPositionView[]): OrderListData {
  const summary = costSummary(
    positions.map((position) => ({
      amount: position.amount,
      caskOf: position.offer.caskOf,
      priceBtl: position.priceBtl,
      conditionReport: position.conditionReport,
    })),
    data.feeSchedule,
  );
  return {
    ...data,
    orderPositionList: positions,
    orderListSums: { ...data.orderListSums, ...summary, ...costSummaryStrings(summary) },
  };
}

export function useChangeOrderPosition() {
  const submit = useSubmitOrderChange();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...orderKeys.all, 'change'],
    networkMode: 'always',
    mutationFn: (variables: { position: OrderPositionView; amount?: number; conditionReport?: boolean }) =>
      submit({
        kind: 'change',
        orderPositionId: variables.position.id,
        // Only what the user changed: the row may be older than a change still on its way.
        ...(variables.amount !== undefined ? { amount: variables.amount } : {}),
        ...(variables.conditionReport !== undefined ? { conditionReport: variables.conditionReport } : {}),
        title: variables.position.offer.vintage.title,
      }),
    meta: orderErrorMeta('Änderung nicht gespeichert'),
    onSettled: () => refreshAfterOrderChange(queryClient),
  });
}

export function useDeleteOrderPosition() {
  const submit = useSubmitOrderChange();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...orderKeys.all, 'delete'],
    networkMode: 'always',
    mutationFn: (position: OrderPositionView) =>
      submit({ kind: 'delete', orderPositionId: position.id, title: position.offer.vintage.title }),
    meta: orderErrorMeta('Position nicht entfernt'),
    onSettled: () => refreshAfterOrderChange(queryClient),
  });
}

/** The changes of order positions (amount, condition report, removal) this page may be sending. */
const POSITION_CHANGE_KEYS = [
  [...orderKeys.all, 'change'],
  [...orderKeys.all, 'delete'],
] as const;

export const ORDER_CHANGE_NOT_SAVED =
  'Eine Änderung Ihrer Orderliste wurde nicht gespeichert. Bitte prüfen Sie die Orderliste und bestellen Sie dann erneut.';

/**
 * Waits until no change of an order position started on this page is being sent; false when one of
 * them failed. The binding order asks for what the server holds, so it must not overtake an amount
 * the client typed a moment ago and sees on the screen.
 */
export function positionChangesSettled(queryClient: QueryClient): Promise<boolean> {
  const cache = queryClient.getMutationCache();
  const sending = POSITION_CHANGE_KEYS.flatMap((mutationKey) =>
    cache.findAll({ mutationKey, status: 'pending' }),
  );
  const settled = () => sending.every((mutation) => mutation.state.status !== 'pending');
  const succeeded = () => sending.every((mutation) => mutation.state.status === 'success');
  if (settled()) return Promise.resolve(succeeded());
  return new Promise((resolve) => {
    const unsubscribe = cache.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve(succeeded());
    });
  });
}

/** The binding order (needs the network; not queued offline), sent once the position changes on their way are saved. */
export function useCreateInvoice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...orderKeys.all, 'create-invoice'],
    mutationFn: async () => {
      if (!(await positionChangesSettled(queryClient))) {
        throw new MutationRefused(ORDER_CHANGE_NOT_SAVED, 'ORDER_CHANGE_NOT_SAVED');
      }
      const answer = await client.request(CreateInvoiceDocument, { clientMutationId: crypto.randomUUID() });
      acceptedOrThrow(answer.createInvoice);
      return answer.createInvoice.invoice;
    },
    meta: orderErrorMeta('Bestellung nicht abgeschickt'),
    onSettled: () => refreshOrderState(queryClient, 1),
  });
}

/** Finalizes the invoice with the payment provider and answers the hosted payment page. */
export function useFinalizeInvoice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...orderKeys.all, 'finalize'],
    mutationFn: async (invoiceId: number) => {
      const answer = await client.request(FinalizeInvoiceDocument, { invoiceId });
      acceptedOrThrow(answer.finalizeInvoice);
      return answer.finalizeInvoice.hostedInvoiceUrl ?? null;
    },
    meta: orderErrorMeta('Zahlung nicht gestartet'),
    onSettled: () => refreshOrderState(queryClient, 1),
  });
}

/** The stage of one invoice, polled while its payment is open. */
export function useInvoiceStage(invoiceId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: orderKeys.invoice(invoiceId ?? 0),
    queryFn: async () =>
      (await client.request(InvoiceStageDocument, { invoiceId: invoiceId ?? 0 })).getInvoiceById,
    enabled: invoiceId !== null,
    refetchInterval: (query) => {
      const stage = query.state.data?.stage;
      return stage !== undefined && stageIs(stage, 'paid') ? false : 4000;
    },
  });
}

/**
 * The paid invoice whose "Vielen Dank für Ihre Zahlung!" the client has not seen yet (the server
 * remembers it, so the dialog shows once, on whichever device comes first).
 */
export function useUnseenPaymentThanks() {
  const client = useApiClient();
  return useQuery({
    queryKey: orderKeys.paymentThanks(),
    queryFn: async () => (await client.request(UnseenPaymentThanksDocument)).unseenPaymentThanks ?? null,
    // Only the server knows whether it was seen (maybe on another device): never from the device.
    persister: undefined,
    staleTime: 0,
    networkMode: 'online',
  });
}

export function useMarkPaymentThanksSeen() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (invoiceId: number) =>
      (await client.request(MarkPaymentThanksSeenDocument, { invoiceId })).markPaymentThanksSeen,
    onMutate: () => queryClient.setQueryData(orderKeys.paymentThanks(), null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.paymentThanks() }),
  });
}

export function paidInvoicesQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: orderKeys.invoices('paid'),
    queryFn: async () => (await client.request(PaidInvoicesDocument)).clientsInvoices,
  });
}

export function usePaidInvoices() {
  return useQuery(paidInvoicesQueryOptions(useApiClient()));
}

/** Asks for a customer-portal session of the payment provider (opened in a new tab). */
export function useCustomerPortalSession() {
  const client = useApiClient();
  return useMutation({
    mutationKey: [...orderKeys.all, 'customer-portal'],
    mutationFn: async () =>
      (await client.request(CustomerPortalSessionDocument)).stripeCustomerPortalSession.sessionUrl,
    meta: orderErrorMeta('Rechnungen nicht erreichbar'),
  });
}
