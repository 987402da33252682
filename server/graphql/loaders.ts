import DataLoader from 'dataloader';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
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
import { createDepotLoaders } from './depot-loaders';
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

/** Per-request batch loaders of the catalogue relations (created in the GraphQL context). */
export function createLoaders(db: Database) {
  return {
    ...createDepotLoaders(db),
    ...createOrderLoaders(db),
    ...createWineryLoaders(db),
    country: one(
      (ids: number[]) => db.select().from(countries).where(inArray(countries.id, ids)),
      (r) => r.id,
    ),
    region: one(
      (ids: number[]) => db.select().from(regions).where(inArray(regions.id, ids)),
      (r) => r.id,
    ),
    subregion: one(
      (ids: number[]) => db.select().from(subregions).where(inArray(subregions.id, ids)),
      (r) => r.id,
    ),
    classification: one(
      (ids: number[]) => db.select().from(classifications).where(inArray(classifications.id, ids)),
      (r) => r.id,
    ),
    winery: one(
      (ids: number[]) => db.select().from(wineries).where(inArray(wineries.id, ids)),
      (r) => r.id,
    ),
    wine: one(
      (ids: number[]) => db.select().from(wines).where(inArray(wines.id, ids)),
      (r) => r.id,
    ),
    winesByWinery: many(
      (ids: number[]) =>
        db.select().from(wines).where(inArray(wines.wineryId, ids)).orderBy(asc(wines.title)),
      (r) => r.wineryId,
    ),
    vintage: one(
      (ids: number[]) => db.select().from(vintages).where(inArray(vintages.id, ids)),
      (r) => r.id,
    ),
    vintagesByWine: many(
      (ids: number[]) =>
        db.select().from(vintages).where(inArray(vintages.wineId, ids)).orderBy(asc(vintages.year)),
      (r) => r.wineId,
    ),
    rater: one(
      (ids: number[]) => db.select().from(raters).where(inArray(raters.id, ids)),
      (r) => r.id,
    ),
    ratingsByVintage: many(
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
    bottleSize: one(
      (ids: number[]) => db.select().from(bottleSizes).where(inArray(bottleSizes.id, ids)),
      (r) => r.id,
    ),
    offerer: one(
      (ids: number[]) => db.select().from(offerers).where(inArray(offerers.id, ids)),
      (r) => r.id,
    ),
    offer: one(
      (ids: number[]) => db.select().from(offers).where(inArray(offers.id, ids)),
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
      (ids: number[]) =>
        db
          .select()
          .from(partialOffers)
          .where(inArray(partialOffers.offerId, ids))
          .orderBy(asc(partialOffers.id)),
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
    ...createAccountLoaders(db),
    ...createAdviceLoaders(db),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
