import { describe, expect, it } from 'vitest';
import { DepotReadCache } from '../../server/graphql/depot-read-cache';

interface Read {
  positions: { id: number }[];
}

/** A database stand-in for the change check: a snapshot counter and the owners changed since each. */
function database() {
  let snapshot = 0;
  const changes: { owner: number; at: number }[] = [];
  return {
    write: (owner: number) => changes.push({ owner, at: ++snapshot }),
    check: async (owner: number, since: string | undefined) => ({
      snapshot: String(snapshot),
      changed:
        since === undefined || changes.some((change) => change.owner === owner && change.at > Number(since)),
    }),
  };
}

const depotOf = (count: number, first = 1): Read => ({
  positions: Array.from({ length: count }, (_, index) => ({ id: first + index })),
});

describe('depot-read cache', () => {
  it('serves a read again until a change of that depot is found, then reads afresh', async () => {
    const db = database();
    const cache = new DepotReadCache<Read>(100, db.check);
    let reads = 0;
    const read = () => cache.read(7, async () => depotOf(++reads));
    expect((await read()).positions).toHaveLength(1);
    expect((await read()).positions).toHaveLength(1);
    db.write(8);
    expect((await read()).positions).toHaveLength(1);
    expect(reads).toBe(1);
    db.write(7);
    expect((await read()).positions).toHaveLength(2);
    expect(cache.counts).toEqual({ hits: 2, misses: 2 });
  });

  it('hands out frozen reads, so one request cannot change another one’s', async () => {
    const cache = new DepotReadCache<Read>(100, database().check);
    const read = await cache.read(1, async () => depotOf(2));
    expect(() => {
      (read.positions as { id: number }[]).push({ id: 99 });
    }).toThrow(TypeError);
    expect(() => {
      (read.positions[0] as { id: number }).id = 5;
    }).toThrow(TypeError);
  });

  it('keeps at most its limit of positions, dropping the least recently used depot first', async () => {
    const cache = new DepotReadCache<Read>(10, database().check);
    let reads = 0;
    const read = (owner: number, count: number) =>
      cache.read(owner, async () => {
        reads += 1;
        return depotOf(count);
      });
    await read(1, 4);
    await read(2, 4);
    await read(1, 4); // 1 is now the most recently used
    await read(3, 4); // 12 > 10: 2 goes
    expect(cache.size).toEqual({ depots: 2, positions: 8 });
    expect(reads).toBe(3);
    await read(1, 4);
    expect(reads).toBe(3);
    await read(2, 4);
    expect(reads).toBe(4);
    // A depot larger than the whole limit is read every time and never stored.
    await read(9, 11);
    await read(9, 11);
    expect(reads).toBe(6);
    expect(cache.size.positions).toBeLessThanOrEqual(10);
  });

  it('reads every time when turned off (limit 0)', async () => {
    const cache = new DepotReadCache<Read>(0, database().check);
    let reads = 0;
    await cache.read(1, async () => depotOf(++reads));
    await cache.read(1, async () => depotOf(++reads));
    expect(reads).toBe(2);
    expect(cache.enabled).toBe(false);
  });
});
