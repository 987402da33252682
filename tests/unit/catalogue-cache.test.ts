import { describe, expect, it } from 'vitest';
import { CatalogueCache } from '../../server/graphql/catalogue-cache';

describe('catalogue cache', () => {
  it('answers stored rows until the time limit, then starts afresh', () => {
    let now = 1_000;
    const cache = new CatalogueCache(2_000, () => now);
    cache.store('wine', cache.generation, [[7, { id: 7, title: 'Alt' }]]);
    now += 1_999;
    cache.refresh();
    expect(cache.peek('wine', 7)).toEqual({ id: 7, title: 'Alt' });
    now += 1;
    cache.refresh();
    expect(cache.peek('wine', 7)).toBeUndefined();
  });

  it('drops everything on clear (after a mutation) and ignores rows fetched before the drop', () => {
    const cache = new CatalogueCache(2_000, () => 0);
    cache.store('vintage', cache.generation, [[1, { id: 1 }]]);
    cache.storeBottleSizes(cache.generation, [{ id: 2 }]);
    const before = cache.generation;
    cache.clear();
    expect(cache.peek('vintage', 1)).toBeUndefined();
    expect(cache.bottleSizes()).toBeUndefined();
    // A fetch that started before the drop brings rows that may be stale: not stored.
    cache.store('vintage', before, [[1, { id: 1, title: 'vor der Änderung' }]]);
    expect(cache.peek('vintage', 1)).toBeUndefined();
  });

  it('keeps its rows while the background check finds no change, and drops them when it finds one', async () => {
    let now = 0;
    const answers: { snapshot: string; changed: boolean }[] = [];
    const asked: (string | undefined)[] = [];
    // The check's answer; awaited after the cache's own continuation, which was registered first.
    let lastCheck: Promise<unknown> = Promise.resolve();
    const cache = new CatalogueCache(
      2_000,
      () => now,
      (since) => {
        asked.push(since);
        const answer = answers.shift();
        const result = answer ? Promise.resolve(answer) : Promise.reject(new Error('no answer prepared'));
        lastCheck = result.catch(() => undefined);
        return result;
      },
    );
    // The first check has nothing to compare with: whatever was stored before it is dropped.
    answers.push({ snapshot: 's1', changed: true });
    cache.store('wine', cache.generation, [[7, { id: 7 }]]);
    cache.refresh();
    await lastCheck;
    expect(cache.peek('wine', 7)).toBeUndefined();

    cache.store('wine', cache.generation, [[7, { id: 7, title: 'Alt' }]]);
    // Far beyond the time limit, as long as every check confirms the rows, they stay.
    for (let round = 0; round < 8; round++) {
      now += 600;
      answers.push({ snapshot: `s${round + 2}`, changed: false });
      cache.refresh();
      await lastCheck;
      expect(cache.peek('wine', 7)).toEqual({ id: 7, title: 'Alt' });
    }
    // Each check asks since the snapshot of the one before.
    expect(asked).toEqual([undefined, 's1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']);
    // Another writer changed a row: the next check drops everything.
    now += 600;
    answers.push({ snapshot: 's10', changed: true });
    cache.refresh();
    await lastCheck;
    expect(cache.peek('wine', 7)).toBeUndefined();
  });

  it('drops its rows itself when no check confirmed them within the time limit, and after a failed check', async () => {
    let now = 0;
    let answer: (value: { snapshot: string; changed: boolean }) => void = () => {};
    const pending: Promise<unknown>[] = [];
    const cache = new CatalogueCache(
      2_000,
      () => now,
      (since) => {
        const result = new Promise<{ snapshot: string; changed: boolean }>((resolve, reject) => {
          answer = resolve;
          if (since === 'broken') reject(new Error('Verbindung verloren'));
        });
        pending.push(result.catch(() => undefined));
        return result;
      },
    );
    cache.refresh();
    answer({ snapshot: 's1', changed: true });
    await Promise.all(pending);
    cache.store('region', cache.generation, [[3, { id: 3 }]]);
    // The check hangs (a slow database): the rows are served until the time limit, not after.
    now += 600;
    cache.refresh();
    now += 1_399;
    cache.refresh();
    expect(cache.peek('region', 3)).toEqual({ id: 3 });
    now += 1;
    cache.refresh();
    expect(cache.peek('region', 3)).toBeUndefined();
    answer({ snapshot: 'broken', changed: false });
    await Promise.all(pending);

    // A check that fails drops the rows stored meanwhile.
    cache.store('region', cache.generation, [[3, { id: 3 }]]);
    now += 600;
    cache.refresh();
    await Promise.all(pending);
    expect(cache.peek('region', 3)).toBeUndefined();
  });

  it('stores nothing when switched off (time limit 0)', () => {
    const cache = new CatalogueCache(0);
    cache.store('region', cache.generation, [[3, { id: 3 }]]);
    expect(cache.enabled).toBe(false);
    expect(cache.peek('region', 3)).toBeUndefined();
  });
});
