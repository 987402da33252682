import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  depotPositionStatuses,
  depotPositions,
  invoicePositions,
  invoices,
  orderPositions,
  preferencesProfiles,
  recommendedPositions,
  regions,
  vintages,
  wineries,
  wines,
} from '../../server/db/schema';
import { DEMO_PASSWORD, demoAccounts } from '../../server/seed';
import { compositionCandidates, proposalLines } from '../../server/services/advice';
import { verifyPassword } from '../../server/services/passwords';
import { portfolioTotal, regionShares } from '../../src/domain/advice-portfolio';
import { composePortfolio } from '../../src/domain/advice-recommendation';
import { businessDay } from '../../src/domain/dates';
import { DAY_MS, NOW, seedJourney, targets } from './support/seed-journey';

describe.each(targets)('Demodaten: Konten (%s)', (target) => {
  const journey = seedJourney(target);
  const { db, userByEmail } = journey;

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
