import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { database } from '../../src/db/database';
import { clearPersistedQueryCache, forgetPersistedQueries } from '../../src/db/query-cache';
import { createQueryPersister } from '../../src/db/query-persister';
import {
  adoptOutbox,
  clearOutbox,
  forgetSettledEntries,
  queueOrderChange,
  ReplayInterrupted,
  readOutbox,
  replayOutbox,
  retryOutboxEntry,
} from '../../src/features/order-list/api/outbox-store';

let currentUser: string | null = 'kunde@example.com';

function clientWith(buildId: string) {
  const persister = createQueryPersister(() => currentUser, buildId);
  return new QueryClient({ defaultOptions: { queries: { persister: persister.persisterFn, retry: false } } });
}

describe('Offline-Speicher', () => {
  beforeEach(async () => {
    currentUser = 'kunde@example.com';
    await database.queryCache.clear();
    await clearOutbox();
  });

  it('keeps one row per query under the signed-in user and restores it without the network', async () => {
    const online = clientWith('build-1');
    await online.fetchQuery({ queryKey: ['depot'], queryFn: async () => ({ positions: 14 }) });
    await online.fetchQuery({ queryKey: ['invoices', 'paid'], queryFn: async () => ['2026-0012'] });
    // The persister writes after the fetch has answered: wait for the rows, not for a fixed time.
    await expect
      .poll(async () => (await database.queryCache.toArray()).map((row) => [row.userKey, row.queryKey]))
      .toEqual(
        expect.arrayContaining([
          ['kunde@example.com', ['depot']],
          ['kunde@example.com', ['invoices', 'paid']],
        ]),
      );

    const offline = clientWith('build-1');
    const restored = await offline.fetchQuery({
      queryKey: ['depot'],
      queryFn: async () => {
        throw new Error('offline');
      },
    });
    expect(restored).toEqual({ positions: 14 });
  });

  it('never restores another user’s data, nor data of another app build', async () => {
    const online = clientWith('build-1');
    await online.fetchQuery({ queryKey: ['depot'], queryFn: async () => ({ owner: 'Anna' }) });
    // Anna's row is stored (so the two refusals below are the rule's, not a missing row).
    await expect
      .poll(async () => (await database.queryCache.toArray()).map((row) => [row.userKey, row.buster]))
      .toEqual([['kunde@example.com', 'build-1']]);

    currentUser = 'neukunde@example.com';
    const other = clientWith('build-1');
    expect(
      await other.fetchQuery({ queryKey: ['depot'], queryFn: async () => ({ owner: 'Jonas' }) }),
    ).toEqual({
      owner: 'Jonas',
    });

    currentUser = 'kunde@example.com';
    const newBuild = clientWith('build-2');
    expect(
      await newBuild.fetchQuery({ queryKey: ['depot'], queryFn: async () => ({ owner: 'frisch' }) }),
    ).toEqual({
      owner: 'frisch',
    });
  });

  it('clears one user’s rows, or all rows on logout', async () => {
    await database.queryCache.bulkPut([
      { userKey: 'a', queryHash: 'q1', queryKey: ['x'], state: {} as never, buster: 'b', updatedAt: 1 },
      { userKey: 'b', queryHash: 'q1', queryKey: ['x'], state: {} as never, buster: 'b', updatedAt: 1 },
    ]);
    await clearPersistedQueryCache('a');
    const left = (await database.queryCache.toArray()).map((row) => row.userKey);
    expect(left).toContain('b');
    expect(left).not.toContain('a');
    await clearPersistedQueryCache();
    expect(await database.queryCache.count()).toBe(0);
  });

  it('forgets the persisted rows under a query-key prefix (the depot after a payment), of every user', async () => {
    await database.queryCache.bulkPut([
      {
        userKey: 'a',
        queryHash: 'd1',
        queryKey: ['depot', 'own'],
        state: {} as never,
        buster: 'b',
        updatedAt: 1,
      },
      {
        userKey: 'b',
        queryHash: 'd1',
        queryKey: ['depot', 'own'],
        state: {} as never,
        buster: 'b',
        updatedAt: 1,
      },
      {
        userKey: 'a',
        queryHash: 'o1',
        queryKey: ['orders', 'list'],
        state: {} as never,
        buster: 'b',
        updatedAt: 1,
      },
    ]);
    await forgetPersistedQueries(['depot']);
    expect((await database.queryCache.toArray()).map((row) => row.queryKey)).toEqual([['orders', 'list']]);
  });

  it('replays queued order-list changes in order, keeps refused ones and stops at a network failure', async () => {
    const user = 'kunde@example.com';
    await queueOrderChange(user, { kind: 'create', offerId: 1, amount: 2, title: 'Sassicaia 2019' });
    await queueOrderChange(user, { kind: 'create', offerId: 2, amount: 200, title: 'Masseto 2018' });
    await queueOrderChange(user, { kind: 'delete', orderPositionId: 9, title: 'Opus One 2019' });
    const sent: string[] = [];
    let networkUp = false;
    const send = async (entry: Awaited<ReturnType<typeof readOutbox>>[number]) => {
      if (!networkUp && entry.change.kind === 'delete') throw new Error('Failed to fetch');
      sent.push(entry.change.title);
      return entry.change.kind === 'create' && entry.change.amount > 100
        ? { outcome: 'refused' as const, reason: 'Es sind nur 5 Kisten verfügbar.' }
        : { outcome: 'applied' as const };
    };

    // The replay stops and tells what was answered before the connection failed.
    const interrupted = await replayOutbox(user, send).catch((error: unknown) => error);
    expect(interrupted).toBeInstanceOf(ReplayInterrupted);
    expect((interrupted as ReplayInterrupted).cause).toMatchObject({ message: 'Failed to fetch' });
    expect((interrupted as ReplayInterrupted).result).toMatchObject({
      applied: 1,
      refused: 1,
      left: 2,
      interrupted: true,
    });
    expect(sent).toEqual(['Sassicaia 2019', 'Masseto 2018']);
    let queue = await readOutbox(user);
    // The applied add stays marked until a list fetched after it shows it (the outbox overlay).
    expect(queue.map((entry) => [entry.change.title, entry.status, entry.reason])).toEqual([
      ['Sassicaia 2019', 'applied', undefined],
      ['Masseto 2018', 'refused', 'Es sind nur 5 Kisten verfügbar.'],
      ['Opus One 2019', 'queued', undefined],
    ]);

    networkUp = true;
    // Applied entries are neither sent again nor counted as left.
    expect(await replayOutbox(user, send)).toMatchObject({ applied: 1, refused: 0, left: 1 });
    expect(sent).toEqual(['Sassicaia 2019', 'Masseto 2018', 'Opus One 2019']);
    queue = await readOutbox(user);
    expect(queue.map((entry) => entry.status)).toEqual(['applied', 'refused', 'applied']);
    await forgetSettledEntries(user, Date.now() + 1);
    queue = await readOutbox(user);
    expect(queue.map((entry) => entry.status)).toEqual(['refused']);
  });

  it('forgets an applied change only once a list fetched after it holds it', async () => {
    const user = 'user:7';
    await queueOrderChange(user, { kind: 'create', offerId: 1, amount: 2, title: 'Sassicaia 2019' });
    const fetchedBefore = Date.now() - 1;
    await replayOutbox(user, async () => ({ outcome: 'applied' }));
    await forgetSettledEntries(user, fetchedBefore);
    expect((await readOutbox(user)).map((entry) => entry.status)).toEqual(['applied']);
    await forgetSettledEntries(user, Date.now() + 1);
    expect(await readOutbox(user)).toEqual([]);
  });

  it('moves changes queued under the e-mail address to the user id, so they are still sent', async () => {
    await queueOrderChange('kunde@example.com', {
      kind: 'delete',
      orderPositionId: 9,
      title: 'Opus One 2019',
    });
    await queueOrderChange('other@example.com', {
      kind: 'delete',
      orderPositionId: 8,
      title: 'Masseto 2018',
    });
    await adoptOutbox('kunde@example.com', 'user:7');
    expect(await readOutbox('kunde@example.com')).toEqual([]);
    expect((await readOutbox('user:7')).map((entry) => entry.change.title)).toEqual(['Opus One 2019']);
    expect((await readOutbox('other@example.com')).map((entry) => entry.change.title)).toEqual([
      'Masseto 2018',
    ]);
  });

  it('queues a refused change again with the corrected amount and a new client mutation id', async () => {
    const user = 'kunde@example.com';
    await queueOrderChange(user, { kind: 'create', offerId: 2, amount: 200, title: 'Masseto 2018' });
    await replayOutbox(user, async () => ({ outcome: 'refused', reason: 'Es sind nur 5 Kisten verfügbar.' }));
    const [refused] = await readOutbox(user);
    expect(refused?.status).toBe('refused');

    await retryOutboxEntry(user, refused?.id ?? '', 5);
    const [queued, ...rest] = await readOutbox(user);
    expect(rest).toEqual([]);
    expect(queued).toMatchObject({ status: 'queued', change: { kind: 'create', offerId: 2, amount: 5 } });
    expect(queued?.id).not.toBe(refused?.id);

    const sent: string[] = [];
    expect(
      await replayOutbox(user, async (entry) => {
        sent.push(entry.id);
        return { outcome: 'applied' };
      }),
    ).toMatchObject({ applied: 1, refused: 0, outcomes: new Map([[queued?.id, { outcome: 'applied' }]]) });
    expect(sent).toEqual([queued?.id]);
    expect((await readOutbox(user)).map((entry) => [entry.id, entry.status])).toEqual([
      [queued?.id, 'applied'],
    ]);
  });
});
