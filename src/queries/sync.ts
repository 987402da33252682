/**
 * The background sync of the client area (see `src/db/README.md`, "Sync"): after sign-in, at each
 * app start, on reconnect, every 15 minutes and on "Jetzt synchronisieren", every query the client
 * screens read is fetched through the screens' own query options and written to the query cache
 * and to IndexedDB, so that each screen opens offline even if it was never opened online. The
 * images the data names go into the service worker's image cache, the invoice PDFs into its file
 * cache, and the chunks left out of the precache (map, Excel export) are fetched once.
 *
 * Each entity is a `SyncSource`: a function that stores its queries (and those of the detail pages
 * its rows lead to) through the `SyncContext`. A later entity joins the sync with one more entry in
 * `SYNC_SOURCES`.
 */
import type { QueryClient, QueryFunction, QueryKey, SkipToken } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { persistCachedQuery } from '../db/query-persister';
import { RETURN_SLIDER, sliderToRate } from '../domain/advice-simulation';
import { defaultOfferFilter, offerSearchVariables } from '../domain/offer-filter';
import { accountMeQueryOptions } from './account';
import {
  investorProfileGateQueryOptions,
  personalOffersQueryOptions,
  salesCalculationQueryOptions,
} from './advice';
import {
  academyVideoQueryOptions,
  academyVideosQueryOptions,
  blogPageQueryOptions,
  postPagesQueryOptions,
} from './content';
import { depotPerformanceQueryOptions, depotQueryOptions } from './depot';
import {
  offerFilterListsQueryOptions,
  offerPageQueryOptions,
  searchOffersQueryOptions,
  startPageQueryOptions,
} from './offers';
import { orderListBlockedQueryOptions, orderListQueryOptions, paidInvoicesQueryOptions } from './orders';
import { mySellOrdersQueryOptions } from './secondary-market';
import {
  allWinesQueryOptions,
  vintagePageQueryOptions,
  wineryDetailsQueryOptions,
  wineryMapQueryOptions,
} from './wineries';

/** The query options a screen uses (the factories of `src/queries/*.ts`). */
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

/** One entity (or group of screens) of the sync. */
export interface SyncSource {
  name: string;
  run(context: SyncContext): Promise<void>;
}

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
    run: async ({ client, store, storeAll }) => {
      const [depot] = await Promise.all([
        store(depotQueryOptions(client)),
        // The value over time (issue 17) and the caller's sell orders (FOR_SALE states, issue 18).
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
    run: async ({ client, store, storeAll }) => {
      const [, offers, hotDeals] = await Promise.all([
        store(offerFilterListsQueryOptions(client)),
        store(searchOffersQueryOptions(client, offerSearchVariables(defaultOfferFilter()))),
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
    run: async ({ client, store, storeAll }) => {
      const videos = await store(academyVideosQueryOptions(client));
      await storeAll(unique(videos.filter((video) => video.isPublished).map((video) => video.slug)), (slug) =>
        academyVideoQueryOptions(client, slug),
      );
    },
  },
  {
    name: 'wineries',
    run: async ({ client, store, storeAll }) => {
      const [map] = await Promise.all([
        store(wineryMapQueryOptions(client)),
        store(allWinesQueryOptions(client)),
      ]);
      await storeAll(unique(map.map((winery) => winery.id)), (id) => wineryDetailsQueryOptions(client, id));
    },
  },
  {
    name: 'orders',
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
}

/**
 * One full sync: every source in turn; the queries are fetched without the persister's restore
 * (always from the server) and then written to IndexedDB. Throws on the first failure (the
 * queries stored so far stay).
 */
export async function syncClientArea(
  client: GraphQLClient,
  queryClient: QueryClient,
  options: { sources?: SyncSource[]; origin?: string; isCancelled?: () => boolean } = {},
): Promise<SyncResult> {
  const origin = options.origin ?? (typeof location === 'undefined' ? 'http://localhost' : location.origin);
  const images = new Set<string>();
  const files = new Set<string>();
  let queries = 0;
  const store = async <Data>(query: SyncQuery<Data>): Promise<Data> => {
    if (options.isCancelled?.()) throw new Error('Synchronisierung abgebrochen');
    const data = (await queryClient.fetchQuery({
      ...(query as Parameters<QueryClient['fetchQuery']>[0]),
      staleTime: 0,
      retry: false,
      // Straight from the server: the persister would answer from the device first.
      persister: undefined,
    })) as Data;
    // A logout meanwhile: nothing more goes to the device.
    if (options.isCancelled?.()) throw new Error('Synchronisierung abgebrochen');
    const cached = queryClient.getQueryCache().find({ queryKey: query.queryKey, exact: true });
    if (cached) {
      // `fetchQuery` left its options (without the persister) on the query; a later refetch
      // (an invalidation after a change) would use them and never write the device's copy again
      // while no screen re-renders with its own options. Give the query its usual options back.
      cached.setOptions(queryClient.defaultQueryOptions(query as Parameters<QueryClient['fetchQuery']>[0]));
      await persistCachedQuery(cached);
    }
    imageUrlsIn(data, origin, images);
    queries += 1;
    return data;
  };
  const context: SyncContext = {
    client,
    store,
    storeAll: (items, options) => forEachLimited(items, CONCURRENCY, (item) => store(options(item))),
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
  for (const source of options.sources ?? SYNC_SOURCES) await source.run(context);
  return { queries, images: [...images], files: [...files] };
}
