import { afterEach, describe, expect, it, vi } from 'vitest';
import { depotKeys } from '../../src/api/depot-keys';
import { answerOf } from '../../src/api/early-answers';
import { sendEarlyRequests } from '../../src/app/early-requests';
import { SYNC_STORAGE_PREFIX } from '../../src/db/sync-state';
import { memoryStorage } from './support/memory-storage';

const signedIn = {
  user: JSON.stringify({
    id: 7,
    email: 'kunde@example.com',
    firstName: 'K',
    lastName: 'D',
    isSuperuser: false,
  }),
  tokens: JSON.stringify({ token: 'jwt-token' }),
};
const location = { origin: 'http://localhost', pathname: '/admin/depot' };

function start(storageEntries: Record<string, string>, where = location, onLine = true) {
  const storage = memoryStorage();
  for (const [key, value] of Object.entries(storageEntries)) storage.setItem(key, value);
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('navigator', { onLine });
  const fetch = vi.fn(async () =>
    Response.json({
      data: {
        clientsDepot: [],
        clientsDepotVintages: [],
        allBottleSizes: [],
        me: { investmentScore: '10.00' },
      },
    }),
  );
  vi.stubGlobal('fetch', fetch);
  sendEarlyRequests(where, storage);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  answerOf(depotKeys.own(), async () => null); // drops what a case left waiting
});

describe('requests sent before the app’s code ran', () => {
  it('asks for the own depot at /admin/depot with the session’s token, and the depot’s query takes it', async () => {
    const fetch = start(signedIn);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [input, init] = fetch.mock.calls[0] as unknown as [RequestInfo | URL, RequestInit | undefined];
    const request = new Request(input, init);
    expect(request.url).toBe('http://localhost/graphql');
    expect(request.headers.get('authorization')).toBe('JWT jwt-token');
    expect(await request.text()).toContain('ClientsDepot');
    await expect(answerOf(depotKeys.own(), async () => 'neu gefragt')).resolves.toMatchObject({
      investmentScore: '10.00',
    });
  });

  it('sends nothing without a session, elsewhere, offline, or on a device synchronised for the user', () => {
    expect(start({})).not.toHaveBeenCalled();
    expect(start(signedIn, { ...location, pathname: '/admin/start' })).not.toHaveBeenCalled();
    expect(start(signedIn, location, false)).not.toHaveBeenCalled();
    expect(
      start({ ...signedIn, [`${SYNC_STORAGE_PREFIX}user:7`]: String(Date.now()) }),
    ).not.toHaveBeenCalled();
  });
});
