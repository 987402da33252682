/**
 * The winery, vintage and wine pages: a winery with its relations in few queries, the vintage page's
 * additions, Entdecken's winery list (the PWA's own query) and the price index.
 */
import { eq } from 'drizzle-orm';
import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { wineries } from '../../server/db/schema';
import {
  PriceIndexDocument,
  WineryListDocument,
  type WineryListQuery,
} from '../../src/api/graphql.generated';
import { businessDay, formatDate } from '../../src/domain/dates';
import { PRICE_INDEX_SOURCE } from '../../src/domain/price-index';
import { valuationAsOfLabel } from '../../src/domain/valuation-as-of';
import { contentJourney, contentOperation } from './support/content-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const WINERY = contentOperation('WineryDetails');
const VINTAGE = contentOperation('VintageDetails');
const WINERY_RELATIONS = contentOperation('WineryRelations');
const WINES_BY_WINERY = contentOperation('WinesByWinery');
const WINES_BY_REGION = contentOperation('WinesByRegion');
const PRICE_INDEX = print(PriceIndexDocument);

describe.each(databaseTargets)('Weingüter, Jahrgänge und Weine (%s)', (target) => {
  const journey = contentJourney(target);
  let portal: TestPortal;
  beforeAll(() => {
    ({ portal } = journey);
  });

  it('answers the winery page with images, facts, videos, wine cores, top offer and critics in few queries', async () => {
    const [lafite] = await portal.db
      .select()
      .from(wineries)
      .where(eq(wineries.title, 'Château Lafite Rothschild'));
    if (!lafite) throw new Error('Lafite fehlt in den Demodaten');
    portal.queries.length = 0;
    const answer = await portal.gql<{ wineryDetails: Record<string, unknown> & Record<string, never> }>(
      WINERY,
      {
        id: lafite.id,
      },
    );
    expect(answer.errors).toBeUndefined();
    const winery = answer.data?.wineryDetails as unknown as {
      title: string;
      location: string;
      production: number;
      region: { title: string; country: { title: string } };
      academyVideos: { slug: string }[];
      wines: { vintages: { offerRel: unknown[] }[] }[];
      topOffer: { availableCases: number; vintage: { wine: { winery: { id: number } } } } | null;
      criticReviews: { score: number; vintage: { year: number } }[];
      descriptionHtml: string;
    };
    expect(winery.title).toBe('Château Lafite Rothschild');
    expect(winery.location).toMatch(/^POINT\(/);
    expect(winery.region).toEqual({
      title: 'Bordeaux',
      image: expect.anything(),
      country: { title: 'Frankreich' },
    });
    expect(winery.descriptionHtml).toContain('<p>');
    expect(winery.academyVideos.map((video) => video.slug)).toContain('was-macht-einen-grossen-bordeaux-aus');
    expect(winery.wines.length).toBeGreaterThan(0);
    expect(winery.wines.flatMap((wine) => wine.vintages).length).toBeGreaterThan(0);
    if (winery.topOffer) {
      expect(winery.topOffer.availableCases).toBeGreaterThan(0);
      expect(winery.topOffer.vintage.wine.winery.id).toBe(lafite.id);
    }
    expect(winery.criticReviews.length).toBeGreaterThan(0);
    const scores = winery.criticReviews.map((review) => review.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(portal.queries.length).toBeLessThan(30);

    const missing = await portal.gql(WINERY, { id: 999_999 });
    expect(missing.data?.wineryDetails).toBeNull();
  });

  it('batches winery relations over many wineries (no query per winery)', async () => {
    portal.queries.length = 0;
    const answer = await portal.gql<{
      allWineries: { academyVideos: unknown[]; criticReviews: unknown[]; topOffer: unknown }[];
    }>(WINERY_RELATIONS);
    expect(answer.errors).toBeUndefined();
    const wineryCount = answer.data?.allWineries.length ?? 0;
    expect(wineryCount).toBeGreaterThan(10);
    expect(answer.data?.allWineries.every((winery) => winery.criticReviews.length <= 6)).toBe(true);
    expect(portal.queries.length).toBeLessThan(15);
  });

  it('answers the vintage page additions: ranking rule, winery, current price', async () => {
    const vintages = await portal.db.query.vintages.findMany();
    for (const vintage of vintages.slice(0, 12)) {
      const answer = await portal.gql<{
        vintageDetails: {
          appellationRanking: { topPercentage: number; label: string } | null;
          winery: { id: number };
          currentMarketPrice: string | null;
        };
      }>(VINTAGE, { id: vintage.id });
      expect(answer.errors).toBeUndefined();
      const details = answer.data?.vintageDetails;
      const top = vintage.statistics.appellationTopPercentage as number;
      if (top > 25) expect(details?.appellationRanking).toBeNull();
      else
        expect(details?.appellationRanking?.label).toBe(
          top <= 5 ? 'Top 5 Prozent' : top <= 10 ? 'Top 10 Prozent' : 'Top 25 Prozent',
        );
      expect(details?.winery.id).toBeGreaterThan(0);
    }
  });

  it("lists each winery of Entdecken once, producers and not their wines (the PWA's list query)", async () => {
    const answer = await portal.gql<WineryListQuery>(print(WineryListDocument));
    expect(answer.errors).toBeUndefined();
    const listed = answer.data?.allWineries ?? [];
    const titles = listed.map((winery) => winery.title);
    expect(titles.length).toBeGreaterThan(10);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(listed.map((winery) => winery.id)).size).toBe(listed.length);
    // A title on the list is a producer: it is never the name of another producer's wine.
    const wines = await portal.gql<{ allWines: { title: string; winery: { id: number } }[] }>(
      WINES_BY_WINERY,
    );
    const wineOf = new Map((wines.data?.allWines ?? []).map((wine) => [wine.title, wine.winery.id]));
    for (const winery of listed) {
      const producer = wineOf.get(winery.title);
      if (producer !== undefined) expect(producer, winery.title).toBe(winery.id);
    }
    for (const wine of [
      'Carruades de Lafite',
      'La Tâche Grand Cru',
      'Dom Pérignon Brut',
      'Chambertin Grand Cru',
    ]) {
      expect(titles).not.toContain(wine);
    }
    expect(titles).toContain('Moët & Chandon');
    expect(titles.filter((title) => title === 'Château Lafite Rothschild')).toHaveLength(1);
    expect(
      listed.every((winery) => winery.region.title.length > 0 && winery.region.country.title.length > 0),
    ).toBe(true);
  });

  it('lists all wines and the price index with base 100, its source and the day of its newest price', async () => {
    const wines = await portal.gql<{ allWines: { title: string; winery: { region: { title: string } } }[] }>(
      WINES_BY_REGION,
    );
    const titles = wines.data?.allWines.map((wine) => wine.title) ?? [];
    expect(titles.length).toBeGreaterThan(10);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const index = await portal.gql<{
      priceIndex: {
        points: { year: number; value: number }[];
        vintageCount: number;
        valuationSource: string;
        valuationAsOf: string | null;
      };
    }>(PRICE_INDEX);
    const points = index.data?.priceIndex.points ?? [];
    expect(points.length).toBeGreaterThan(1);
    expect(points[0]?.value).toBe(100);
    expect(index.data?.priceIndex.vintageCount).toBeGreaterThan(0);
    // The demo prices were recorded when the demo data was seeded: today.
    expect(index.data?.priceIndex.valuationSource).toBe(PRICE_INDEX_SOURCE);
    expect(index.data?.priceIndex.valuationAsOf).toBe(businessDay());
    expect(
      valuationAsOfLabel(PRICE_INDEX_SOURCE, index.data?.priceIndex.valuationAsOf ?? null, businessDay())
        .text,
    ).toBe(`${PRICE_INDEX_SOURCE}, Stand ${formatDate(businessDay())}`);
  });
});
