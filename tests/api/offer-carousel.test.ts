import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/services/sync';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const PAGE = `query ($lwin11: String) { offerPage(lwin11: $lwin11) {
  offer { id } hotDeals { id availableCases } hotDealCount firstAvailableLwin11 newestLwin11 } }`;

interface Page {
  offerPage: {
    offer: { id: number } | null;
    hotDeals: { id: number; availableCases: number }[];
    hotDealCount: number;
    firstAvailableLwin11: string | null;
    newestLwin11: string | null;
  };
}

describe.each(databaseTargets)('Angebotsseite: Karussell (%s)', (target) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
  });
  afterAll(() => portal?.close());

  const page = async (lwin11?: string) => {
    const answer = await portal.gql<Page>(PAGE, lwin11 ? { lwin11 } : {});
    expect(answer.errors).toBeUndefined();
    return (answer.data as Page).offerPage;
  };

  it('shows a change made outside the server (SQL) on the next page, and the change undone', async () => {
    const before = await page();
    const newest = before.hotDeals.at(-1);
    expect(newest).toBeDefined();
    const rows = await rowsOf<{ id: number; quantity_available: number }>(
      portal.db,
      sql`select id, quantity_available from partial_offers where offer_id = ${newest?.id}`,
    );
    await portal.db.execute(
      sql`update partial_offers set quantity_available = 0 where offer_id = ${newest?.id}`,
    );

    const soldOut = await page();
    expect(soldOut.hotDealCount).toBe(before.hotDealCount - 1);
    expect(soldOut.hotDeals.map((offer) => offer.id)).not.toContain(newest?.id);

    for (const row of rows)
      await portal.db.execute(
        sql`update partial_offers set quantity_available = ${row.quantity_available} where id = ${row.id}`,
      );
    expect(await page()).toEqual(before);
  });

  it('answers every page of a burst after a change with the changed carousel', async () => {
    const before = await page();
    const archived = before.hotDeals[0]?.id;
    await portal.db.execute(sql`update offers set archived = true where id = ${archived}`);
    const burst = await Promise.all(Array.from({ length: 8 }, () => page()));
    for (const answer of burst) {
      expect(answer.hotDealCount).toBe(before.hotDealCount - 1);
      expect(answer.hotDeals.map((offer) => offer.id)).not.toContain(archived);
    }
    await portal.db.execute(sql`update offers set archived = false where id = ${archived}`);
    expect((await page()).hotDealCount).toBe(before.hotDealCount);
  });

  it('reads the catalogue-wide carousel once while nothing changes: later pages only probe for changes', async () => {
    await page();
    portal.queries.length = 0;
    await page();
    // One statement asks whether offers, tranches or vintages changed; nothing counts the offers.
    // (The catalogue cache's own check may run beside it on a busy machine: it names other tables.)
    expect(portal.queries.filter((query) => /count\(\*\)/i.test(query))).toEqual([]);
    const carouselProbes = portal.queries.filter(
      (query) =>
        /pg_current_snapshot/.test(query) &&
        query.includes("table_name in ('offers', 'partial_offers', 'vintages')"),
    );
    expect(carouselProbes).toHaveLength(1);
  });
});
