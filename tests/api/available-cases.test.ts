import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  offerAvailableCasesSql,
  sumAvailableCasesSql,
  trancheAvailableCasesSql,
} from '../../server/db/available-cases';
import { offerStockSummary, offers, partialOffers } from '../../server/db/schema';
import { availableCases } from '../../src/domain/offer-pricing';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

// The rule "available cases = sum of the tranches' quantityAvailable, never negative" lives in
// src/domain (the PWA, the order checks) and as SQL in server/db (searches, the back office). Both
// must answer the same for every offer of the demo data, including tranches overdrawn below zero.
describe.each(databaseTargets)('available cases: SQL and domain rule agree (%s)', (target) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    // Overdraw one tranche (a negative quantity must count as 0, not reduce its offer's sum) and
    // give one offer a second, empty tranche.
    const [first, second] = await portal.db
      .select()
      .from(partialOffers)
      .orderBy(asc(partialOffers.id))
      .limit(2);
    await portal.db
      .update(partialOffers)
      .set({ quantityAvailable: -3 })
      .where(eq(partialOffers.id, first!.id));
    await portal.db.insert(partialOffers).values({
      offerId: second!.offerId,
      buyPriceBtl: second!.buyPriceBtl,
      quantityAvailable: 0,
      totalQuantityAvailable: 0,
    });
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('gives every offer the domain rule’s count, per offer row and aggregated per offer', async () => {
    const tranches = await portal.db
      .select({ offerId: partialOffers.offerId, quantityAvailable: partialOffers.quantityAvailable })
      .from(partialOffers);
    expect(tranches.some((tranche) => tranche.quantityAvailable < 0)).toBe(true);
    const perOffer = await portal.db.select({ id: offers.id, cases: offerAvailableCasesSql }).from(offers);
    const grouped = await portal.db
      .select({ id: partialOffers.offerId, cases: sumAvailableCasesSql })
      .from(partialOffers)
      .groupBy(partialOffers.offerId);
    const groupedById = new Map(grouped.map((row) => [row.id, Number(row.cases)]));
    expect(perOffer.length).toBeGreaterThan(10);
    for (const offer of perOffer) {
      const expected = availableCases(tranches.filter((tranche) => tranche.offerId === offer.id));
      expect({ offer: offer.id, cases: Number(offer.cases) }).toEqual({ offer: offer.id, cases: expected });
      expect(groupedById.get(offer.id) ?? 0).toBe(expected);
    }
  });

  it('counts the whole stock like the domain rule over all tranches', async () => {
    const tranches = await portal.db
      .select({ quantityAvailable: partialOffers.quantityAvailable })
      .from(partialOffers);
    const [row] = await portal.db
      .select({ cases: sumAvailableCasesSql, each: sql<number>`min(${trancheAvailableCasesSql})::int` })
      .from(partialOffers);
    expect(Number(row?.cases)).toBe(availableCases(tranches));
    expect(Number(row?.each)).toBe(0);
  });

  /** Offers whose has_cases differs from the rule, and the kept count beside the counted one. */
  async function stockBookkeeping() {
    const rows = await portal.db
      .select({
        id: offers.id,
        hasCases: offers.hasCases,
        cases: offerAvailableCasesSql,
        stocked: sql<boolean>`not ${offers.archived} and not ${offers.onRequest} and ${offerAvailableCasesSql} > 0`,
      })
      .from(offers);
    const [summary] = await portal.db.select().from(offerStockSummary);
    return {
      wrong: rows.filter((row) => row.hasCases !== Number(row.cases) > 0).map((row) => row.id),
      kept: summary?.stockedOffers,
      counted: rows.filter((row) => row.stocked).length,
    };
  }

  it('keeps has_cases and the count of stocked offers (offer page) to the rule through every kind of change', async () => {
    const expectKept = async () => {
      const { wrong, kept, counted } = await stockBookkeeping();
      expect(wrong).toEqual([]);
      expect(kept).toBe(counted);
      return counted;
    };
    const stockedAtStart = await expectKept();
    expect(stockedAtStart).toBeGreaterThan(3);
    const [stocked] = await portal.db
      .select({ id: offers.id })
      .from(offers)
      .where(sql`${offers.hasCases} and not ${offers.archived} and not ${offers.onRequest}`)
      .orderBy(asc(offers.id))
      .limit(1);
    const offerId = stocked!.id;
    // Every tranche emptied (one overdrawn), one filled again, a new tranche, one deleted, one moved.
    await portal.db
      .update(partialOffers)
      .set({ quantityAvailable: 0 })
      .where(eq(partialOffers.offerId, offerId));
    expect(await expectKept()).toBe(stockedAtStart - 1);
    const [tranche] = await portal.db.select().from(partialOffers).where(eq(partialOffers.offerId, offerId));
    await portal.db
      .update(partialOffers)
      .set({ quantityAvailable: -2 })
      .where(eq(partialOffers.id, tranche!.id));
    expect(await expectKept()).toBe(stockedAtStart - 1);
    await portal.db
      .update(partialOffers)
      .set({ quantityAvailable: 4 })
      .where(eq(partialOffers.id, tranche!.id));
    expect(await expectKept()).toBe(stockedAtStart);
    const [added] = await portal.db
      .insert(partialOffers)
      .values({ offerId, buyPriceBtl: tranche!.buyPriceBtl, quantityAvailable: 2, totalQuantityAvailable: 2 })
      .returning();
    await portal.db.delete(partialOffers).where(eq(partialOffers.id, tranche!.id));
    expect(await expectKept()).toBe(stockedAtStart);
    const [other] = await portal.db
      .select({ id: offers.id })
      .from(offers)
      .where(sql`not ${offers.hasCases}`)
      .limit(1);
    if (other) {
      await portal.db.update(partialOffers).set({ offerId: other.id }).where(eq(partialOffers.id, added!.id));
      await expectKept();
    }
    // The offer's own conditions: archived, on request, deleted with its tranches.
    await portal.db.update(offers).set({ archived: true }).where(eq(offers.id, offerId));
    await expectKept();
    await portal.db.update(offers).set({ archived: false, onRequest: true }).where(eq(offers.id, offerId));
    await expectKept();
    await portal.db.update(offers).set({ onRequest: false }).where(eq(offers.id, offerId));
    await expectKept();
  });
});
