import { and, asc, desc, eq, exists, getTableColumns, gte, lte, type SQL, sql } from 'drizzle-orm';
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
import { clientError } from './errors';
import { offerCarousel } from './offer-carousel';

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

/** The most offers one page of the search answers, also when no page size is asked for. */
export const SEARCH_PAGE_MAX = 200;

export interface OfferSearchPaging {
  /** Offers on the page (available and on request together), 1 to `SEARCH_PAGE_MAX`. */
  first?: number | null;
  /** `endCursor` of the page before. */
  after?: string | null;
}

/** A page's end as the client gets it: the offer id behind a prefix, so it reads as what it is. */
const CURSOR_PREFIX = 'angebot:';
const encodeCursor = (offerId: number) => Buffer.from(`${CURSOR_PREFIX}${offerId}`).toString('base64url');

function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(CURSOR_PREFIX)) return null;
  const id = Number(text.slice(CURSOR_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export type OfferSearchPage = Awaited<ReturnType<typeof searchOffers>>;

/**
 * The offer search. Only non-archived offers, newest first, one page at a time (at most
 * `SEARCH_PAGE_MAX`; without paging arguments the first page); each page split by `onRequest`.
 * The page continues after the offer its cursor names, by (created, id), so an offer added
 * meanwhile neither repeats nor shifts a page; an offer archived meanwhile leaves the list.
 *
 * The text search compares `lower(vintages.title_unidecoded)` with the term normalised by the
 * shared `normalizeSearchTerm` (accents removed, lower case) as a "contains" LIKE pattern. A
 * "contains" search cannot use a btree index, so migration 0001 adds a pg_trgm GIN index on
 * `lower(title_unidecoded)`: Postgres (and PGlite, which ships pg_trgm as an extension) answer
 * `LIKE '%term%'` from the trigram index instead of scanning the table. The other filters are
 * equality/range conditions on indexed foreign keys and `vintages.year`. The totals over all
 * pages are counted only when asked for.
 */
export async function searchOffers(db: Database, filter: OfferSearchFilter & OfferSearchPaging) {
  const first = filter.first ?? SEARCH_PAGE_MAX;
  if (!Number.isInteger(first) || first < 1 || first > SEARCH_PAGE_MAX)
    throw clientError(
      `Bitte eine Seitengröße von 1 bis ${SEARCH_PAGE_MAX} Angeboten angeben.`,
      'BAD_USER_INPUT',
    );
  const afterId = filter.after == null ? null : decodeCursor(filter.after);
  if (filter.after != null && afterId === null)
    throw clientError('Diese Seitenmarke ist ungültig. Bitte die Suche neu beginnen.', 'BAD_USER_INPUT');
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
    after: afterId,
  };
  const present = searchFilters.filter((name) => values[name] != null);
  const promotedOnly = filter.isPromoted === true;
  // One more than the page: whether another page follows.
  const found = await searchStatement(db, promotedOnly, present).execute({ ...values, limit: first + 1 });
  const page = found.slice(0, first);
  const last = page.at(-1);
  let totals: Promise<{ available: number; onRequest: number }> | null = null;
  const countAll = () => {
    totals ??= countStatement(
      db,
      promotedOnly,
      present.filter((name) => name !== 'after'),
    )
      .execute(values)
      .then(([row]) => ({ available: row?.available ?? 0, onRequest: row?.onRequest ?? 0 }));
    return totals;
  };
  return {
    available: page.filter((offer) => !offer.onRequest),
    onRequest: page.filter((offer) => offer.onRequest),
    pageInfo: {
      endCursor: last ? encodeCursor(last.id) : null,
      hasNextPage: found.length > first,
    },
    totalAvailable: async () => (await countAll()).available,
    totalOnRequest: async () => (await countAll()).onRequest,
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
  after: () =>
    sql`(${offers.datetimeCreated}, ${offers.id}) < (select o.created_at, o.id from offers o where o.id = ${sql.placeholder('after')})`,
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

type Prepared = { execute(values: Record<string, unknown>): Promise<unknown[]> };

const searchStatements = preparedPerDatabase(() => new Map<string, Prepared>());

/** The prepared statement of `name` (built by `build`), or past the limit the query sent unnamed. */
function preparedSearch<Query extends { prepare(name: string): Prepared } & Prepared>(
  db: Database,
  name: string,
  build: () => Query,
): Query {
  const statements = searchStatements(db);
  const prepared = statements.get(name);
  if (prepared) return prepared as Query;
  const query = build();
  if (statements.size >= MAX_PREPARED_SEARCHES) return query;
  const statement = query.prepare(name) as Query;
  statements.set(name, statement);
  return statement;
}

const statementKey = (promotedOnly: boolean, present: SearchFilterName[]) =>
  `${promotedOnly ? 'promoted' : 'all'}_${present.join('_')}`;

function searchConditionsOf(promotedOnly: boolean, present: SearchFilterName[]): SQL | undefined {
  const conditions: SQL[] = [eq(offers.archived, false)];
  if (promotedOnly) conditions.push(eq(offers.promoteOffer, true));
  for (const filterName of present) conditions.push(searchConditions[filterName]());
  return and(...conditions);
}

function searchStatement(db: Database, promotedOnly: boolean, present: SearchFilterName[]) {
  return preparedSearch(db, `search_offers_${statementKey(promotedOnly, present)}`, () =>
    db
      .select(getTableColumns(offers))
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .innerJoin(wines, eq(wines.id, vintages.wineId))
      .innerJoin(wineries, eq(wineries.id, wines.wineryId))
      .innerJoin(regions, eq(regions.id, wineries.regionId))
      .where(searchConditionsOf(promotedOnly, present))
      .orderBy(desc(offers.datetimeCreated), desc(offers.id))
      .limit(sql.placeholder('limit')),
  );
}

/** How many offers the search finds on all its pages, available and on request. */
function countStatement(db: Database, promotedOnly: boolean, present: SearchFilterName[]) {
  return preparedSearch(db, `count_offers_${statementKey(promotedOnly, present)}`, () =>
    db
      .select({
        available: sql<number>`count(*) filter (where not ${offers.onRequest})`.mapWith(Number),
        onRequest: sql<number>`count(*) filter (where ${offers.onRequest})`.mapWith(Number),
      })
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .innerJoin(wines, eq(wines.id, vintages.wineId))
      .innerJoin(wineries, eq(wineries.id, wines.wineryId))
      .innerJoin(regions, eq(regions.id, wineries.regionId))
      .where(searchConditionsOf(promotedOnly, present)),
  );
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
  const [carousel, offer] = await Promise.all([
    offerCarousel(db),
    lwin11 ? offerOfVintage(db, lwin11) : null,
  ]);
  return { offer, ...carousel };
}

/** The offer of the vintage with this lwin11: one with cases wins over a newer sold-out one. */
async function offerOfVintage(db: Database, lwin11: string): Promise<OfferRow | null> {
  const candidates = await db
    .select({ offer: offers, cases: offerAvailableCasesSql })
    .from(offers)
    .innerJoin(vintages, eq(vintages.id, offers.vintageId))
    .where(and(eq(vintages.lwin11, lwin11), eq(offers.archived, false)))
    .orderBy(desc(offers.datetimeCreated), desc(offers.id));
  return (candidates.find((row) => row.cases > 0 && !row.offer.onRequest) ?? candidates[0])?.offer ?? null;
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
