/**
 * The seeded offers (bottle sizes, tranches, en primeur, back-office colours, cases on invoice) and
 * media: academy videos, blog posts and the generated image files, kept on a second run.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  academyKeywords,
  academyVideoKeywords,
  academyVideos,
  blogPosts,
  bottleSizes,
  brandImages,
  depotPositions,
  offers,
  partialOffers,
  raters,
  regions,
  vintages,
  wineries,
  wines,
} from '../../server/db/schema';
import { writeDemoMedia } from '../../server/seed';
import { DAY_MS, NOW, seedJourney, targets } from './support/seed-journey';

describe.each(targets)('Demodaten: Angebote, Akademie, Blog und Bilder (%s)', (target) => {
  const journey = seedJourney(target);
  const { db, mediaFile } = journey;
  let mediaDir: string;
  beforeAll(() => {
    ({ mediaDir } = journey);
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
});
