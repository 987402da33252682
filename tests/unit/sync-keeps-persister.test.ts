/**
 * The background sync fetches each query straight from the server (without the persister's
 * restore). A refetch after a later invalidation (a sell request, an order) must still write the
 * device's copy: otherwise a reload offline finds the screen's data missing or outdated.
 */
import 'fake-indexeddb/auto';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { beforeEach, expect, it } from 'vitest';
import { database } from '../../src/db/database';
import { createQueryPersister } from '../../src/db/query-persister';
import { syncClientArea } from '../../src/features/sync/api/sync';

const USER = 'kunde@example.com';
const KEY = ['depot', 'own'] as const;

beforeEach(async () => {
  await database.queryCache.clear();
});

async function deviceCopy(): Promise<unknown> {
  const rows = await database.queryCache.where('userKey').equals(USER).toArray();
  return rows.find((row) => JSON.stringify(row.queryKey) === JSON.stringify(KEY))?.state.data;
}

it('writes the refetch after an invalidation to the device although the sync fetched the query before', async () => {
  const persister = createQueryPersister(() => USER, 'build-1');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { persister: persister.persisterFn, retry: false, staleTime: 60_000 } },
  });
  let version = 1;
  const options = { queryKey: KEY, queryFn: async () => ({ version }) };
  // A screen shows the query.
  const observer = new QueryObserver(queryClient, options);
  const unsubscribe = observer.subscribe(() => undefined);
  await expect.poll(() => observer.getCurrentResult().data).toEqual({ version: 1 });

  // The sync stores it (same data: the screen does not render again).
  // The server's delta answer of a first (full) sync; the one source stores the query.
  const client = {
    request: async () => ({ syncChanges: { cursor: 'c1', full: true, entities: [] } }),
  } as unknown as GraphQLClient;
  await syncClientArea(client, queryClient, {
    userKey: USER,
    buildId: 'build-1',
    sources: [{ name: 'depot', entities: [], run: async ({ store }) => void (await store(options)) }],
  });
  expect(await deviceCopy()).toEqual({ version: 1 });

  // A change on the server, then the invalidation of a mutation: the new data reaches the device.
  version = 2;
  await queryClient.invalidateQueries({ queryKey: KEY });
  expect(observer.getCurrentResult().data).toEqual({ version: 2 });
  await expect.poll(deviceCopy).toEqual({ version: 2 });
  unsubscribe();
});

it('stores what it fetched so that a screen never opened restores it offline, and not for another build', async () => {
  const online = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = {
    request: async () => ({ syncChanges: { cursor: 'c1', full: true, entities: [] } }),
  } as unknown as GraphQLClient;
  const options = { queryKey: KEY, queryFn: async () => ({ positions: 14 }) };
  await syncClientArea(client, online, {
    userKey: USER,
    buildId: 'build-1',
    sources: [{ name: 'depot', entities: [], run: async ({ store }) => void (await store(options)) }],
  });

  const offline = (buildId: string) =>
    new QueryClient({
      defaultOptions: {
        queries: { persister: createQueryPersister(() => USER, buildId).persisterFn, retry: false },
      },
    });
  const noNetwork = async (): Promise<{ positions: number }> => {
    throw new Error('offline');
  };
  expect(await offline('build-1').fetchQuery({ queryKey: KEY, queryFn: noNetwork })).toEqual({
    positions: 14,
  });
  await expect(offline('build-2').fetchQuery({ queryKey: KEY, queryFn: noNetwork })).rejects.toThrow(
    'offline',
  );
});
