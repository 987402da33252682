/** The back office's offer list and the paged, searchable list of purchase tranches. */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { offerers, offers, partialOffers, vintages } from '../db/schema';
import {
  containing,
  type PageQuery,
  pageOrder,
  pageWindow,
  pageWithTotal,
  STAFF_PAGE_SIZE,
  searchWords,
} from './search-terms';

type PartialOfferRow = typeof partialOffers.$inferSelect;

export type BackofficeOfferVariant = 'ALL' | 'ACTIVE' | 'ARCHIVED' | 'PROMOTED';

/** Offers of the back office, newest first. */
export function listBackofficeOffers(db: Database, variant: BackofficeOfferVariant) {
  const filter: Record<BackofficeOfferVariant, SQL | undefined> = {
    ALL: undefined,
    ACTIVE: eq(offers.archived, false),
    ARCHIVED: eq(offers.archived, true),
    PROMOTED: eq(offers.promoteOffer, true),
  };
  return db
    .select()
    .from(offers)
    .where(filter[variant])
    .orderBy(desc(offers.datetimeCreated), desc(offers.id));
}

export const PARTIAL_OFFER_SORT_KEYS = [
  'id',
  'created',
  'wine',
  'offerer',
  'buyPrice',
  'available',
  'total',
  'onInvoice',
  'proforma',
  'invoice',
  'paid',
  'mrn',
] as const;
export type PartialOfferSortKey = (typeof PARTIAL_OFFER_SORT_KEYS)[number];

export interface PartialOffersQuery extends PageQuery<PartialOfferSortKey> {
  offerId?: number | null;
}

const partialOfferSortColumns: Record<PartialOfferSortKey, SQL[]> = {
  id: [sql`${partialOffers.id}`],
  created: [sql`${partialOffers.datetimeCreated}`],
  wine: [sql`${vintages.title}`, sql`${vintages.year}`],
  offerer: [sql`${offerers.company}`],
  buyPrice: [sql`${partialOffers.buyPriceBtl}`],
  available: [sql`${partialOffers.quantityAvailable}`],
  total: [sql`${partialOffers.totalQuantityAvailable}`],
  onInvoice: [sql`${partialOffers.quantityOnInvoice}`],
  proforma: [sql`nullif(trim(${partialOffers.proformaInvoiceNumberSourcing}), '')`],
  invoice: [sql`nullif(trim(${partialOffers.invoiceNumberSourcing}), '')`],
  paid: [sql`${partialOffers.paid}`],
  mrn: [sql`nullif(trim(${partialOffers.mrn}), '')`],
};

/**
 * Every word must occur in the tranche's wine (with or without accents), year, supplier, proforma
 * or invoice number, customs reference, Livex trade or case numbers, or be the tranche's or offer's id.
 */
function partialOfferSearch(search: string | null | undefined): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = containing(word);
      return sql`(${vintages.titleUnidecoded} ilike ${pattern} or ${vintages.title} ilike ${pattern}
        or ${vintages.year}::text = ${word} or ${offerers.company} ilike ${pattern}
        or ${partialOffers.proformaInvoiceNumberSourcing} ilike ${pattern}
        or ${partialOffers.invoiceNumberSourcing} ilike ${pattern} or ${partialOffers.mrn} ilike ${pattern}
        or ${partialOffers.livexTrade} ilike ${pattern} or ${partialOffers.storageIds} ilike ${pattern}
        or ${partialOffers.id}::text = ${word} or ${partialOffers.offerId}::text = ${word})`;
    }),
  );
}

/**
 * One page of the purchase tranches (newest first unless sorted otherwise), optionally of one
 * offer, and how many match the search: the older assortment view lists every tranche, which can
 * be thousands.
 */
export async function listPartialOffers(
  db: Database,
  query: PartialOffersQuery,
): Promise<{ totalCount: number; partialOffers: PartialOfferRow[] }> {
  const where = and(
    query.offerId == null ? undefined : eq(partialOffers.offerId, query.offerId),
    partialOfferSearch(query.search),
  );
  const { offset, limit } = pageWindow(query, STAFF_PAGE_SIZE);
  const order = pageOrder(
    partialOfferSortColumns[query.sortBy ?? 'created'],
    query.descending,
    partialOffers.id,
  );
  const matching = db
    .select({ tranche: partialOffers })
    .from(partialOffers)
    .innerJoin(offers, eq(offers.id, partialOffers.offerId))
    .innerJoin(vintages, eq(vintages.id, offers.vintageId))
    .leftJoin(offerers, eq(offerers.id, partialOffers.offererId))
    .where(where)
    .$dynamic();
  const { rows, totalCount } = await pageWithTotal(db, matching, order, { offset, limit });
  return { totalCount, partialOffers: rows.map((row) => row.tranche) };
}
