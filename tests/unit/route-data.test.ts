import 'fake-indexeddb/auto';
import type { GraphQLClient } from 'graphql-request';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { depotKeys } from '../../src/api/depot-keys';
import { answerOf } from '../../src/api/early-answers';
import { createQueryClient } from '../../src/app/query-client';
import { startRouteData } from '../../src/app/route-data';
import { database } from '../../src/db/database';
import { createQueryPersister } from '../../src/db/query-persister';
import { SYNC_STORAGE_PREFIX } from '../../src/db/sync-state';
import { staffDepotPath } from '../../src/routes/depot-routes';

/** A GraphQL client that answers every depot document with an empty depot and notes what was asked. */
function recordingClient() {
  const asked: { operation: string; variables: unknown }[] = [];
  const client = {
    request: async (document: { definitions: { name?: { value: string } }[] }, variables?: unknown) => {
      asked.push({ operation: document.definitions[0]?.name?.value ?? '', variables });
      return {
        clientsDepot: [],
        clientsDepotVintages: [],
        viewClientsDepot: [],
        viewClientsDepotVintages: [],
        allBottleSizes: [],
        me: { id: 1, investmentScore: '0.00' },
      };
    },
  };
  return { asked, apiClient: client as unknown as GraphQLClient };
}

const USER = 'kunde@example.com';

/** The browser's local storage, as far as the sync's state uses it. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe('the main data of the opened screen, started with the app', () => {
  beforeEach(async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('localStorage', memoryStorage());
    await database.queryCache.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the own depot at /admin/depot, into the query the screen reads', async () => {
    const queryClient = createQueryClient();
    const { asked, apiClient } = recordingClient();
    startRouteData('/admin/depot', { queryClient, apiClient, userKey: USER });
    expect(asked).toEqual([{ operation: 'ClientsDepot', variables: undefined }]);
    await expect
      .poll(() => queryClient.getQueryData(depotKeys.own()))
      .toEqual({ positions: [], vintages: [], bottleSizes: [], investmentScore: '0.00' });
  });

  it("asks for a client's depot in the staff view, with the client's address from the path", async () => {
    const queryClient = createQueryClient();
    const { asked, apiClient } = recordingClient();
    startRouteData(staffDepotPath('anna+wein@example.com'), { queryClient, apiClient, userKey: USER });
    expect(asked).toEqual([
      { operation: 'ViewClientsDepot', variables: { clientsMail: 'anna+wein@example.com' } },
    ]);
    await expect
      .poll(() => queryClient.getQueryData(depotKeys.ofClient('anna+wein@example.com')))
      .toMatchObject({ positions: [], investmentScore: null });
  });

  it('asks for nothing on screens without such data', () => {
    const queryClient = createQueryClient();
    const { asked, apiClient } = recordingClient();
    for (const path of [
      '/admin/start',
      '/admin/orderlist',
      '/login',
      '/admin/depot/extra',
      staffDepotPath('x').replace(/x$/, '%E0%A4%A'),
    ])
      startRouteData(path, { queryClient, apiClient, userKey: USER });
    expect(asked).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('on a device never synchronised asks the server at once, before looking into IndexedDB, and once', async () => {
    const queryClient = createQueryClient({ persister: createQueryPersister(() => USER, 'build') });
    const { asked, apiClient } = recordingClient();
    startRouteData('/admin/depot', { queryClient, apiClient, userKey: USER });
    expect(asked).toHaveLength(1); // sent before the device database answered
    await expect.poll(() => queryClient.getQueryData(depotKeys.own())).toBeDefined();
    expect(asked).toHaveLength(1); // the query took that answer instead of asking again
  });

  it('drops the early answer when the query restored a copy instead, so a later run asks anew', async () => {
    const first = createQueryClient({ persister: createQueryPersister(() => USER, 'build') });
    startRouteData('/admin/depot', {
      queryClient: first,
      apiClient: recordingClient().apiClient,
      userKey: USER,
    });
    await expect.poll(() => database.queryCache.count()).toBe(1); // the copy on the device
    const queryClient = createQueryClient({ persister: createQueryPersister(() => USER, 'build') });
    const { asked, apiClient } = recordingClient();
    startRouteData('/admin/depot', { queryClient, apiClient, userKey: USER });
    expect(asked).toHaveLength(1); // the device was never synchronised: asked at once
    await expect.poll(() => queryClient.getQueryData(depotKeys.own())).toBeDefined(); // restored
    // A run after a change (an invalidation) gets a new answer, not the one asked before the change.
    await expect(answerOf(depotKeys.own(), async () => 'neu')).resolves.toBe('neu');
  });

  it('on a synchronised device looks into IndexedDB first, and asks the server only without a copy', async () => {
    localStorage.setItem(`${SYNC_STORAGE_PREFIX}${USER}`, String(Date.now()));
    const queryClient = createQueryClient({ persister: createQueryPersister(() => USER, 'build') });
    const { asked, apiClient } = recordingClient();
    startRouteData('/admin/depot', { queryClient, apiClient, userKey: USER });
    expect(asked).toEqual([]);
    await expect.poll(() => asked.length).toBe(1);
    await expect.poll(() => queryClient.getQueryData(depotKeys.own())).toBeDefined();
    expect(asked).toHaveLength(1);
  });

  it('offline sends nothing early, also on a device never synchronised: the query looks into IndexedDB', () => {
    vi.stubGlobal('navigator', { onLine: false });
    const queryClient = createQueryClient({ persister: createQueryPersister(() => USER, 'build') });
    const { asked, apiClient } = recordingClient();
    startRouteData('/admin/depot', { queryClient, apiClient, userKey: USER });
    expect(asked).toEqual([]);
  });
});
