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

  it('stores nothing when switched off (time limit 0)', () => {
    const cache = new CatalogueCache(0);
    cache.store('region', cache.generation, [[3, { id: 3 }]]);
    expect(cache.enabled).toBe(false);
    expect(cache.peek('region', 3)).toBeUndefined();
  });
});
