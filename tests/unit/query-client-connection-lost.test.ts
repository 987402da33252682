/**
 * A fetch that fails because the connection dropped keeps the data a screen shows (the
 * first sync fetching Top Angebote while the device goes offline turned the screen into "Offline
 * nicht verfügbar"); GraphQL and HTTP errors stay errors.
 */
import { onlineManager } from '@tanstack/react-query';
import { ClientError } from 'graphql-request';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/app/query-client';

const key = ['offers', 'search', {}];
const offers = { available: [{ id: 1 }], onRequest: [] };
const connectionLost = () => Promise.reject(new TypeError('Failed to fetch'));

async function clientShowingOffers() {
  const client = createQueryClient();
  await client.fetchQuery({ queryKey: key, queryFn: async () => offers });
  const fetchedAt = client.getQueryState(key)?.dataUpdatedAt;
  return { client, fetchedAt };
}

afterEach(() => onlineManager.setOnline(true));

describe('Verbindung bricht während eines Abrufs ab', () => {
  it('keeps the data and its date when the fetch fails after the device went offline', async () => {
    const { client, fetchedAt } = await clientShowingOffers();
    onlineManager.setOnline(false);
    await expect(
      client.fetchQuery({ queryKey: key, queryFn: connectionLost, staleTime: 0 }),
    ).rejects.toThrow();
    expect(client.getQueryState(key)).toMatchObject({
      status: 'success',
      data: offers,
      dataUpdatedAt: fetchedAt,
    });
  });

  it('keeps them too when the fetch failed just before the device said it is offline', async () => {
    const { client, fetchedAt } = await clientShowingOffers();
    await expect(
      client.fetchQuery({ queryKey: key, queryFn: connectionLost, staleTime: 0, retry: false }),
    ).rejects.toThrow();
    expect(client.getQueryState(key)?.status).toBe('error');
    onlineManager.setOnline(false);
    expect(client.getQueryState(key)).toMatchObject({
      status: 'success',
      data: offers,
      dataUpdatedAt: fetchedAt,
    });
  });

  it('leaves a GraphQL error an error, and a query without data', async () => {
    const { client } = await clientShowingOffers();
    onlineManager.setOnline(false);
    const refused = new ClientError(
      { status: 400, headers: new Headers(), body: '', errors: [] },
      { query: '' },
    );
    await expect(
      client.fetchQuery({ queryKey: key, queryFn: () => Promise.reject(refused), staleTime: 0 }),
    ).rejects.toBe(refused);
    expect(client.getQueryState(key)?.status).toBe('error');
    await expect(client.fetchQuery({ queryKey: ['vintage', 1], queryFn: connectionLost })).rejects.toThrow();
    expect(client.getQueryState(['vintage', 1])?.status).toBe('error');
  });
});
