import { and, asc, desc, eq, exists, getTableColumns, gte, lte, type SQL, sql } from 'drizzle-orm';
import { CAROUSEL_MAX_DEALS } from '../../src/domain/offer-display';
import type { OfferSearchFilter } from '../../src/domain/offer-search-local';
import { containsPattern, normalizeSearchTerm } from '../../src/domain/search';
import { offerAvailableCasesSql } from '../db/available-cases';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import {
  brandImages,
  countries,
  gwsRecords,
  offers,
  regions,
  subregions,
  vintages,
  wineries,
  wines,
} from '../db/schema';

export type OfferRow = typeof offers.$inferSelect;

export function listWineries(
  db: Database,
  options: { promote?: boolean | null; withOfferOnly?: boolean | null },
) {
  const conditions: SQL[] = [];
  if (options.promote) conditions.push(eq(wineries.promote, true));
  if (options.withOfferOnly) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(offers)
          .innerJoin(vintages, eq(vintages.id, offers.vintageId))
          .innerJoin(wines, eq(wines.id, vintages.wineId))
          .where(and(eq(wines.wineryId, wineries.id), eq(offers.archived, false))),
      ),
    );
  }
  return db
    .select()
    .from(wineries)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(wineries.title), asc(wineries.id));
}

export function listCountries(db: Database) {
  return db.select().from(countries).orderBy(asc(countries.title));
}

export function listRegions(db: Database) {
  return db.select().from(regions).orderBy(asc(regions.title));
}

export function listSubregions(db: Database) {
  return db.select().from(subregions).orderBy(asc(subregions.title));
}

export function listVintages(db: Database) {
  return db.select().from(vintages).orderBy(desc(vintages.year), asc(vintages.title));
}

export function listOffers(db: Database) {
  return db
    .select()
    .from(offers)
    .where(eq(offers.archived, false))
    .orderBy(asc(offers.datetimeCreated), asc(offers.id));
}

/**
 * Brand images. The demo media are SVG (vector) files, so one file serves every width: the
 * rendition url is the stored image url.
 */
export async function listBrandImages(db: Database, _width: number | null | undefined) {
  const rows = await db.select().from(brandImages).orderBy(asc(brandImages.title));
  return rows.map((row) => ({ title: row.title, image: row.image }));
}

export function listGwsRecords(
  db: Database,
  filter: { lwin: string; vintageMin?: number | null; vintageMax?: number | null },
) {
  const conditions: SQL[] = [eq(gwsRecords.lwin, filter.lwin)];
  const yearOfRecord = sql<number>`cast(substr(${gwsRecords.lwin11}, 8, 4) as integer)`;
  if (filter.vintageMin != null) conditions.push(gte(yearOfRecord, filter.vintageMin));
  conditions.push(lte(yearOfRecord, filter.vintageMax ?? 2050));
  return db
    .select()
    .from(gwsRecords)
    .where(and(...conditions))
    .orderBy(asc(gwsRecords.lwin11), desc(gwsRecords.date));
}

/**
 * The offer search. Only non-archived offers; results are split by `onRequest`.
 *
 * The text search compares `lower(vintages.title_unidecoded)` with the term normalised by the
 * shared `normalizeSearchTerm` (accents removed, lower case) as a "contains" LIKE pattern. A
 * "contains" search cannot use a btree index, so migration 0001 adds a pg_trgm GIN index on
 * `lower(title_unidecoded)`: Postgres (and PGlite, which ships pg_trgm as an extension) answer
 * `LIKE '%term%'` from the trigram index instead of scanning the table. The other filters are
 * equality/range conditions on indexed foreign keys and `vintages.year`.
 */
export async function searchOffers(db: Database, filter: OfferSearchFilter) {
  const term = normalizeSearchTerm(filter.search);
  const values: Record<string, unknown> = {
    search: term ? containsPattern(term) : null,
    countryId: filter.countryId,
    regionId: filter.regionId,
    subregionId: filter.subregionId,
    wineryId: filter.wineryId,
    yearMin: filter.yearMin,
    yearMax: filter.yearMax,
    priceMin: filter.priceMin == null ? null : String(filter.priceMin),
    priceMax: filter.priceMax == null ? null : String(filter.priceMax),
    bottleSizeId: filter.bottleSizeId,
  };
  const present = searchFilters.filter((name) => values[name] != null);
  const found = await searchStatement(db, filter.isPromoted === true, present).execute(values);
  return {
    available: found.filter((offer) => !offer.onRequest),
    onRequest: found.filter((offer) => offer.onRequest),
  };
}

/** The search's optional conditions, each with the placeholder of its value. */
const searchConditions = {
  search: () => sql`lower(${vintages.titleUnidecoded}) like ${sql.placeholder('search')}`,
  countryId: () => eq(regions.countryId, sql.placeholder('countryId')),
  regionId: () => eq(wineries.regionId, sql.placeholder('regionId')),
  subregionId: () =>
    sql`coalesce(${wines.subregionId}, ${wineries.subregionId}) = ${sql.placeholder('subregionId')}`,
  wineryId: () => eq(wines.wineryId, sql.placeholder('wineryId')),
  yearMin: () => gte(vintages.year, sql.placeholder('yearMin')),
  yearMax: () => lte(vintages.year, sql.placeholder('yearMax')),
  priceMin: () => gte(offers.sellPriceBtl, sql.placeholder('priceMin')),
  priceMax: () => lte(offers.sellPriceBtl, sql.placeholder('priceMax')),
  bottleSizeId: () => eq(offers.bottleSizeId, sql.placeholder('bottleSizeId')),
} satisfies Record<string, () => SQL>;
type SearchFilterName = keyof typeof searchConditions;
const searchFilters = Object.keys(searchConditions) as SearchFilterName[];

/**
 * One prepared statement per combination of filters in use (db/prepared.ts): the top-offers page
 * sends a handful of combinations; the name carries the combination. There are 2,048 possible
 * combinations and Postgres keeps every named statement in each pooled connection, so a client
 * trying them all must not fill the database's memory: beyond `MAX_PREPARED_SEARCHES` a
 * combination is built per call and sent unnamed, as every query was before.
 */
const MAX_PREPARED_SEARCHES = 32;

const searchStatements = preparedPerDatabase(
  () => new Map<string, ReturnType<ReturnType<typeof searchQuery>['prepare']>>(),
);

function searchStatement(db: Database, promotedOnly: boolean, present: SearchFilterName[]) {
  const key = `${promotedOnly ? 'promoted' : 'all'}_${present.join('_')}`;
  const statements = searchStatements(db);
  const prepared = statements.get(key);
  if (prepared) return prepared;
  const query = searchQuery(db, promotedOnly, present);
  if (statements.size >= MAX_PREPARED_SEARCHES) return query;
  const statement = query.prepare(`search_offers_${key}`);
  statements.set(key, statement);
  return statement;
}

function searchQuery(db: Database, promotedOnly: boolean, present: SearchFilterName[]) {
  const conditions: SQL[] = [eq(offers.archived, false)];
  if (promotedOnly) conditions.push(eq(offers.promoteOffer, true));
  for (const filterName of present) conditions.push(searchConditions[filterName]());
  return db
    .select(getTableColumns(offers))
    .from(offers)
    .innerJoin(vintages, eq(vintages.id, offers.vintageId))
    .innerJoin(wines, eq(wines.id, vintages.wineId))
    .innerJoin(wineries, eq(wineries.id, wines.wineryId))
    .innerJoin(regions, eq(regions.id, wineries.regionId))
    .where(and(...conditions))
    .orderBy(desc(offers.datetimeCreated), desc(offers.id));
}

/**
 * The data of the offer page: the offer for a lwin11, the hot deals (the newest 3 offers with cases
 * available, not on request, oldest first: the carousel shows them reversed) with the number of all
 * such offers (above 3 the carousel starts at its second tile), and the two navigation targets of
 * the spec: the redirect target for a lwin11 without offer (the first available offer with quantity
 * above 0) and "Zum aktuellen Angebot" (the newest offer by datetimeCreated, preferring one that
 * still has cases so the button never leads to another sold-out page).
 */
export async function findOfferPage(db: Database, lwin11: string | null | undefined) {
  const stockedOffer = and(
    eq(offers.archived, false),
    eq(offers.onRequest, false),
    sql`${offerAvailableCasesSql} > 0`,
  );
  const [newestStocked, [oldestStocked]] = await Promise.all([
    db
      .select({ offer: offers, lwin11: vintages.lwin11 })
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .where(stockedOffer)
      .orderBy(desc(offers.datetimeCreated), desc(offers.id))
      .limit(CAROUSEL_MAX_DEALS),
    db
      .select({ lwin11: vintages.lwin11, count: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .where(stockedOffer)
      .orderBy(asc(offers.datetimeCreated), asc(offers.id))
      .limit(1),
  ]);

  let offer: OfferRow | null = null;
  if (lwin11) {
    const candidates = await db
      .select({ offer: offers, cases: offerAvailableCasesSql })
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .where(and(eq(vintages.lwin11, lwin11), eq(offers.archived, false)))
      .orderBy(desc(offers.datetimeCreated), desc(offers.id));
    // An offer of this vintage with cases wins over a newer sold-out one.
    offer = (candidates.find((row) => row.cases > 0 && !row.offer.onRequest) ?? candidates[0])?.offer ?? null;
  }

  let newestLwin11 = newestStocked[0]?.lwin11 ?? null;
  if (!newestLwin11) {
    const [newest] = await db
      .select({ lwin11: vintages.lwin11 })
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .where(eq(offers.archived, false))
      .orderBy(desc(offers.datetimeCreated), desc(offers.id))
      .limit(1);
    newestLwin11 = newest?.lwin11 ?? null;
  }
  return {
    offer,
    hotDeals: newestStocked.map((row) => row.offer).reverse(),
    hotDealCount: oldestStocked?.count ?? 0,
    firstAvailableLwin11: oldestStocked?.lwin11 ?? null,
    newestLwin11,
  };
}

/**
 * The start page's featured offer ("Limitierte Top-Opportunity"): the first promoted offer that
 * still has cases, not archived and not on request, in the order the spec's client walks
 * `allVintages { offerRel }` (vintages by year descending and title, each vintage's offers newest
 * first). One row from the database instead of every vintage with its offers.
 */
export async function findFeaturedOffer(db: Database): Promise<OfferRow | null> {
  const [row] = await db
    .select({ offer: offers })
    .from(offers)
    .innerJoin(vintages, eq(vintages.id, offers.vintageId))
    .where(
      and(
        eq(offers.archived, false),
        eq(offers.onRequest, false),
        eq(offers.promoteOffer, true),
        sql`${offerAvailableCasesSql} > 0`,
      ),
    )
    .orderBy(
      desc(vintages.year),
      asc(vintages.title),
      asc(vintages.id),
      desc(offers.datetimeCreated),
      desc(offers.id),
    )
    .limit(1);
  return row?.offer ?? null;
}
