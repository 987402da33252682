/**
 * The catalogue rows every client reads and only the back office (or an import) writes — vintages,
 * wines, wineries, regions, subregions, countries, classifications, critics, their ratings and the
 * bottle sizes — kept in the server process and shared by all requests (issue 19 item 1).
 *
 * Invalidation:
 * - every GraphQL mutation this process answers drops the whole cache when it is done (the back
 *   office's writes go through mutations; a mutation that changes no catalogue row costs only the
 *   reloads of the rows read next);
 * - writes this process does not see (another server instance on the same Postgres, `npm run
 *   db:reset`, an import in SQL) are picked up by the time limit: the cache is dropped at the start
 *   of the first request after `ttlMs` (2 s by default, `CATALOGUE_CACHE_TTL_MS`; 0 turns the cache
 *   off). So a second instance shows a catalogue change at most 2 s late. A version check per
 *   request (a counter row bumped by triggers) would make that exact but costs a round trip per
 *   request and a migration; 2 s of lag for editorial data was judged acceptable.
 *
 * Rows are loaded on demand (a miss is fetched by the request's batch loader and stored), never
 * the whole catalogue at once. A fetch that started before a drop does not store its rows.
 */

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

export const DEFAULT_CATALOGUE_CACHE_TTL_MS = 2_000;

export class CatalogueCache {
  private stores: CatalogueStores = emptyStores();
  private bornAt: number;
  /** Counts the drops; a fetch stores its rows only when no drop happened meanwhile. */
  generation = 0;
  /** All bottle sizes in the order of `allBottleSizes`, once read. */
  private bottleSizeList: unknown[] | undefined;

  constructor(
    readonly ttlMs = DEFAULT_CATALOGUE_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.bornAt = now();
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** At the start of a request: drops the rows once they are older than the time limit. */
  refresh(): void {
    if (this.now() - this.bornAt >= this.ttlMs) this.clear();
  }

  /** Drops every row (after a mutation, or when the time limit is reached). */
  clear(): void {
    this.stores = emptyStores();
    this.bottleSizeList = undefined;
    this.bornAt = this.now();
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
