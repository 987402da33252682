import { MutationCache, onlineManager, type Query, QueryClient } from '@tanstack/react-query';
import { ClientError } from 'graphql-request';
import { BACKOFFICE_QUERY_KEY } from '../api/backoffice-key';
import { notifyMutationError } from '../api/mutation-errors';
import { forgetPersistedQueries } from '../db/query-cache';
import type { createQueryPersister } from '../db/query-persister';

type QueryPersister = ReturnType<typeof createQueryPersister>;

const MAX_RETRIES = 3;

/** Retries what may heal by itself (network, 5xx); a GraphQL or auth error answers the same again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  // Offline a retry waits for the connection: the screen would spin until it returns. It fails
  // at once instead, and the screen says what is not on the device.
  if (!onlineManager.isOnline()) return false;
  if (error instanceof ClientError && error.response.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * The persister, plus one rule for refetches while offline: a query that already shows data
 * (restored from the device or fetched earlier) keeps it and its date, instead of failing into
 * an error and replacing the screen with it (the refetch is cancelled with `revert`, as
 * `cancelQueries` does). It is fetched again when the connection returns.
 */
function offlineAwarePersister(persister: QueryPersister): NonNullable<QueryOptionsPersister> {
  return (queryFn, context, query) => {
    if (!onlineManager.isOnline() && query.state.data !== undefined) {
      const kept = query.state.data;
      return new Promise((resolve) => {
        queueMicrotask(() => {
          void query.cancel({ revert: true });
          resolve(kept);
        });
      });
    }
    if (query.state.data !== undefined) return persister.persisterFn(queryFn, context, query);
    let fetched = false;
    const fetching: typeof queryFn = (queryContext) => {
      fetched = true;
      return queryFn(queryContext);
    };
    const answer = persister.persisterFn(fetching, context, query);
    void answer.then(
      () => {
        // Restored from the device: fetch the current data after the restore has set the stored
        // date. The persister's own refetch (`refetchOnRestore`) starts `query.fetch()` without a
        // handler, so any failure of it (the connection lost on the way, a cancellation of a fetch
        // without data) would surface as an uncaught error in the page.
        if (!fetched) setTimeout(() => refetchIfStale(query), 0);
      },
      () => undefined,
    );
    return answer;
  };
}

type PersistedQueryOf = Parameters<NonNullable<QueryOptionsPersister>>[2];

function refetchIfStale(query: PersistedQueryOf): void {
  if (query.isStale()) query.fetch().catch(() => undefined);
}

type QueryOptionsPersister = Parameters<QueryClient['setQueryDefaults']>[1]['persister'];

/**
 * The app's query client. With a `persister` every query is kept in IndexedDB and restored when
 * it has no data yet; `offlineFirst` lets that restore run while offline (with the default
 * `online` mode a query would just wait for the network). A failed mutation is told to the user
 * once, here (`notifyMutationError`, shaped by the mutation's `meta`), not in each hook or screen.
 */
export function createQueryClient(options: { persister?: QueryPersister } = {}): QueryClient {
  // TanStack Query assumes a connection until an `offline` event: an app started (or reloaded)
  // offline would retry each failed request with back-off and spin for half a minute instead of
  // restoring from the device or saying at once that the data is not there.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  const client = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, variables, _result, mutation) => notifyMutationError(error, mutation.meta, variables),
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 24 * 60 * 60 * 1000,
        retry: shouldRetry,
        networkMode: 'offlineFirst',
        ...(options.persister ? { persister: offlineAwarePersister(options.persister) } : {}),
      },
    },
  });
  // The staff back office works online on current data: its queries are never written to the
  // device and always refetched when a screen opens.
  client.setQueryDefaults([BACKOFFICE_QUERY_KEY], {
    persister: undefined,
    staleTime: 0,
    networkMode: 'online',
  });
  if (options.persister) forgetInvalidatedQueries(client);
  keepDataWhenConnectionDrops(client);
  return client;
}

/**
 * A fetch started online that fails because the connection dropped (the background sync fetching
 * what a screen shows, a screen's refetch) must not replace the data on screen with an error
 * ("Offline nicht verfügbar"): offline, a query that holds data keeps it, as a success with the
 * date of that data (the offline banner's "Stand"). The failure may come just before the browser
 * says it is offline, or just after, so both moments check. GraphQL and HTTP errors stay errors.
 */
function keepDataWhenConnectionDrops(client: QueryClient) {
  const keep = (query: Query) => {
    const { state } = query;
    if (state.status !== 'error' || state.data === undefined || state.error instanceof ClientError) return;
    client.setQueryData(query.queryKey, state.data, { updatedAt: state.dataUpdatedAt });
  };
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && !onlineManager.isOnline()) {
      keep(event.query);
    }
  });
  onlineManager.subscribe((online) => {
    if (!online) for (const query of client.getQueryCache().getAll()) keep(query);
  });
}

/**
 * An invalidation marks only the query in memory as outdated; after a reload the copy on the
 * device (written by a screen or by the sync after sign-in) would be restored as fresh and shown
 * without a refetch, e.g. the proposals from before the investor profile was saved. So an
 * invalidation while online also removes the device's copy (the refetch that follows writes the
 * new one). Offline the copy stays: it is all the screen has until the connection returns.
 */
function forgetInvalidatedQueries(client: QueryClient) {
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
    if (!onlineManager.isOnline()) return;
    void forgetPersistedQueries(event.query.queryKey).catch(() => undefined);
  });
}
