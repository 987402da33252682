/**
 * Order-list changes go through the device's outbox (see `src/db/README.md`): written to
 * IndexedDB first, then sent; offline they wait and are replayed in order later. The server
 * records each change's client mutation id, so a change sent twice has one effect.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { ClientError, type GraphQLClient } from 'graphql-request';
import { useEffect, useState } from 'react';
import { useUserKey } from '../app/session/session-context';
import {
  discardOutboxEntry,
  queueOrderChange,
  type ReplayAnswer,
  readOutbox,
  replayOutbox,
  retryOutboxEntry,
  watchOutbox,
} from '../db/outbox';
import type { OrderChange, OutboxEntry } from '../domain/order-outbox';
import { GENERIC_ERROR } from '../domain/texts';
import { isUnauthenticatedError, useApiClient } from './client';
import {
  ChangeOrderPositionDocument,
  CreateOrderPositionDocument,
  DeleteOrderPositionDocument,
} from './graphql.generated';
import { MutationRefused } from './mutation-refused';

interface Answer {
  success: boolean;
  errors: { message: string; code: string }[];
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
  let answer: ReplayAnswer | undefined;
  try {
    // The replay tells each entry's outcome (no second read of the outbox to learn it).
    answer = (await replayOutbox(userKey, (queued) => sendOrderChange(client, queued))).outcomes.get(
      entry.id,
    );
  } catch {
    answer = undefined; // The connection failed: the change waits.
  }
  if (answer?.outcome === 'applied') return 'applied';
  if (answer?.outcome === 'refused') {
    await discardOutboxEntry(entry.id);
    throw new MutationRefused(answer.reason, answer.code);
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

async function replayAndRefresh(client: GraphQLClient, queryClient: QueryClient, userKey: string) {
  const result = await replayOutbox(userKey, (entry) => sendOrderChange(client, entry)).catch(() => null);
  if (result && result.outcomes.size > 0) {
    await queryClient.invalidateQueries({ queryKey: ['orders'] });
    await queryClient.invalidateQueries({ queryKey: ['user'] });
  }
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
    await replayAndRefresh(client, queryClient, userKey);
    if ((await readOutbox(userKey)).some((queued) => queued.status === 'queued'))
      await requestBackgroundSync();
  };
}

/**
 * Replays the outbox on app start, when the connection returns, when the app becomes visible
 * again and when the service worker relays a background sync. Mounted once in the admin layout.
 */
export function useOutboxReplay(): void {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const userKey = useUserKey();
  useEffect(() => {
    if (!userKey) return undefined;
    const replay = () => void replayAndRefresh(client, queryClient, userKey);
    const onVisible = () => {
      if (document.visibilityState === 'visible') replay();
    };
    const onWorkerMessage = (event: MessageEvent) => {
      if (event.data?.type === 'REPLAY_OUTBOX') replay();
    };
    replay();
    window.addEventListener('online', replay);
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    return () => {
      window.removeEventListener('online', replay);
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    };
  }, [client, queryClient, userKey]);
}

/** "Jetzt senden" before a logout: replays the queue now and answers how many changes are left (refused, no connection). */
export function useSendOutboxNow(): () => Promise<number> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const userKey = useUserKey();
  return async () => {
    if (!userKey) return 0;
    await replayAndRefresh(client, queryClient, userKey);
    return (await readOutbox(userKey)).length;
  };
}
