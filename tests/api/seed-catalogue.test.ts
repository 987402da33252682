import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  assortmentParts,
  countries,
  grapePercentages,
  gwsRecords,
  ratings,
  regions,
  subregions,
  valuations,
  vintagePriceHistory,
  vintages,
  wineries,
  wines,
} from '../../server/db/schema';
import { isDatabaseSeeded } from '../../server/seed';
import { seedJourney, targets } from './support/seed-journey';

describe.each(targets)('Demodaten: Katalog (%s)', (target) => {
  const journey = seedJourney(target);
  const { db } = journey;
  let seededBefore: boolean;
  beforeAll(() => {
    ({ seededBefore } = journey);
  });

  describe('Katalog', () => {
    it('marks the database as seeded only after seeding', async () => {
      expect(seededBefore).toBe(false);
      expect(await isDatabaseSeeded(db())).toBe(true);
    });

    it('has real wineries with coordinates across the eight regions', async () => {
      const rows = await db()
        .select({ winery: wineries, region: regions.title, country: countries.code })
        .from(wineries)
        .innerJoin(regions, eq(wineries.regionId, regions.id))
        .innerJoin(countries, eq(regions.countryId, countries.id));
      expect(rows.length).toBeGreaterThanOrEqual(14);
      for (const { winery } of rows) {
        expect(winery.longitude).toBeTypeOf('number');
        expect(Math.abs(winery.latitude ?? 0)).toBeGreaterThan(30);
        expect(winery.production).toBeGreaterThan(0);
        expect(winery.owner).toBeTruthy();
        expect(winery.address).toBeTruthy();
        expect(winery.grapeVarieties).toBeTruthy();
        expect(winery.classificationId).not.toBeNull();
        expect(winery.subregionId).not.toBeNull();
        expect(winery.description).toMatch(/^<p>.+<\/p>$/s);
        expect(winery.carouselImages.length).toBeGreaterThan(0);
      }
      const countryOf = new Map(rows.map((row) => [row.region, row.country]));
      expect(Object.fromEntries(countryOf)).toEqual({
        Bordeaux: 'FR',
        Burgund: 'FR',
        Champagne: 'FR',
        Rhône: 'FR',
        Toskana: 'IT',
        Piemont: 'IT',
        'Napa Valley': 'US',
        'Ribera del Duero': 'ES',
      });
      expect(rows.some(({ winery }) => winery.promote)).toBe(true);
    });

    it('has subregions whose soil shares add up to 100 %', async () => {
      const rows = await db().select().from(subregions);
      expect(rows.map((row) => row.title)).toEqual(
        expect.arrayContaining([
          'Pauillac',
          'Margaux',
          'Saint-Émilion',
          'Pomerol',
          'Côte de Nuits',
          'Montagne de Reims',
        ]),
      );
      for (const row of rows)
        expect(row.slate + row.clay + row.mud + row.lime + row.sand + row.chalk).toBe(100);
    });

    it('has vintages with critics, composition, scores, market data and texts', async () => {
      const rows = await db()
        .select({ vintage: vintages, lwin: wines.lwin })
        .from(vintages)
        .innerJoin(wines, eq(vintages.wineId, wines.id));
      expect(rows.length).toBeGreaterThanOrEqual(45);
      const [ratingRows, grapeRows, gwsRows, historyRows, valuationRows] = await Promise.all([
        db().select().from(ratings),
        db().select().from(grapePercentages),
        db().select().from(gwsRecords),
        db().select().from(vintagePriceHistory),
        db().select().from(valuations),
      ]);
      for (const { vintage, lwin } of rows) {
        expect(vintage.lwin11).toBe(`${lwin}${vintage.year}`);
        const own = ratingRows.filter((rating) => rating.vintageId === vintage.id);
        expect(own.length).toBeGreaterThanOrEqual(2);
        expect(own.length).toBeLessThanOrEqual(4);
        for (const rating of own) {
          expect(Number(rating.score)).toBeGreaterThanOrEqual(92);
          expect(Number(rating.score)).toBeLessThanOrEqual(100);
          expect(rating.description.length).toBeGreaterThan(40);
        }
        const shares = grapeRows
          .filter((row) => row.vintageId === vintage.id)
          .reduce((sum, row) => sum + row.perc, 0);
        expect(shares).toBe(100);
        expect(gwsRows.filter((row) => row.vintageId === vintage.id)).toHaveLength(1);
        const ownValuations = valuationRows.filter((row) => row.vintageId === vintage.id);
        expect(ownValuations.length).toBeGreaterThanOrEqual(2);
        expect(
          ownValuations.every((row) => row.sourceOfValuation === 'WINE_SEARCHER_EUROPE_AVERAGE_EURO'),
        ).toBe(true);
        const history = historyRows
          .filter((row) => row.vintageId === vintage.id)
          .sort((a, b) => a.year - b.year);
        if (!vintage.enPrimeurDeliveryDate) {
          expect(history.length).toBeGreaterThanOrEqual(5);
          expect(history.length).toBeLessThanOrEqual(8);
          expect(Number(history.at(-1)?.annualAvgEurAdj)).toBeGreaterThan(
            Number(history[0]?.annualAvgEurAdj),
          );
        }
        expect(vintage.usp).toMatch(/^<ul>(<li>[^<]+<\/li>)+<\/ul>$/);
        expect(vintage.salesHeadline).toMatch(/^<p>/);
        expect(vintage.description).toMatch(/^<p>/);
        expect(vintage.statistics).toMatchObject({
          appellationTopPercentage: expect.any(Number),
          appellationName: expect.any(String),
          criticAgreement: expect.any(String),
          criticCount: expect.any(Number),
        });
        expect(vintage.referenceDuration).toBe(5);
        expect(vintage.referenceRaterId).not.toBeNull();
        expect(Number(vintage.referenceKpi)).toBeGreaterThan(0);
        expect(vintage.investmentHorizonPrediction).toBeGreaterThanOrEqual(5);
        expect(vintage.investmentHorizonPrediction).toBeLessThanOrEqual(25);
        expect(vintage.takesRiskPrediction).toBeGreaterThanOrEqual(0);
        expect(vintage.wineloverVsInvestorPrediction).toBeLessThanOrEqual(100);
      }
      expect(new Set(rows.map(({ vintage }) => vintage.takesRiskPrediction)).size).toBeGreaterThan(10);
      expect(new Set(rows.map(({ vintage }) => vintage.investmentHorizonPrediction)).size).toBeGreaterThan(4);
      expect(gwsRows.filter((row) => row.isLivex1000).length).toBeGreaterThan(30);
      expect(gwsRows.some((row) => !row.isLivex1000 && row.livexSubindex === null)).toBe(true);
      expect(new Set(gwsRows.map((row) => row.livexSubindex))).toEqual(
        new Set([
          null,
          'Bordeaux 500',
          'Burgundy 150',
          'Champagne 50',
          'Italy 100',
          'Rhone 100',
          'Rest of the World 60',
        ]),
      );
      expect(rows.filter(({ vintage }) => vintage.image !== null)).toHaveLength(1);
      expect(rows.filter(({ vintage }) => vintage.videoUrl !== null).length).toBeGreaterThanOrEqual(3);
      expect((await db().select().from(assortmentParts)).length).toBeGreaterThan(0);
    });

    it('values the benchmark wines plausibly', async () => {
      const latest = async (title: string, year: number) => {
        const rows = await db()
          .select({ value: valuations.value, at: valuations.datetimeCreated })
          .from(valuations)
          .innerJoin(vintages, eq(valuations.vintageId, vintages.id))
          .where(and(eq(vintages.title, title), eq(vintages.year, year)));
        return Number(rows.sort((a, b) => b.at.getTime() - a.at.getTime())[0]?.value);
      };
      expect(await latest('Château Lafite Rothschild', 2016)).toBeGreaterThan(650);
      expect(await latest('Château Lafite Rothschild', 2016)).toBeLessThan(950);
      expect(await latest('Sassicaia', 2021)).toBeLessThan(320);
      expect(await latest('Dom Pérignon Brut', 2015)).toBeLessThan(260);
      expect(await latest('Romanée-Conti Grand Cru', 2019)).toBeGreaterThan(10_000);
    });
  });
});
