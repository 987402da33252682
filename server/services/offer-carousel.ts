/**
 * The offer page's catalogue-wide part: the carousel's newest stocked offers, how many offers have
 * cases, and the two navigation targets (the oldest stocked offer, the newest offer). None of them
 * reads more than a few rows, whatever the catalogue's size: "stocked" is a condition of the offer's
 * row (`has_cases`, kept from its tranches by a trigger, migration 0019), the index
 * `offers_stocked_newest_idx` holds the stocked offers newest first (the newest three and the oldest
 * are read from its two ends), and the count is one row (`offer_stock_summary`) that triggers keep.
 * On top, they are kept per database: each offer page first asks, in one statement of index probes
 * on the sync stamps (migration 0009), whether an offer, a tranche or a vintage was written or
 * deleted since the snapshot they were read at — whoever wrote it (this process, another instance,
 * SQL) — and reads them again only then; so the answer is never older than the last committed
 * change. docs/quality.md has the plans.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { CAROUSEL_MAX_DEALS } from '../../src/domain/offer-display';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { offerStockSummary, offers, vintages } from '../db/schema';
import { changedSinceSnapshot, newSince, type SnapshotCheck } from './sync';

type OfferRow = typeof offers.$inferSelect;

export interface OfferCarousel {
  /** The newest stocked offers (not archived, not on request, cases available), oldest first. */
  hotDeals: OfferRow[];
  /** How many offers are stocked. */
  hotDealCount: number;
  /** lwin11 of the oldest stocked offer: where a lwin11 without offer redirects to. */
  firstAvailableLwin11: string | null;
  /** lwin11 of the newest stocked offer, else of the newest offer at all. */
  newestLwin11: string | null;
}

const CAROUSEL_TABLES = ['offers', 'partial_offers', 'vintages'] as const;

function carouselChangedSince(db: Database, since: string | undefined): Promise<SnapshotCheck> {
  return changedSinceSnapshot(db, since, (since) => {
    const probes = CAROUSEL_TABLES.map(
      (table) =>
        sql`exists (select 1 from ${sql.raw(`"${table}"`)} where ${newSince(sql`updated_xid`, since)})`,
    );
    probes.push(
      sql`exists (select 1 from sync_tombstones where table_name in ('offers', 'partial_offers', 'vintages')
                  and ${newSince(sql`deleted_xid`, since)})`,
    );
    return sql.join(probes, sql` or `);
  });
}

/** The condition of `offers_stocked_newest_idx`, written the same way so the planner uses it. */
const stockedOffer = () =>
  and(eq(offers.archived, false), eq(offers.onRequest, false), eq(offers.hasCases, true));

async function computeCarousel(db: Database): Promise<OfferCarousel> {
  const [newestStocked, [stocked], [oldestStocked]] = await Promise.all([
    db
      .select({ offer: offers, lwin11: vintages.lwin11 })
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .where(stockedOffer())
      .orderBy(desc(offers.datetimeCreated), desc(offers.id))
      .limit(CAROUSEL_MAX_DEALS),
    db.select({ count: offerStockSummary.stockedOffers }).from(offerStockSummary),
    db
      .select({ lwin11: vintages.lwin11 })
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .where(stockedOffer())
      .orderBy(asc(offers.datetimeCreated), asc(offers.id))
      .limit(1),
  ]);
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
    hotDeals: newestStocked.map((row) => row.offer).reverse(),
    hotDealCount: stocked?.count ?? 0,
    firstAvailableLwin11: oldestStocked?.lwin11 ?? null,
    newestLwin11,
  };
}

interface Computed {
  /** The snapshot of the check that found the change: the next check looks from there. */
  snapshot: string;
  /** When the computation began (performance.now()). */
  started: number;
  carousel: Promise<OfferCarousel>;
}

/** Per database: the carousel last computed, and the newest one being computed. */
const kept = preparedPerDatabase(() => ({
  current: null as Computed | null,
  running: null as Computed | null,
}));

/**
 * The carousel as of now: the kept one while nothing changed, else computed again. Pages that find
 * the same change share one computation, when it began after their check: it then reads everything
 * their check's snapshot saw.
 */
export async function offerCarousel(db: Database): Promise<OfferCarousel> {
  const state = kept(db);
  const check = await carouselChangedSince(db, state.current?.snapshot);
  if (!check.changed && state.current) return state.current.carousel;
  const checked = performance.now();
  if (state.running && state.running.started >= checked) return state.running.carousel;
  const computed: Computed = {
    snapshot: check.snapshot,
    started: performance.now(),
    carousel: computeCarousel(db),
  };
  state.running = computed;
  try {
    await computed.carousel;
  } finally {
    if (state.running === computed) state.running = null;
  }
  if (!state.current || state.current.started < computed.started) state.current = computed;
  return computed.carousel;
}
