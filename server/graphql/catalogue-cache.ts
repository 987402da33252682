/**
 * The catalogue rows every client reads and only the back office (or an import) writes — vintages,
 * wines, wineries, regions, subregions, countries, classifications, critics, their ratings and the
 * bottle sizes — kept in the server process and shared by all requests.
 *
 * Invalidation:
 * - every GraphQL mutation this process answers drops the whole cache when it is done (the back
 *   office's writes go through mutations; a mutation that changes no catalogue row costs only the
 *   reloads of the rows read next);
 * - writes this process does not see (another server instance on the same Postgres, `npm run
 *   db:reset`, an import in SQL) are found by a check in the background: once the rows were last
 *   confirmed a quarter of `ttlMs` ago (2 s by default, `CATALOGUE_CACHE_TTL_MS`; 0 turns the cache
 *   off), the next request starts one statement that asks whether any catalogue table has a row
 *   written or deleted since the snapshot of the previous check (the delta sync's `updated_xid`
 *   stamps and tombstones, services/catalogue-changes.ts). Changed: the cache is dropped. Unchanged:
 *   the rows stay. Requests never wait for the check. Should no check have confirmed the rows
 *   within `ttlMs` (the database slow or failing), the next request drops them itself, so another
 *   instance's change is shown at most `ttlMs` late.
 *
 * Why not simply drop it every few seconds: under 100 connections every request in flight would
 * then miss at once and fetch the same rows again, stalling every read at each drop (the p99 of the
 * depot read doubled when it did).
 *
 * Rows are loaded on demand (a miss is fetched by the request's batch loader and stored), never
 * the whole catalogue at once. A fetch that started before a drop does not store its rows.
 */

import { DEFAULT_CATALOGUE_CACHE_TTL_MS } from '../config';

/** Whether the catalogue changed since a snapshot (services/catalogue-changes.ts). */
export type CatalogueChangeCheck = (
  since: string | undefined,
) => Promise<{ snapshot: string; changed: boolean }>;

/** Stores of one row per id, and of all rows per vintage. */
export interface CatalogueStores {
  country: Map<number, unknown>;
  region: Map<number, unknown>;
  subregion: Map<number, unknown>;
  classification: Map<number, unknown>;
  winery: Map<number, unknown>;
  wine: Map<number, unknown>;
  vintage: Map<number, unknown>;
  rater: Map<number, unknown>;
  bottleSize: Map<number, unknown>;
  ratingsByVintage: Map<number, unknown>;
}

export type CatalogueKind = keyof CatalogueStores;

/** More entries than this in one store (an unusual crawl of the catalogue) and it starts afresh. */
const MAX_ENTRIES_PER_STORE = 50_000;

export class CatalogueCache {
  private stores: CatalogueStores = emptyStores();
  /** When the rows were last known to be current (a drop, or the start of a check that found no change). */
  private confirmedAt: number;
  /** The snapshot of the last check; changes are looked for since it. */
  private snapshot: string | undefined;
  private checking = false;
  /** Counts the drops; a fetch stores its rows only when no drop happened meanwhile. */
  generation = 0;
  /** All bottle sizes in the order of `allBottleSizes`, once read. */
  private bottleSizeList: unknown[] | undefined;

  constructor(
    readonly ttlMs = DEFAULT_CATALOGUE_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
    /** Without a check (tests of the cache alone) the rows are dropped every `ttlMs`. */
    private readonly checkChanges?: CatalogueChangeCheck,
  ) {
    this.confirmedAt = now();
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /**
   * At the start of a request: drops rows not confirmed within the time limit, and starts the
   * background check once they were confirmed a quarter of it ago (or never).
   */
  refresh(): void {
    if (!this.enabled) return;
    const age = this.now() - this.confirmedAt;
    if (age >= this.ttlMs) this.clear();
    if (this.checkChanges && !this.checking && (this.snapshot === undefined || age >= this.ttlMs / 4)) {
      void this.check(this.checkChanges);
    }
  }

  private async check(checkChanges: CatalogueChangeCheck): Promise<void> {
    this.checking = true;
    const startedAt = this.now();
    try {
      const { snapshot, changed } = await checkChanges(this.snapshot);
      // Without an earlier snapshot, rows stored before this check cannot be vouched for.
      if (changed) this.clear();
      else this.confirmedAt = Math.max(this.confirmedAt, startedAt);
      this.snapshot = snapshot;
    } catch {
      // The database did not answer: nothing is vouched for; the next check starts afresh.
      this.clear();
      this.snapshot = undefined;
    } finally {
      this.checking = false;
    }
  }

  /** Drops every row (after a mutation, a found change, or when the time limit is reached). */
  clear(): void {
    this.stores = emptyStores();
    this.bottleSizeList = undefined;
    this.confirmedAt = this.now();
    this.generation += 1;
  }

  /** A cached row (or list), or undefined when it is not cached. */
  peek<Row>(kind: CatalogueKind, id: number): Row | undefined {
    return this.stores[kind].get(id) as Row | undefined;
  }

  /** Stores rows fetched in `generation` (ignored when the cache was dropped since). */
  store(kind: CatalogueKind, generation: number, entries: Iterable<[number, unknown]>): void {
    if (!this.enabled || generation !== this.generation) return;
    const store = this.stores[kind];
    if (store.size > MAX_ENTRIES_PER_STORE) store.clear();
    for (const [id, row] of entries) store.set(id, row);
  }

  bottleSizes<Row>(): Row[] | undefined {
    return this.bottleSizeList as Row[] | undefined;
  }

  storeBottleSizes(generation: number, rows: unknown[]): void {
    if (this.enabled && generation === this.generation) this.bottleSizeList = rows;
  }
}

function emptyStores(): CatalogueStores {
  return {
    country: new Map(),
    region: new Map(),
    subregion: new Map(),
    classification: new Map(),
    winery: new Map(),
    wine: new Map(),
    vintage: new Map(),
    rater: new Map(),
    bottleSize: new Map(),
    ratingsByVintage: new Map(),
  };
}
