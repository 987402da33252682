import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bottleSizes, vintages, wines } from '../../server/db/schema';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const VINTAGE = `query ($id: Int!) {
  vintageDetails(vintageId: $id) {
    id title year lwin11 statistics referenceKpi
    ratRel { score rater { title } }
    grapePercentageRel { perc grape { title } }
    gwsRecord { score isLivex1000 }
    valuationRel { sourceOfValuation value datetimeCreated }
    vintagePricing { history { year annualAvgEurAdj } }
    wine { lwin title winery { title location region { title country { title } } } }
    offerRel {
      id caskOf sellPriceBtl priceBtlStr sellPriceCaseStr pricePerLiterStr availableCases entityPriceNet
      bottleSize { title factorForLiterPrices }
      partialOfferRel { quantityAvailable buyPriceBtl offerer { company } }
    }
  }
}`;

const TOKEN_AUTH =
  'mutation ($email: String!) { tokenAuth(email: $email, password: "Weindepot2026!") { token } }';

describe.each(databaseTargets)('Katalog (%s)', (target) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  async function anyOfferedVintageId(): Promise<number> {
    const rows = await portal.db.query.offers.findMany({
      where: (offer, { eq }) => eq(offer.archived, false),
    });
    const offer = rows.find((row) => row.caskOf === 6);
    if (!offer) throw new Error('Kein Angebot in den Demodaten');
    return offer.vintageId;
  }

  it('answers a vintage with its relations, prices formatted in German, in few queries', async () => {
    const id = await anyOfferedVintageId();
    portal.queries.length = 0;
    const answer = await portal.gql<{
      vintageDetails: Record<string, unknown> & { offerRel: Record<string, unknown>[] };
    }>(VINTAGE, { id });
    expect(answer.errors).toBeUndefined();
    const vintage = answer.data?.vintageDetails;
    expect(vintage?.id).toBe(id);
    expect(vintage?.lwin11).toMatch(/^\d{11}$/);
    expect(vintage?.offerRel.length).toBeGreaterThan(0);
    const offer = vintage?.offerRel[0] as {
      caskOf: number;
      sellPriceBtl: string;
      priceBtlStr: string;
      sellPriceCaseStr: string;
      availableCases: number;
      entityPriceNet: string | null;
      partialOfferRel: { quantityAvailable: number; buyPriceBtl: string | null; offerer: unknown }[];
    };
    const bottleCents = Math.round(Number(offer.sellPriceBtl) * 100);
    const caseText = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(
      (bottleCents * offer.caskOf) / 100,
    );
    expect(offer.sellPriceCaseStr).toBe(`${caseText} €`);
    expect(offer.priceBtlStr).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
    expect(offer.availableCases).toBe(
      offer.partialOfferRel.reduce((sum, tranche) => sum + tranche.quantityAvailable, 0),
    );
    // Purchase prices and negociants are for staff only.
    expect(offer.entityPriceNet).toBeNull();
    expect(
      offer.partialOfferRel.every((tranche) => tranche.buyPriceBtl === null && tranche.offerer === null),
    ).toBe(true);
    // One query per relation level, not one per row.
    expect(portal.queries.length).toBeLessThanOrEqual(16);
  });

  it('shows purchase prices and negociants to staff', async () => {
    const signedIn = await portal.gql<{ tokenAuth: { token: string } }>(TOKEN_AUTH, {
      email: 'berater@example.com',
    });
    const answer = await portal.gql<{
      vintageDetails: {
        offerRel: { partialOfferRel: { buyPriceBtl: string | null; offerer: { company: string } }[] }[];
      };
    }>(VINTAGE, { id: await anyOfferedVintageId() }, { token: signedIn.data?.tokenAuth.token });
    const tranche = answer.data?.vintageDetails.offerRel[0]?.partialOfferRel[0];
    expect(tranche?.buyPriceBtl).toMatch(/^\d+\.\d{2}$/);
    expect(tranche?.offerer.company).toBeTruthy();
  });

  it('answers null for an unknown vintage and lists bottle sizes', async () => {
    expect((await portal.gql(VINTAGE, { id: 999_999 })).data).toEqual({ vintageDetails: null });
    const sizes = await portal.gql<{ allBottleSizes: { title: string }[] }>(
      '{ allBottleSizes { title factorForLiterPrices } }',
    );
    expect(sizes.data?.allBottleSizes.map((size) => size.title)).toEqual(['0,375l', '0,75l', '1,5l', '3,0l']);
  });

  it('shows a catalogue change at once after a mutation, and one made outside within the cache time', async () => {
    const id = await anyOfferedVintageId();
    const [vintage] = await portal.db.select().from(vintages).where(eq(vintages.id, id));
    if (!vintage) throw new Error('Jahrgang fehlt');
    const [wine] = await portal.db.select().from(wines).where(eq(wines.id, vintage.wineId));
    if (!wine) throw new Error('Wein fehlt');
    const wineTitle = async () =>
      (
        await portal.gql<{ vintageDetails: { wine: { title: string } } }>(
          'query ($id: Int!) { vintageDetails(vintageId: $id) { wine { title } } }',
          { id },
        )
      ).data?.vintageDetails.wine.title;
    expect(await wineTitle()).toBe(wine.title);
    try {
      // A write and then any mutation of this server (the back office's writes are mutations).
      await portal.db
        .update(wines)
        .set({ title: `${wine.title} (geändert)` })
        .where(eq(wines.id, wine.id));
      await portal.gql(TOKEN_AUTH, { email: 'kunde@example.com' });
      expect(await wineTitle()).toBe(`${wine.title} (geändert)`);
      // A write this server does not see (another instance, an import): shown once the cache is
      // older than CATALOGUE_CACHE_TTL_MS (2 s).
      await portal.db
        .update(wines)
        .set({ title: `${wine.title} (importiert)` })
        .where(eq(wines.id, wine.id));
      await expect.poll(wineTitle, { timeout: 10_000, interval: 250 }).toBe(`${wine.title} (importiert)`);
    } finally {
      await portal.db.update(wines).set({ title: wine.title }).where(eq(wines.id, wine.id));
    }
  });

  it('keeps catalogue rows while nothing changes, and finds rows another writer inserts and deletes', async () => {
    const sizes = async () =>
      (
        await portal.gql<{ allBottleSizes: { title: string }[] }>('{ allBottleSizes { title } }')
      ).data?.allBottleSizes.map((size) => size.title);
    const checks = () => portal.queries.filter((query) => query.includes('pg_current_snapshot')).length;
    const sizeReads = () =>
      portal.queries.filter(
        (query) => query.includes('"bottle_sizes"') && !query.includes('pg_current_snapshot'),
      ).length;
    const requestsUntilChecks = (count: number) =>
      expect
        .poll(
          async () => {
            expect(await sizes()).toEqual(['0,375l', '0,75l', '1,5l', '3,0l']);
            return checks();
          },
          { timeout: 15_000, interval: 100 },
        )
        .toBeGreaterThanOrEqual(count);
    // The test before wrote a wine: the first checks find that and drop the cache once.
    portal.queries.length = 0;
    await requestsUntilChecks(2);
    // Requests go on for longer than the cache time (2 s; a check at most every 0.5 s): the checks
    // find nothing new, so the bottle sizes are not read again.
    portal.queries.length = 0;
    await requestsUntilChecks(5);
    expect(sizeReads()).toBe(0);

    // Another writer (an import, a second instance) adds a row and deletes it: both are seen.
    const [added] = await portal.db
      .insert(bottleSizes)
      .values({ title: '6,0l', factorForLiterPrices: '6' })
      .returning({ id: bottleSizes.id });
    try {
      await expect.poll(sizes, { timeout: 10_000, interval: 100 }).toContain('6,0l');
    } finally {
      if (added) await portal.db.delete(bottleSizes).where(eq(bottleSizes.id, added.id));
    }
    await expect.poll(sizes, { timeout: 10_000, interval: 100 }).toEqual(['0,375l', '0,75l', '1,5l', '3,0l']);
  });
});
