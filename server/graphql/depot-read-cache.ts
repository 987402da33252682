/**
 * Each client's depot read — the positions with their status histories and the valuations of the
 * depot's vintages (depot-loaders.ts) — kept in the server process and served again while the
 * database says nothing of it changed (with 100 clients reading their depots at
 * once, the two read statements and the parsing of their 200-position answers were half of a depot
 * request's cost).
 *
 * Correct on every request, not after a delay: before an entry is served, one statement
 * (`depotChangedSince`, services/depot.ts) asks whether a row of that depot, of its status histories
 * or of its vintages' valuations, or a tombstone of one, was written since the snapshot the entry was
 * read after. Any writer is seen — a mutation of this process, another server instance on the same
 * Postgres, an import in SQL —, so a change made on one instance is shown by the next read on every
 * other. A read is stored with the snapshot its check took *before* it read; a change committed
 * between that check and the read makes the next check re-read once, never serve old rows.
 *
 * The entries are frozen (requests share them) and bounded by their positions in all
 * (`DEPOT_READ_CACHE_POSITIONS`, least recently used first out; 0 turns the cache off). Catalogue
 * rows (vintages, wines, bottle sizes, …) are not held here but in the catalogue cache.
 */

import type { SnapshotCheck } from '../services/sync';

/** Whether a client's depot changed since a snapshot (services/depot.ts `depotChangedSince`). */
export type DepotChangedSince = (ownerId: number, since: string | undefined) => Promise<SnapshotCheck>;

interface Entry<Read> {
  /** The snapshot the check before the read took: changes are looked for since it. */
  snapshot: string;
  read: Read;
  /** The positions it holds (at least 1), counted against the limit. */
  size: number;
}

export class DepotReadCache<Read extends { positions: readonly unknown[] }> {
  /** In the order of their last use, least recent first. */
  private readonly entries = new Map<number, Entry<Read>>();
  private positions = 0;
  /** Reads served from the cache and read from the database (for tests). */
  readonly counts = { hits: 0, misses: 0 };

  constructor(
    readonly maxPositions: number,
    private readonly changedSince: DepotChangedSince,
  ) {}

  get enabled(): boolean {
    return this.maxPositions > 0;
  }

  /** `ownerId`'s depot: the stored read when nothing changed since it, else `readFresh()` (stored). */
  async read(ownerId: number, readFresh: () => Promise<Read>): Promise<Read> {
    if (!this.enabled) return readFresh();
    const entry = this.entries.get(ownerId);
    const check = await this.changedSince(ownerId, entry?.snapshot);
    if (entry && !check.changed) {
      // Nothing of the depot changed between the two snapshots, so the rows are those of the newer
      // one too: later checks look from it (fewer rows of other depots written since to pass over).
      entry.snapshot = check.snapshot;
      // The most recently used last (unless a read stored meanwhile replaced it).
      if (this.entries.get(ownerId) === entry) {
        this.entries.delete(ownerId);
        this.entries.set(ownerId, entry);
      }
      this.counts.hits += 1;
      return entry.read;
    }
    this.counts.misses += 1;
    const read = deepFreeze(await readFresh());
    this.store(ownerId, { snapshot: check.snapshot, read, size: Math.max(1, read.positions.length) });
    return read;
  }

  /**
   * Two reads of one depot at once may store in either order: both were read after their check's
   * snapshot, so either entry is correct (an older snapshot only finds a change sooner).
   */
  private store(ownerId: number, entry: Entry<Read>): void {
    this.forget(ownerId);
    if (entry.size > this.maxPositions) return;
    this.entries.set(ownerId, entry);
    this.positions += entry.size;
    for (const [oldest] of this.entries) {
      if (this.positions <= this.maxPositions) break;
      this.forget(oldest);
    }
  }

  private forget(ownerId: number): void {
    const entry = this.entries.get(ownerId);
    if (!entry) return;
    this.entries.delete(ownerId);
    this.positions -= entry.size;
  }

  /** Held depots and positions (for tests). */
  get size(): { depots: number; positions: number } {
    return { depots: this.entries.size, positions: this.positions };
  }
}

/** Freezes objects and arrays all the way down (Maps are walked, not frozen: nothing sets on them). */
function deepFreeze<Value>(value: Value): Value {
  if (value instanceof Map) {
    for (const item of value.values()) deepFreeze(item);
  } else if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
