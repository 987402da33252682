/**
 * The background sync of the client area (see `src/db/README.md`, "Sync", and docs/sync.md): after
 * sign-in, at each app start, on reconnect, every 15 minutes and on "Jetzt synchronisieren". The
 * first sync (and one a day) fetches every query the client screens read through the screens' own
 * query options and writes it to the query cache and to IndexedDB, so that each screen opens
 * offline even if it was never opened online. Every other sync first asks the server what changed
 * since its cursor (`syncChanges`) and fetches again only the areas (sources) that show a changed
 * entity; with nothing changed, the delta's answer is all that goes over the wire. The images the
 * data names go into the service worker's image cache, the invoice PDFs into its file cache.
 *
 * Each area is a `SyncSource`: a function that stores its queries (and those of the detail pages
 * its rows lead to) through the `SyncContext`, and the entities of `syncChanges` its queries show.
 * A later entity joins the sync with one more entry in `SYNC_SOURCES`.
 */
import {
  notifyManager,
  type QueryClient,
  type QueryFunction,
  type QueryKey,
  type SkipToken,
} from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { SyncChangesDocument, type SyncEntity } from '../../../api/graphql.generated';
import { RETURN_SLIDER, sliderToRate } from '../../../domain/advice-simulation';
import {
  academyVideoQueryOptions,
  academyVideosQueryOptions,
  blogPageQueryOptions,
  postPagesQueryOptions,
} from '../../academy';
import { accountMeQueryOptions } from '../../account';
import {
  investorProfileGateQueryOptions,
  personalOffersQueryOptions,
  salesCalculationQueryOptions,
} from '../../advice';
import { depotPerformanceQueryOptions, depotQueryOptions } from '../../depot';
import {
  offerFilterListsQueryOptions,
  offerPageQueryOptions,
  offersOnDeviceQueryOptions,
  startPageQueryOptions,
} from '../../offers';
import {
  orderListBlockedQueryOptions,
  orderListQueryOptions,
  paidInvoicesQueryOptions,
} from '../../order-list';
import { mySellOrdersQueryOptions } from '../../secondary-market';
import {
  vintagePageQueryOptions,
  wineryDetailsQueryOptions,
  wineryListQueryOptions,
  wineryMapQueryOptions,
} from '../../wineries';
import {
  needsFullSync,
  queriesToConfirm,
  queriesToForget,
  type SyncProgress,
  sourcesToRerun,
} from '../model/sync-plan';
import {
  confirmStoredQueries,
  forgetStoredQueries,
  readSyncProgress,
  storedQueryHashes,
  storeQuery,
  writeSyncProgress,
} from './sync-storage';
import { yieldToBrowser } from './yield-to-browser';

/** The query options a screen uses (the factories in each feature's `api/`). */
export interface SyncQuery<Data> {
  queryKey: QueryKey;
  // biome-ignore lint/suspicious/noExplicitAny: any query key and page parameter of the factories.
  queryFn?: QueryFunction<Data, any, never> | SkipToken;
}

export interface SyncContext {
  client: GraphQLClient;
  /** Fetches one query from the server and keeps it for offline use; answers its data. */
  store<Data>(options: SyncQuery<Data>): Promise<Data>;
  /** Stores many queries, a few at a time (the detail pages of a list). */
  storeAll<Item>(items: readonly Item[], options: (item: Item) => SyncQuery<unknown>): Promise<void>;
  /** A file the screens link to (an invoice PDF), kept in the service worker's file cache. */
  keepFile(url: string | null | undefined): void;
}

/** One area (group of screens) of the sync. */
export interface SyncSource {
  name: string;
  /** The entities of `syncChanges` its queries show: a change of one fetches the area again. */
  entities: readonly SyncEntity[];
  run(context: SyncContext): Promise<void>;
}

/** Offers, vintages and everything their pages show; most areas show some of it. */
const CATALOGUE: readonly SyncEntity[] = [
  'OFFER',
  'VINTAGE',
  'WINE',
  'WINERY',
  'REGION',
  'SUBREGION',
  'COUNTRY',
  'CLASSIFICATION',
  'RATER',
  'GRAPE',
  'BOTTLE_SIZE',
];

/** The cases of the slider's default return, as the proposal's simulation first asks for it. */
const DEFAULT_SIMULATION_RATE = sliderToRate(RETURN_SLIDER.initial);

const unique = <Value>(values: Iterable<Value | null | undefined>): Value[] =>
  [...new Set(values)].filter((value): value is Value => value !== null && value !== undefined);

/**
 * What the client area reads. Later entities (the depot's value over time, sell orders) add an
 * entry here with the query options their screen uses.
 */
export const SYNC_SOURCES: SyncSource[] = [
  {
    name: 'account',
    entities: ['ACCOUNT', 'PREFERENCES_PROFILE', 'INVOICE'],
    run: async ({ client, store }) => {
      await Promise.all([
        store(accountMeQueryOptions(client)),
        store(investorProfileGateQueryOptions(client)),
        store(orderListBlockedQueryOptions(client)),
      ]);
    },
  },
  {
    name: 'depot',
    entities: ['DEPOT_POSITION', 'SELL_ORDER', ...CATALOGUE],
    run: async ({ client, store, storeAll }) => {
      const [depot] = await Promise.all([
        store(depotQueryOptions(client)),
        // The value over time and the caller's sell orders (FOR_SALE states).
        store(depotPerformanceQueryOptions(client)),
        store(mySellOrdersQueryOptions(client)),
      ]);
      await storeAll(unique(depot.vintages.map((vintage) => vintage.id)), (id) =>
        vintagePageQueryOptions(client, id),
      );
    },
  },
  {
    name: 'offers',
    entities: CATALOGUE,
    run: async ({ client, store, storeAll }) => {
      const [, offers, hotDeals] = await Promise.all([
        store(offerFilterListsQueryOptions(client)),
        // Every promoted offer: the top offers search them on the device while offline.
        store(offersOnDeviceQueryOptions(client)),
        store(offerPageQueryOptions(client, null)),
      ]);
      const all = [...offers.available, ...offers.onRequest, ...(hotDeals?.hotDeals ?? [])];
      await storeAll(unique(all.map((offer) => offer.vintage.lwin11)), (lwin11) =>
        offerPageQueryOptions(client, lwin11),
      );
      await storeAll(unique(all.map((offer) => offer.vintage.id)), (id) =>
        vintagePageQueryOptions(client, id),
      );
    },
  },
  {
    name: 'start',
    entities: ['BLOG_POST', 'BRAND_IMAGE', ...CATALOGUE],
    run: async ({ client, store, storeAll }) => {
      const start = await store(startPageQueryOptions(client));
      await store(postPagesQueryOptions(client, 0, 3));
      await storeAll(unique(start.allPostPages.map((post) => post.slug)), (slug) =>
        blogPageQueryOptions(client, slug),
      );
    },
  },
  {
    name: 'academy',
    entities: ['ACADEMY_VIDEO', 'ACADEMY_KEYWORD', ...CATALOGUE],
    run: async ({ client, store, storeAll }) => {
      const videos = await store(academyVideosQueryOptions(client));
      await storeAll(unique(videos.filter((video) => video.isPublished).map((video) => video.slug)), (slug) =>
        academyVideoQueryOptions(client, slug),
      );
    },
  },
  {
    name: 'wineries',
    entities: CATALOGUE,
    run: async ({ client, store, storeAll }) => {
      const [map] = await Promise.all([
        store(wineryMapQueryOptions(client)),
        store(wineryListQueryOptions(client)),
      ]);
      await storeAll(unique(map.map((winery) => winery.id)), (id) => wineryDetailsQueryOptions(client, id));
    },
  },
  {
    name: 'orders',
    entities: ['ORDER_POSITION', 'INVOICE', ...CATALOGUE],
    run: async ({ client, store, keepFile }) => {
      const [, invoices] = await Promise.all([
        store(orderListQueryOptions(client)),
        store(paidInvoicesQueryOptions(client)),
      ]);
      for (const invoice of invoices) keepFile(invoice.stripeInvoicePdfUrl);
    },
  },
  {
    name: 'advice',
    entities: ['PREFERENCES_PROFILE', ...CATALOGUE],
    run: async ({ client, store, storeAll }) => {
      const proposals = await store(personalOffersQueryOptions(client));
      await storeAll(unique(proposals.map((proposal) => proposal.uid)), (uid) =>
        salesCalculationQueryOptions(client, uid, DEFAULT_SIMULATION_RATE),
      );
    },
  },
];

/** At most this many detail requests at a time (the screens keep connections of their own). */
const CONCURRENCY = 2;

/** Runs `work` on every item, `limit` at a time; the first failure rejects. */
export async function forEachLimited<Item>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as Item;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** How many cache writes go into one task (and one re-render of the screens they concern). */
export const CACHE_BATCH = 20;

/**
 * Runs `write` on every item, `CACHE_BATCH` to a task: each batch's notifications go out together
 * (`notifyManager.batch`: a subscribed screen re-renders once per batch, not once per query), and
 * the browser gets its turn between two batches.
 */
export async function inBatches<Item>(items: Iterable<Item>, write: (item: Item) => void): Promise<void> {
  const all = [...items];
  for (let start = 0; start < all.length; start += CACHE_BATCH) {
    if (start > 0) await yieldToBrowser();
    notifyManager.batch(() => {
      for (const item of all.slice(start, start + CACHE_BATCH)) write(item);
    });
  }
}

const MEDIA_URL = /^(?:https?:\/\/[^/]+)?\/media\/[^?#]+\.(?:svg|jpe?g|png|webp|gif|avif)$/i;

/** Every same-origin image URL (`/media/…`) in a piece of data, e.g. thumbnails and bottle images. */
export function imageUrlsIn(data: unknown, origin: string, found = new Set<string>()): Set<string> {
  if (typeof data === 'string') {
    if (MEDIA_URL.test(data)) {
      try {
        const url = new URL(data, origin);
        if (url.origin === origin) found.add(url.href);
      } catch {
        // Not a URL after all.
      }
    }
  } else if (Array.isArray(data)) {
    for (const item of data) imageUrlsIn(item, origin, found);
  } else if (data && typeof data === 'object') {
    for (const value of Object.values(data)) imageUrlsIn(value, origin, found);
  }
  return found;
}

export interface SyncResult {
  queries: number;
  images: string[];
  files: string[];
  /** Every query was fetched (first sync, another app build, the daily one, or the server said so). */
  full: boolean;
  /** The sources fetched again (all of them on a full sync). */
  sources: string[];
}

export interface SyncOptions {
  /** Whose data (`deviceUserKey`): the progress and stored queries are per user. */
  userKey: string;
  /** The app build: stored queries of another build are not restored, so it syncs in full. */
  buildId: string;
  sources?: SyncSource[];
  origin?: string;
  isCancelled?: () => boolean;
  now?: () => number;
}

const cancelledError = () => new Error('Synchronisierung abgebrochen');

/**
 * One sync. It asks the server what changed since the device's cursor (the first time, and once a
 * day, for everything), fetches the sources that show a changed entity (all on a full sync) from
 * the server and writes them to IndexedDB, removes the stored queries no source stores any more
 * (deleted rows, archived offers) and marks the others as confirmed now. The cursor is saved only
 * after all of it: a sync that fails or is cancelled repeats the same delta next time. Throws on
 * the first failure (the queries stored so far stay).
 */
export async function syncClientArea(
  client: GraphQLClient,
  queryClient: QueryClient,
  options: SyncOptions,
): Promise<SyncResult> {
  const { userKey, buildId } = options;
  const now = options.now ?? Date.now;
  const origin = options.origin ?? (typeof location === 'undefined' ? 'http://localhost' : location.origin);
  const sources = options.sources ?? SYNC_SOURCES;
  const cancelled = () => options.isCancelled?.() ?? false;
  const startedAt = now();
  const previous = readSyncProgress(userKey);
  const continued = needsFullSync(previous, buildId, startedAt) ? null : previous;
  const { syncChanges: delta } = await client.request(SyncChangesDocument, {
    cursor: continued?.cursor ?? null,
  });
  if (cancelled()) throw cancelledError();
  const full = continued === null || delta.full;
  const stored = full ? new Set<string>() : await storedQueryHashes(userKey);
  const rerun = full
    ? new Set(sources.map((source) => source.name))
    : sourcesToRerun(sources, delta.entities, continued.manifests, (hash) => stored.has(hash));

  const images = new Set<string>();
  const files = new Set<string>();
  let queries = 0;
  const manifests: Record<string, string[]> = {};
  for (const source of sources) {
    if (!rerun.has(source.name)) continue;
    const hashes = new Set<string>();
    const store = async <Data>(query: SyncQuery<Data>): Promise<Data> => {
      if (cancelled()) throw cancelledError();
      const data = (await queryClient.fetchQuery({
        ...(query as Parameters<QueryClient['fetchQuery']>[0]),
        staleTime: 0,
        retry: false,
        // Straight from the server: the persister would answer from the device first.
        persister: undefined,
      })) as Data;
      // The answer's parsing and its write to the cache took this task; the screens it concerns
      // re-render (TanStack's notifications of this query, batched) and input is handled before
      // the sync goes on: its work is many short tasks instead of few long ones.
      await yieldToBrowser();
      // A logout meanwhile: nothing more goes to the device.
      if (cancelled()) throw cancelledError();
      const cached = queryClient.getQueryCache().find({ queryKey: query.queryKey, exact: true });
      if (cached) {
        // `fetchQuery` left its options (without the persister) on the query; a later refetch
        // (an invalidation after a change) would use them and never write the device's copy again
        // while no screen re-renders with its own options. Give the query its usual options back.
        cached.setOptions(queryClient.defaultQueryOptions(query as Parameters<QueryClient['fetchQuery']>[0]));
        // Serialising and IndexedDB's structured clone of one query: a task of its own.
        await storeQuery(userKey, buildId, cached);
        hashes.add(cached.queryHash);
        await yieldToBrowser();
      }
      imageUrlsIn(data, origin, images);
      queries += 1;
      return data;
    };
    const context: SyncContext = {
      client,
      store,
      storeAll: (items, toQuery) => forEachLimited(items, CONCURRENCY, (item) => store(toQuery(item))),
      keepFile: (url) => {
        if (!url) return;
        try {
          const absolute = new URL(url, origin);
          if (absolute.origin === origin) files.add(absolute.href);
        } catch {
          // Not a URL.
        }
      },
    };
    await source.run(context);
    manifests[source.name] = [...hashes];
  }
  if (cancelled()) throw cancelledError();

  const before = previous?.manifests ?? {};
  const after = full ? manifests : { ...continued.manifests, ...manifests };
  const forget = queriesToForget(before, after);
  await inBatches(forget, (hash) => {
    const query = queryClient.getQueryCache().get(hash);
    if (query) queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  });
  await forgetStoredQueries(userKey, forget);
  if (!full) {
    const confirm = queriesToConfirm(after, rerun);
    await inBatches(confirm, (hash) => {
      const query = queryClient.getQueryCache().get(hash);
      if (query?.state.status === 'success' && query.state.dataUpdatedAt < startedAt) {
        queryClient.setQueryData(query.queryKey, query.state.data, { updatedAt: startedAt });
      }
    });
    await confirmStoredQueries(userKey, confirm, startedAt);
  }
  if (cancelled()) throw cancelledError();
  const progress: SyncProgress = {
    cursor: delta.cursor,
    buildId,
    fullAt: full ? startedAt : (continued?.fullAt ?? startedAt),
    manifests: after,
  };
  writeSyncProgress(userKey, progress);
  return { queries, images: [...images], files: [...files], full, sources: [...rerun] };
}
