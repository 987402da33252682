/**
 * Order-list changes go through the device's outbox (see `src/db/README.md`): written to
 * IndexedDB first, then sent; offline they wait and are replayed in order later. The server
 * records each change's client mutation id, so a change sent twice has one effect.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { ClientError, type GraphQLClient } from 'graphql-request';
import { useEffect, useState } from 'react';
import { isUnauthenticatedError, useApiClient } from '../../../api/client';
import {
  ChangeOrderPositionDocument,
  CreateOrderPositionDocument,
  DeleteOrderPositionDocument,
} from '../../../api/graphql.generated';
import { MutationRefused, type RefusalReason } from '../../../api/mutation-refused';
import { orderKeys, refreshOrderState } from '../../../api/order-keys';
import { useSession, useUserKey } from '../../../api/session/session-context';
import { GENERIC_ERROR } from '../../../domain/error-texts';
import { accountKeys } from '../../account';
import type { OrderChange, OutboxEntry, QueuedEdit } from '../model/outbox-queue';
import {
  adoptOutbox,
  discardOutboxEntry,
  editOutboxEntry,
  forgetSettledEntries,
  queueOrderChange,
  type ReplayAnswer,
  ReplayInterrupted,
  type ReplayResult,
  replayOutbox,
  retryOutboxEntry,
  watchOutbox,
  withdrawOutboxEntry,
} from './outbox-store';

interface Answer {
  success: boolean;
  errors: RefusalReason[];
}

/** Sends one queued change. A network failure or an ended session throws (the replay stops). */
export async function sendOrderChange(client: GraphQLClient, entry: OutboxEntry): Promise<ReplayAnswer> {
  const { change } = entry;
  let answer: Answer;
  try {
    if (change.kind === 'create') {
      answer = (
        await client.request(CreateOrderPositionDocument, {
          offerId: change.offerId,
          amount: change.amount,
          clientMutationId: entry.id,
        })
      ).createOrderPosition;
    } else if (change.kind === 'change') {
      answer = (
        await client.request(ChangeOrderPositionDocument, {
          orderPositionId: change.orderPositionId,
          ...(change.amount !== undefined ? { amount: change.amount } : {}),
          ...(change.conditionReport !== undefined ? { conditionReport: change.conditionReport } : {}),
          clientMutationId: entry.id,
        })
      ).changeOrderPosition;
    } else {
      answer = (
        await client.request(DeleteOrderPositionDocument, {
          orderPositionId: change.orderPositionId,
          clientMutationId: entry.id,
        })
      ).deleteOrderPosition;
    }
  } catch (error) {
    // A GraphQL error answer (not a lost connection, not an ended session) is a refusal too.
    if (error instanceof ClientError && !isUnauthenticatedError(error) && error.response.status < 500) {
      const first = error.response.errors?.[0];
      const code = first?.extensions?.code;
      return {
        outcome: 'refused',
        reason: first?.message ?? GENERIC_ERROR,
        ...(typeof code === 'string' ? { code } : {}),
      };
    }
    throw error;
  }
  if (answer.success) return { outcome: 'applied' };
  const first = answer.errors[0];
  return {
    outcome: 'refused',
    reason: first?.message ?? GENERIC_ERROR,
    ...(first ? { code: first.code } : {}),
    ...(first?.field ? { field: first.field } : {}),
  };
}

/** Where the browser supports it, the service worker wakes the app up to replay once online. */
async function requestBackgroundSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  const sync = (
    registration as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined
  )?.sync;
  await sync?.register('order-outbox').catch(() => undefined);
}

/** The change was applied now, or waits in the outbox for the connection. */
export type SubmitOutcome = 'applied' | 'queued';

/**
 * Queues the change durably, then replays the outbox. Refused right away → the entry is dropped
 * and `MutationRefused` thrown (the user sees the reason on the spot); no connection → it stays
 * queued and the answer is 'queued'.
 */
export async function submitOrderChange(
  client: GraphQLClient,
  userKey: string,
  change: OrderChange,
): Promise<SubmitOutcome> {
  const entry = await queueOrderChange(userKey, change);
  // The replay tells each entry's outcome (no second read of the outbox to learn it); when the
  // connection fails, the change may still have gone out before that (else it waits).
  const answer = (await replay(client, userKey)).outcomes.get(entry.id);
  if (answer?.outcome === 'applied') return 'applied';
  if (answer?.outcome === 'refused') {
    await discardOutboxEntry(entry.id);
    throw new MutationRefused(answer.reason, answer.code, answer.field ?? null);
  }
  await requestBackgroundSync();
  return 'queued';
}

/** The signed-in user's outbox, live (also changes made in other tabs). */
export function useOrderOutbox(): OutboxEntry[] {
  const userKey = useUserKey();
  const [queue, setQueue] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    if (!userKey) return undefined;
    return watchOutbox(userKey, setQueue);
  }, [userKey]);
  return queue;
}

/** Replays the outbox; an interrupted replay answers what was answered before the connection failed. */
async function replay(client: GraphQLClient, userKey: string): Promise<ReplayResult> {
  try {
    return await replayOutbox(userKey, (entry) => sendOrderChange(client, entry));
  } catch (error) {
    if (error instanceof ReplayInterrupted) return error.result;
    throw error;
  }
}

/** Replays the outbox and, when the server answered anything, refreshes the order state. */
async function replayAndRefresh(
  client: GraphQLClient,
  queryClient: QueryClient,
  userKey: string,
): Promise<ReplayResult | null> {
  const result = await replay(client, userKey).catch(() => null);
  if (result && result.outcomes.size > 0) await refreshOrderState(queryClient);
  return result;
}

/**
 * "Erneut senden" of a refused change: queued again (with the corrected amount) and sent at once
 * when online; offline it waits like any other change.
 */
export function useRetryOrderChange(): (entry: OutboxEntry, amount?: number) => Promise<void> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const userKey = useUserKey();
  return async (entry, amount) => {
    if (!userKey) return;
    await retryOutboxEntry(userKey, entry.id, amount);
    const result = await replayAndRefresh(client, queryClient, userKey);
    // Not answered (no connection): it waits, and the browser may wake the app when one returns.
    if (!result || result.interrupted) await requestBackgroundSync();
  };
}

/** Said when an edit comes too late: the change went to the server meanwhile. */
export const QUEUED_CHANGE_SENT =
  'Die Änderung wurde inzwischen an den Server übertragen und kann hier nicht mehr bearbeitet werden.';

/**
 * Editing and withdrawing changes that still wait for the connection (`editQueuedChange`,
 * `withdrawQueuedChange`): the edit collapses into the queued change, so the server receives one
 * change with the result; a withdrawn change is never sent. The order list shows the queue applied
 * (the outbox overlay), so nothing else updates the screen. Online, the queue is sent right after.
 * A change that went out meanwhile cannot be edited: `MutationRefused` with `QUEUED_CHANGE_SENT`.
 */
export function useQueuedChangeEditing(): {
  edit: (entry: OutboxEntry, edit: QueuedEdit) => Promise<void>;
  withdraw: (entry: OutboxEntry) => Promise<void>;
} {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const userKey = useUserKey();
  const afterwards = async (done: boolean) => {
    if (!done) throw new MutationRefused(QUEUED_CHANGE_SENT, 'ALREADY_SENT');
    if (userKey && navigator.onLine) await replayAndRefresh(client, queryClient, userKey);
  };
  return {
    edit: async (entry, edit) => {
      if (!userKey) return;
      await afterwards(await editOutboxEntry(userKey, entry.id, edit));
    },
    withdraw: async (entry) => {
      if (!userKey) return;
      await afterwards(await withdrawOutboxEntry(userKey, entry.id));
    },
  };
}

/** The queries an applied change is shown over until they are fetched again (`overlayOrder`). */
const overlaidQueries = () => [orderKeys.orderList(), accountKeys.me()];

/**
 * When the order list and the user's counts (the sidebar badge) were fetched after the server
 * applied a change, that change leaves the outbox: the lists show it themselves now.
 */
function forgetSettledOnRefetch(queryClient: QueryClient, userKey: string): () => void {
  const forget = () => {
    const fetchedAt = Math.min(
      ...overlaidQueries().map(
        (queryKey) => queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? Number.POSITIVE_INFINITY,
      ),
    );
    if (Number.isFinite(fetchedAt)) void forgetSettledEntries(userKey, fetchedAt).catch(() => undefined);
  };
  const overlaid = new Set(overlaidQueries().map((queryKey) => JSON.stringify(queryKey)));
  return queryClient.getQueryCache().subscribe((event) => {
    if (
      event.type === 'updated' &&
      event.action.type === 'success' &&
      overlaid.has(JSON.stringify(event.query.queryKey))
    )
      forget();
  });
}

/**
 * Replays the outbox on app start, when the connection returns, when the app becomes visible
 * again and when the service worker relays a background sync; applied changes leave the outbox
 * once the lists show them. Mounted once in the admin layout.
 */
export function useOutboxReplay(): void {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const userKey = useUserKey();
  const email = useSession()?.user.email ?? null;
  useEffect(() => {
    if (!userKey) return undefined;
    // Changes queued under the e-mail address (sessions stored before the id was part of them)
    // belong to this user: they move to the id first, so that they are still sent.
    const adopted = email ? adoptOutbox(email, userKey).catch(() => undefined) : Promise.resolve();
    const replay = () => void adopted.then(() => replayAndRefresh(client, queryClient, userKey));
    const onVisible = () => {
      if (document.visibilityState === 'visible') replay();
    };
    const onWorkerMessage = (event: MessageEvent) => {
      if (event.data?.type === 'REPLAY_OUTBOX') replay();
    };
    replay();
    const unsubscribe = forgetSettledOnRefetch(queryClient, userKey);
    window.addEventListener('online', replay);
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    return () => {
      unsubscribe();
      window.removeEventListener('online', replay);
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    };
  }, [client, queryClient, userKey, email]);
}

/** "Jetzt senden" before a logout: replays the queue now and answers how many changes are left (refused, no connection). */
export function useSendOutboxNow(): () => Promise<number | null> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const userKey = useUserKey();
  return async () => {
    if (!userKey) return 0;
    // Null: the replay itself failed (the outbox unreadable), nothing is known.
    return (await replayAndRefresh(client, queryClient, userKey))?.left ?? null;
  };
}
