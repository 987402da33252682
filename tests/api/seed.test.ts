import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import {
  academyKeywords,
  academyVideoKeywords,
  academyVideos,
  assortmentParts,
  blogPosts,
  bottleSizes,
  brandImages,
  countries,
  depotPositionStatuses,
  depotPositions,
  grapePercentages,
  gwsRecords,
  invoicePositions,
  invoices,
  offers,
  orderPositions,
  partialOffers,
  preferencesProfiles,
  raters,
  ratings,
  recommendedPositions,
  regions,
  subregions,
  users,
  valuations,
  vintagePriceHistory,
  vintages,
  wineries,
  wines,
} from '../../server/db/schema';
import {
  DEMO_PASSWORD,
  demoAccounts,
  isDatabaseSeeded,
  seedDemoData,
  writeDemoMedia,
} from '../../server/seed';
import { compositionCandidates, proposalLines } from '../../server/services/advice';
import { verifyPassword } from '../../server/services/passwords';
import { portfolioTotal, regionShares } from '../../src/domain/advice-portfolio';
import { composePortfolio } from '../../src/domain/advice-recommendation';
import { businessDay } from '../../src/domain/dates';
import { createTestDatabase } from './support/harness';

const NOW = new Date('2026-11-21T09:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

/** PGlite always; a real Postgres database too when TEST_DATABASE_URL points at a server (CI sets it). */
const targets = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

async function openFreshDatabase(target: (typeof targets)[number]) {
  if (target === 'pglite') {
    return { handle: await openDatabase({ pgliteDir: 'memory://' }), drop: async () => {} };
  }
  const database = await createTestDatabase('weindepot_seed');
  const handle = await openDatabase({ databaseUrl: database.url, pgliteDir: 'memory://' });
  return { handle, drop: database.drop };
}

describe.each(targets)('Demodaten (%s)', (target) => {
  let database: DatabaseHandle;
  let dropDatabase: () => Promise<void> = async () => {};
  let mediaDir: string;
  let seededBefore: boolean;

  const db = () => database.db;
  const mediaFile = (url: string) => path.join(mediaDir, url.replace(/^\/media\//, ''));

  async function userByEmail(email: string) {
    const [user] = await db().select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`${email} fehlt`);
    return user;
  }

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-seed-'));
    const fresh = await openFreshDatabase(target);
    database = fresh.handle;
    dropDatabase = fresh.drop;
    await database.migrate();
    seededBefore = await isDatabaseSeeded(database.db);
    await seedDemoData(database.db, { mediaDir, now: NOW });
    // Migrating and seeding a fresh database takes close to a minute on a busy machine.
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await dropDatabase();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
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

  describe('Angebote', () => {
    it('has offers in several bottle sizes with tranches that add up', async () => {
      const [offerRows, trancheRows, sizeRows] = await Promise.all([
        db().select().from(offers),
        db().select().from(partialOffers),
        db().select().from(bottleSizes),
      ]);
      expect(offerRows.length).toBeGreaterThanOrEqual(24);
      expect(sizeRows.map((size) => [size.title, size.factorForLiterPrices])).toEqual(
        expect.arrayContaining([
          ['0,75l', '0.7500'],
          ['1,5l', '1.5000'],
          ['3,0l', '3.0000'],
          ['0,375l', '0.3750'],
        ]),
      );
      expect(new Set(offerRows.map((offer) => offer.bottleSizeId)).size).toBeGreaterThanOrEqual(3);
      expect(new Set(offerRows.map((offer) => offer.caskOf))).toEqual(new Set([1, 3, 6, 12]));
      for (const offer of offerRows) {
        expect(offer.sellPriceBtl).toMatch(/^\d+\.\d{2}$/);
        const tranches = trancheRows.filter((tranche) => tranche.offerId === offer.id);
        expect(tranches.length).toBeGreaterThanOrEqual(1);
        expect(tranches.length).toBeLessThanOrEqual(3);
        expect(offer.totalQuantityAvailable).toBe(
          tranches.reduce((sum, tranche) => sum + tranche.totalQuantityAvailable, 0),
        );
        for (const tranche of tranches) {
          expect(Number(tranche.buyPriceBtl)).toBeLessThan(Number(offer.sellPriceBtl));
          expect(tranche.quantityAvailable + tranche.quantityOnInvoice).toBeLessThanOrEqual(
            tranche.totalQuantityAvailable,
          );
        }
      }
      const available = (offerId: number) =>
        trancheRows
          .filter((tranche) => tranche.offerId === offerId)
          .reduce((sum, t) => sum + t.quantityAvailable, 0);
      expect(
        offerRows.filter((offer) => offer.promoteOffer && available(offer.id) > 0).length,
      ).toBeGreaterThan(5);
      expect(offerRows.some((offer) => !offer.archived && available(offer.id) === 0)).toBe(true);
      expect(offerRows.some((offer) => offer.onRequest && offer.promoteOffer)).toBe(true);
      expect(offerRows.filter((offer) => offer.archived).length).toBeGreaterThanOrEqual(1);
    });

    it('has an en-primeur offer delivered about 18 months from now', async () => {
      const rows = await db()
        .select({ delivery: vintages.enPrimeurDeliveryDate, promote: offers.promoteOffer })
        .from(offers)
        .innerJoin(vintages, eq(offers.vintageId, vintages.id));
      const enPrimeur = rows.filter((row) => row.delivery !== null);
      expect(enPrimeur.length).toBeGreaterThanOrEqual(1);
      const months =
        (new Date(`${enPrimeur[0]?.delivery}T00:00:00Z`).getTime() - NOW.getTime()) / (30.44 * DAY_MS);
      expect(months).toBeGreaterThan(16);
      expect(months).toBeLessThan(20);
    });

    it('has purchase tranches in every back-office colour', async () => {
      const rows = await db().select().from(partialOffers);
      const colour = (tranche: (typeof rows)[number]) => {
        const proforma = Boolean(tranche.proformaInvoiceNumberSourcing);
        const trade = Boolean(tranche.livexTrade);
        if (!proforma && !trade) return 'rot';
        if (proforma && trade) return tranche.paid ? 'grün' : 'orange';
        return 'hellgrün';
      };
      expect(new Set(rows.map(colour))).toEqual(new Set(['rot', 'grün', 'orange', 'hellgrün']));
      expect(rows.some((tranche) => tranche.mrn && tranche.storageIds)).toBe(true);
    });

    it('counts the cases on invoice of each tranche from the depot positions', async () => {
      const [trancheRows, depotRows] = await Promise.all([
        db().select().from(partialOffers),
        db().select().from(depotPositions),
      ]);
      for (const tranche of trancheRows) {
        const sold = depotRows
          .filter((position) => position.partialOfferId === tranche.id)
          .reduce((sum, position) => sum + position.amount, 0);
        expect(tranche.quantityOnInvoice).toBe(sold);
      }
      expect(trancheRows.filter((tranche) => tranche.quantityOnInvoice > 0).length).toBeGreaterThan(5);
    });
  });

  describe('Akademie, Blog und Bilder', () => {
    it('has academy videos with two premieres and real video files', async () => {
      const rows = await db().select().from(academyVideos);
      expect(rows.length).toBeGreaterThanOrEqual(8);
      expect(rows.filter((video) => video.datetimePublished > NOW)).toHaveLength(2);
      for (const video of rows) {
        expect(video.videoUrl).toBe(`/media/videos/${video.slug}.webm`);
        const size = statSync(mediaFile(video.videoUrl)).size;
        expect(size).toBeGreaterThan(1000);
        expect(size).toBeLessThan(60_000);
        expect(existsSync(mediaFile(video.thumbnail ?? ''))).toBe(true);
      }
      const links = await db()
        .select({ videoId: academyVideoKeywords.videoId, keyword: academyKeywords.title })
        .from(academyVideoKeywords)
        .innerJoin(academyKeywords, eq(academyVideoKeywords.keywordId, academyKeywords.id));
      expect(new Set(links.map((link) => link.videoId)).size).toBe(rows.length);
      expect(
        rows.filter((video) => video.vintageId && video.wineryId && video.regionId).length,
      ).toBeGreaterThan(3);
    });

    it('has published blog posts with headings', async () => {
      const rows = await db().select().from(blogPosts);
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const post of rows) {
        expect(post.firstPublishedAt.getTime()).toBeLessThan(NOW.getTime());
        expect(post.body).toContain('<h2>');
        expect(post.intro.length).toBeGreaterThan(20);
      }
    });

    it('points every image column at a generated file', async () => {
      const [regionRows, wineryRows, wineRows, vintageRows, raterRows, blogRows, brandRows] =
        await Promise.all([
          db().select({ image: regions.image }).from(regions),
          db().select().from(wineries),
          db().select({ image: wines.image }).from(wines),
          db().select().from(vintages),
          db().select({ image: raters.image }).from(raters),
          db().select({ image: blogPosts.image }).from(blogPosts),
          db().select().from(brandImages),
        ]);
      const urls = [
        ...regionRows.map((row) => row.image),
        ...wineryRows.flatMap((row) => [row.logoImage, row.wineryImage, ...row.carouselImages]),
        ...wineRows.map((row) => row.image),
        ...vintageRows.flatMap((row) => [row.image, row.thumbnail, row.referenceChartImage, row.videoUrl]),
        ...raterRows.map((row) => row.image),
        ...blogRows.map((row) => row.image),
        ...brandRows.map((row) => row.image),
      ].filter((url): url is string => url !== null);
      expect(urls.length).toBeGreaterThan(200);
      for (const url of urls) {
        expect(url).toMatch(/^\/media\//);
        expect(statSync(mediaFile(url)).size).toBeGreaterThan(0);
      }
      expect(brandRows.map((row) => row.title)).toEqual(
        expect.arrayContaining(['Logo', 'Lager Genf', 'Startseite Hero']),
      );
    });

    it('keeps existing media files on a second run', async () => {
      const sample = ['brand/logo.svg', 'videos/was-macht-einen-grossen-bordeaux-aus.webm'].map((file) =>
        path.join(mediaDir, file),
      );
      const before = sample.map((file) => statSync(file).mtimeMs);
      const report = await writeDemoMedia(mediaDir);
      expect(report.written).toEqual([]);
      expect(report.skipped).toBeGreaterThan(200);
      expect(sample.map((file) => statSync(file).mtimeMs)).toEqual(before);
    });
  });

  describe('Konten', () => {
    it('lists the five demo accounts with the shared password', async () => {
      expect(demoAccounts.map((account) => account.email)).toEqual([
        'kunde@example.com',
        'neukunde@example.com',
        'berater@example.com',
        'thomas.keller@example.com',
        'firma@example.com',
      ]);
      for (const account of demoAccounts) {
        expect(account.password).toBe(DEMO_PASSWORD);
        expect(account.description.length).toBeGreaterThan(10);
        const user = await userByEmail(account.email);
        expect(user.isActive).toBe(true);
      }
      expect(
        await verifyPassword((await userByEmail('kunde@example.com')).passwordHash, 'Weindepot2026!'),
      ).toBe(true);
    });

    it('describes the new client, the adviser and the client in review', async () => {
      const neukunde = await userByEmail('neukunde@example.com');
      expect(neukunde).toMatchObject({
        salutation: 'Herr',
        firstName: 'Jonas',
        lastName: 'Neumann',
        phone: null,
      });
      expect(neukunde.streetAndNumber).toBeNull();
      expect(
        await db().select().from(preferencesProfiles).where(eq(preferencesProfiles.userId, neukunde.id)),
      ).toEqual([]);
      expect(await db().select().from(invoices).where(eq(invoices.userId, neukunde.id))).toEqual([]);

      const berater = await userByEmail('berater@example.com');
      expect(berater).toMatchObject({
        firstName: 'Maximilian',
        lastName: 'Roth',
        isStaff: true,
        isSuperuser: true,
      });

      const thomas = await userByEmail('thomas.keller@example.com');
      expect(thomas).toMatchObject({
        title: 'Dr.',
        salutation: 'Herr',
        blockedByOrderCheck: true,
        city: 'Düsseldorf',
      });
      const thomasInvoices = await db().select().from(invoices).where(eq(invoices.userId, thomas.id));
      expect(thomasInvoices.map((invoice) => invoice.stage)).toEqual(['CHECK_NEEDED']);
      const [review] = thomasInvoices;
      expect(Number(review?.vintagesSum)).toBeGreaterThan(0);
      expect(Number(review?.overallSum)).toBeGreaterThan(Number(review?.vintagesSum));
      expect(
        await db()
          .select()
          .from(invoicePositions)
          .where(eq(invoicePositions.invoiceId, review?.id ?? 0)),
      ).toHaveLength(2);
    });

    it('gives the client her address, investor profile and a recent adviser offer', async () => {
      const kunde = await userByEmail('kunde@example.com');
      expect(kunde).toMatchObject({
        salutation: 'Frau',
        title: null,
        firstName: 'Anna',
        lastName: 'Berger',
        company: null,
        phone: '+49 89 12345678',
        streetAndNumber: 'Maximilianstraße 12',
        postalCode: '80539',
        city: 'München',
        country: 'DE',
        blockedByOrderCheck: false,
      });
      const profiles = await db()
        .select()
        .from(preferencesProfiles)
        .where(eq(preferencesProfiles.userId, kunde.id));
      const wizard = profiles.find((profile) => profile.source === 'WIZARD');
      expect(wizard).toMatchObject({
        checkedAgbAndDsgvo: true,
        investmentSumIntended: '50000.00',
        email: kunde.email,
      });
      const recent = profiles.filter(
        (profile) =>
          profile.source === 'MANUALLY' &&
          !profile.archived &&
          NOW.getTime() - profile.datetime.getTime() < 14 * DAY_MS,
      );
      expect(recent).toHaveLength(1);
      const berater = await userByEmail('berater@example.com');
      expect(recent[0]?.createdById).toBe(berater.id);
      const positions = await db()
        .select()
        .from(recommendedPositions)
        .where(eq(recommendedPositions.profileId, recent[0]?.id ?? 0));
      expect(positions.length).toBeGreaterThanOrEqual(3);
      expect(positions.length).toBeLessThanOrEqual(5);
      expect(positions.every((position) => position.ekpBtl !== null && position.amount > 0)).toBe(true);
      const wizardPositions = await db()
        .select()
        .from(recommendedPositions)
        .where(eq(recommendedPositions.profileId, wizard?.id ?? 0));
      expect(wizardPositions.length).toBeGreaterThan(0);
      // The investor profile's portfolio is the engine's: within ±10 % of 50.000 €, no region
      // above 40 %, exactly the positions a recomposition answers.
      const lines = await proposalLines(db(), wizard?.id ?? 0);
      expect(portfolioTotal(lines)).toBeGreaterThanOrEqual(4_500_000);
      expect(portfolioTotal(lines)).toBeLessThanOrEqual(5_500_000);
      for (const region of regionShares(lines)) expect(region.share).toBeLessThanOrEqual(40);
      const engine = composePortfolio(
        {
          wineloverVsInvestor: wizard?.wineloverVsInvestor ?? 0,
          takesRisk: wizard?.takesRisk ?? 0,
          investmentHorizon: wizard?.investmentHorizon ?? 0,
          investmentSumIntended: 5_000_000,
        },
        await compositionCandidates(db()),
      );
      expect(engine.withinWindow).toBe(true);
      const byOffer = (a: { offerId: number }, b: { offerId: number }) => a.offerId - b.offerId;
      expect(
        wizardPositions
          .map((position) => ({ offerId: position.offerId, amount: position.amount }))
          .sort(byOffer),
      ).toEqual([...engine.positions].sort(byOffer));
      expect(
        await db().select().from(orderPositions).where(eq(orderPositions.userId, kunde.id)),
      ).toHaveLength(1);
    });

    it('fills the client depot across regions and every status', async () => {
      const kunde = await userByEmail('kunde@example.com');
      const positions = await db()
        .select({ position: depotPositions, region: regions.title, delivery: vintages.enPrimeurDeliveryDate })
        .from(depotPositions)
        .innerJoin(vintages, eq(depotPositions.vintageId, vintages.id))
        .innerJoin(wines, eq(vintages.wineId, wines.id))
        .innerJoin(wineries, eq(wines.wineryId, wineries.id))
        .innerJoin(regions, eq(wineries.regionId, regions.id))
        .where(eq(depotPositions.ownerId, kunde.id));
      expect(positions.length).toBeGreaterThanOrEqual(14);
      expect(new Set(positions.map((row) => row.region)).size).toBeGreaterThanOrEqual(5);
      const statuses = await db()
        .select()
        .from(depotPositionStatuses)
        .where(
          inArray(
            depotPositionStatuses.depotPositionId,
            positions.map((row) => row.position.id),
          ),
        );
      const current = positions.map(({ position }) => {
        const own = statuses
          .filter((status) => status.depotPositionId === position.id)
          .sort((a, b) => a.datetimeStatusUpdate.getTime() - b.datetimeStatusUpdate.getTime());
        const purchased = own.find((status) => status.status === 'PURCHASED');
        expect(purchased).toBeDefined();
        const age = NOW.getTime() - (purchased?.datetimeStatusUpdate.getTime() ?? 0);
        expect(age).toBeGreaterThan(0);
        expect(age).toBeLessThan(3.1 * 365 * DAY_MS);
        expect(position.storageId).toBeTruthy();
        expect(position.partialOfferId).not.toBeNull();
        expect(position.offerId).not.toBeNull();
        return own.at(-1)?.status;
      });
      expect(new Set(current)).toEqual(new Set(['PURCHASED', 'SHIPPING', 'IN_BOND', 'FOR_SALE', 'SOLD']));
      const enPrimeur = positions.filter((row) => row.delivery !== null);
      expect(enPrimeur.length).toBeGreaterThanOrEqual(1);
      for (const row of enPrimeur) {
        expect(
          statuses.filter((status) => status.depotPositionId === row.position.id).map((s) => s.status),
        ).toEqual(['PURCHASED']);
      }
      expect(current.filter((status) => status === 'IN_BOND').length).toBeGreaterThan(3);
    });

    it('gives each purchase of the depot its paid invoice, dated on the purchase day, numbered in date order', async () => {
      const kunde = await userByEmail('kunde@example.com');
      const rows = await db().select().from(invoices).where(eq(invoices.userId, kunde.id));
      const positions = await db().select().from(depotPositions).where(eq(depotPositions.ownerId, kunde.id));
      const purchases = await db()
        .select()
        .from(depotPositionStatuses)
        .where(
          and(
            inArray(
              depotPositionStatuses.depotPositionId,
              positions.map((position) => position.id),
            ),
            eq(depotPositionStatuses.status, 'PURCHASED'),
          ),
        );
      const purchaseDays = new Set(purchases.map((entry) => businessDay(entry.datetimeStatusUpdate)));
      // One invoice per purchase day, each dated on it and paid at the purchase.
      expect(rows).toHaveLength(purchaseDays.size);
      expect(new Set(rows.map((invoice) => invoice.invoiceDate))).toEqual(purchaseDays);
      const paidAt = new Set(purchases.map((entry) => entry.datetimeStatusUpdate.getTime()));
      for (const invoice of rows) expect(paidAt.has(invoice.paidAt?.getTime() ?? 0)).toBe(true);
      // Every numbered invoice (hers and the business client's) in date order: the series runs
      // from 0001 in each year without a gap.
      const numbered = await db().select().from(invoices).where(isNotNull(invoices.invoiceNumber));
      const byDate = [...numbered].sort(
        (a, b) =>
          (a.invoiceDate ?? '').localeCompare(b.invoiceDate ?? '') ||
          (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0),
      );
      const perYear = new Map<string, number>();
      for (const invoice of byDate) {
        const year = invoice.invoiceDate?.slice(0, 4) as string;
        perYear.set(year, (perYear.get(year) ?? 0) + 1);
        expect(invoice.invoiceNumber).toBe(`${year}-${String(perYear.get(year)).padStart(4, '0')}`);
      }
      expect(new Set(rows.map((invoice) => invoice.invoiceDate?.slice(0, 4))).size).toBeGreaterThanOrEqual(3);
      const firma = await userByEmail('firma@example.com');
      expect(
        numbered.filter((invoice) => invoice.userId !== kunde.id).map((invoice) => invoice.userId),
      ).toEqual([firma.id]);
      // Every position of the depot was bought with one of them.
      expect(positions.every((position) => position.invoicePositionId !== null)).toBe(true);
      for (const invoice of rows) {
        expect(invoice.stage).toBe('PAID');
        expect(invoice.invoiceNumber).toMatch(/^\d{4}-\d{4}$/);
        expect(invoice.invoiceNumber?.slice(0, 4)).toBe(invoice.invoiceDate?.slice(0, 4));
        expect(invoice.invoicePdfViewPermissionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(invoice.paidAt).not.toBeNull();
        const parts = [
          invoice.vintagesSum,
          invoice.logisticsSum,
          invoice.conditionReportSum,
          invoice.upfrontStorageSum,
          invoice.managementFeeMonthly,
        ].reduce((sum, value) => sum + Math.round(Number(value) * 100), 0);
        expect(Math.round(Number(invoice.overallSum) * 100)).toBe(parts);
        const lines = await db()
          .select()
          .from(invoicePositions)
          .where(eq(invoicePositions.invoiceId, invoice.id));
        expect(lines.length).toBeGreaterThan(0);
        const vintagesCents = lines.reduce(
          (sum, line) => sum + line.amount * line.caskOf * Math.round(Number(line.buyPriceBtl) * 100),
          0,
        );
        expect(Math.round(Number(invoice.vintagesSum) * 100)).toBe(vintagesCents);
        const linked = await db()
          .select()
          .from(depotPositions)
          .where(
            inArray(
              depotPositions.invoicePositionId,
              lines.map((line) => line.id),
            ),
          );
        expect(linked).toHaveLength(lines.length);
      }
    });
  });
});
