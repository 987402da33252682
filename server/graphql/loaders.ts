import DataLoader from 'dataloader';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import {
  academyKeywords,
  academyVideoKeywords,
  assortmentParts,
  bottleSizes,
  classifications,
  countries,
  grapePercentages,
  grapes,
  gwsRecords,
  offerers,
  offers,
  partialOffers,
  raters,
  ratings,
  regions,
  subregions,
  valuations,
  vintagePriceHistory,
  vintages,
  wineries,
  wines,
} from '../db/schema';
import { createAccountLoaders } from './account-loaders';
import { createAdviceLoaders } from './advice-loaders';
import type { CatalogueCache, CatalogueKind } from './catalogue-cache';
import { createDepotLoaders, type DepotCache } from './depot-loaders';
import { createOrderLoaders } from './order-loaders';
import { createWineryLoaders } from './winery-loaders';

/** One row per key (or null), answered by one query for all keys requested in a tick. */
function one<Key, Row>(
  fetch: (keys: Key[]) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): DataLoader<Key, Row | null> {
  return new DataLoader(async (keys) => {
    const rows = await fetch([...keys]);
    const byKey = new Map(rows.map((row) => [keyOf(row), row]));
    return keys.map((key) => byKey.get(key) ?? null);
  });
}

/** All rows per key, in the order the query returns them. */
function many<Key, Row>(
  fetch: (keys: Key[]) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): DataLoader<Key, Row[]> {
  return new DataLoader(async (keys) => {
    const rows = await fetch([...keys]);
    const byKey = new Map<Key, Row[]>();
    for (const row of rows) {
      const key = keyOf(row);
      byKey.set(key, [...(byKey.get(key) ?? []), row]);
    }
    return keys.map((key) => byKey.get(key) ?? []);
  });
}

/**
 * One row per id like `one`, through the process's catalogue cache: ids it holds are answered
 * from it, the rest by one query whose rows are stored for the next requests.
 */
function cachedOne<Row extends { id: number }>(
  cache: CatalogueCache,
  kind: CatalogueKind,
  fetch: (ids: number[]) => Promise<Row[]>,
): DataLoader<number, Row | null> {
  return new DataLoader(async (keys) => {
    const found = new Map<number, Row>();
    const missing: number[] = [];
    for (const key of keys) {
      const hit = cache.peek<Row>(kind, key);
      if (hit) found.set(key, hit);
      else missing.push(key);
    }
    if (missing.length > 0) {
      const generation = cache.generation;
      const rows = await fetch(missing);
      for (const row of rows) found.set(row.id, row);
      cache.store(
        kind,
        generation,
        rows.map((row) => [row.id, row]),
      );
    }
    return keys.map((key) => found.get(key) ?? null);
  });
}

/** All rows per key like `many`, through the catalogue cache (an empty list is cached too). */
function cachedMany<Row>(
  cache: CatalogueCache,
  kind: CatalogueKind,
  fetch: (keys: number[]) => Promise<Row[]>,
  keyOf: (row: Row) => number,
): DataLoader<number, Row[]> {
  return new DataLoader(async (keys) => {
    const found = new Map<number, Row[]>();
    const missing: number[] = [];
    for (const key of keys) {
      const hit = cache.peek<Row[]>(kind, key);
      if (hit) found.set(key, hit);
      else missing.push(key);
    }
    if (missing.length > 0) {
      const generation = cache.generation;
      const rows = await fetch(missing);
      for (const key of missing) found.set(key, []);
      for (const row of rows) found.get(keyOf(row))?.push(row);
      cache.store(
        kind,
        generation,
        missing.map((key) => [key, found.get(key) ?? []]),
      );
    }
    return keys.map((key) => found.get(key) ?? []);
  });
}

/** The offers and their tranches of every search and order list, prepared once (db/prepared.ts). */
const offersByIdStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(offers)
    .where(sql`${offers.id} = any(${sql.placeholder('ids')})`)
    .prepare('offers_by_id'),
);
const partialOffersByOfferStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(partialOffers)
    .where(sql`${partialOffers.offerId} = any(${sql.placeholder('ids')})`)
    .orderBy(asc(partialOffers.id))
    .prepare('partial_offers_by_offer'),
);

/** The places of the catalogue: countries, regions, classifications, wineries and their wines. */
function createPlaceLoaders(db: Database, cache: CatalogueCache) {
  return {
    country: cachedOne(cache, 'country', (ids: number[]) =>
      db.select().from(countries).where(inArray(countries.id, ids)),
    ),
    region: cachedOne(cache, 'region', (ids: number[]) =>
      db.select().from(regions).where(inArray(regions.id, ids)),
    ),
    subregion: cachedOne(cache, 'subregion', (ids: number[]) =>
      db.select().from(subregions).where(inArray(subregions.id, ids)),
    ),
    classification: cachedOne(cache, 'classification', (ids: number[]) =>
      db.select().from(classifications).where(inArray(classifications.id, ids)),
    ),
    winery: cachedOne(cache, 'winery', (ids: number[]) =>
      db.select().from(wineries).where(inArray(wineries.id, ids)),
    ),
    wine: cachedOne(cache, 'wine', (ids: number[]) => db.select().from(wines).where(inArray(wines.id, ids))),
    winesByWinery: many(
      (ids: number[]) =>
        db.select().from(wines).where(inArray(wines.wineryId, ids)).orderBy(asc(wines.title)),
      (r) => r.wineryId,
    ),
  };
}

/** A vintage and what belongs to it: ratings, grapes, prices, valuations, assortment, bottle size. */
function createVintageLoaders(db: Database, cache: CatalogueCache) {
  return {
    vintage: cachedOne(cache, 'vintage', (ids: number[]) =>
      db.select().from(vintages).where(inArray(vintages.id, ids)),
    ),
    vintagesByWine: many(
      (ids: number[]) =>
        db.select().from(vintages).where(inArray(vintages.wineId, ids)).orderBy(asc(vintages.year)),
      (r) => r.wineId,
    ),
    rater: cachedOne(cache, 'rater', (ids: number[]) =>
      db.select().from(raters).where(inArray(raters.id, ids)),
    ),
    ratingsByVintage: cachedMany(
      cache,
      'ratingsByVintage',
      (ids: number[]) =>
        db
          .select()
          .from(ratings)
          .where(inArray(ratings.vintageId, ids))
          .orderBy(desc(ratings.score), asc(ratings.id)),
      (r) => r.vintageId,
    ),
    grape: one(
      (ids: number[]) => db.select().from(grapes).where(inArray(grapes.id, ids)),
      (r) => r.id,
    ),
    grapesByVintage: many(
      (ids: number[]) =>
        db
          .select()
          .from(grapePercentages)
          .where(inArray(grapePercentages.vintageId, ids))
          .orderBy(desc(grapePercentages.perc)),
      (r) => r.vintageId,
    ),
    gwsByVintage: many(
      (ids: number[]) =>
        db.select().from(gwsRecords).where(inArray(gwsRecords.vintageId, ids)).orderBy(desc(gwsRecords.date)),
      (r) => r.vintageId,
    ),
    valuationsByVintage: many(
      (ids: number[]) =>
        db
          .select()
          .from(valuations)
          .where(inArray(valuations.vintageId, ids))
          .orderBy(desc(valuations.datetimeCreated), desc(valuations.id)),
      (r) => r.vintageId,
    ),
    priceHistoryByVintage: many(
      (ids: number[]) =>
        db
          .select()
          .from(vintagePriceHistory)
          .where(inArray(vintagePriceHistory.vintageId, ids))
          .orderBy(asc(vintagePriceHistory.year)),
      (r) => r.vintageId,
    ),
    assortmentByVintage: many(
      (ids: number[]) =>
        db
          .select()
          .from(assortmentParts)
          .where(inArray(assortmentParts.vintageId, ids))
          .orderBy(asc(assortmentParts.id)),
      (r) => r.vintageId,
    ),
    bottleSize: cachedOne(cache, 'bottleSize', (ids: number[]) =>
      db.select().from(bottleSizes).where(inArray(bottleSizes.id, ids)),
    ),
  };
}

/** Offers, their offerers and partial offers, and the academy videos' keywords. */
function createOfferLoaders(db: Database) {
  return {
    offerer: one(
      (ids: number[]) => db.select().from(offerers).where(inArray(offerers.id, ids)),
      (r) => r.id,
    ),
    offer: one(
      (ids: number[]) => offersByIdStatement(db).execute({ ids }),
      (r) => r.id,
    ),
    activeOffersByVintage: many(
      (ids: number[]) =>
        db
          .select()
          .from(offers)
          .where(and(inArray(offers.vintageId, ids), eq(offers.archived, false)))
          .orderBy(desc(offers.datetimeCreated), desc(offers.id)),
      (r) => r.vintageId,
    ),
    partialOffersByOffer: many(
      (ids: number[]) => partialOffersByOfferStatement(db).execute({ ids }),
      (r) => r.offerId,
    ),
    keywordsByVideo: many(
      (ids: number[]) =>
        db
          .select({
            videoId: academyVideoKeywords.videoId,
            id: academyKeywords.id,
            title: academyKeywords.title,
          })
          .from(academyVideoKeywords)
          .innerJoin(academyKeywords, eq(academyKeywords.id, academyVideoKeywords.keywordId))
          .where(inArray(academyVideoKeywords.videoId, ids))
          .orderBy(asc(academyKeywords.title)),
      (r) => r.videoId,
    ),
  };
}

/**
 * Per-request batch loaders of the catalogue relations (created in the GraphQL context); the
 * catalogue rows come through the process's `cache` (see catalogue-cache.ts).
 */
export function createLoaders(db: Database, cache: CatalogueCache, depotCache: DepotCache) {
  return {
    ...createDepotLoaders(db, depotCache),
    ...createOrderLoaders(db),
    ...createWineryLoaders(db),
    ...createPlaceLoaders(db, cache),
    ...createVintageLoaders(db, cache),
    ...createOfferLoaders(db),
    ...createAccountLoaders(db),
    ...createAdviceLoaders(db),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
