/**
 * The wines of a manual quote: the offers the modal lists (newest ten per region, tranche and depot
 * figures), adding them with the newest tranche's EKP, refusing fully assigned ones, editing positions.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  depotPositions,
  offers,
  partialOffers,
  preferencesProfiles,
  recommendedPositions,
  regions,
  vintages,
  wineries,
  wines,
} from '../../server/db/schema';
import { quoteTexts } from '../../server/services/backoffice-quotes';
import {
  QUOTE_OFFERS_PER_REGION,
  quoteOfferSections,
  regionBucket,
} from '../../src/domain/backoffice-quotes';
import { backofficeMessages } from '../../src/domain/backoffice-validation';
import {
  type Position,
  type Quote,
  type QuoteOffer,
  quoteOperation,
  quotesJourney,
} from './support/backoffice-quotes-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const OFFERS = quoteOperation('ManualQuoteOffers');
const ADD_OFFER = quoteOperation('AddOfferToManualQuote');
const POSITION = quoteOperation('UpdateManualQuotePosition');

describe.each(databaseTargets)('Manuelle Angebote: Weine und Positionen (%s)', (target) => {
  const journey = quotesJourney(target);
  const { staff, newQuote, auditActions, stocked } = journey;
  let portal: TestPortal;
  let staffToken: string;
  let clientId: number;
  let candidates: QuoteOffer[];
  beforeAll(() => {
    ({ portal, staffToken, clientId, candidates } = journey);
  });

  it('lists offers with tranche total and depot-assigned cases', async () => {
    expect(candidates.length).toBeGreaterThan(0);
    for (const offer of candidates.slice(0, 5)) {
      const tranches = await portal.db
        .select()
        .from(partialOffers)
        .where(eq(partialOffers.offerId, offer.id));
      expect(offer.trancheTotal).toBe(
        tranches.reduce((sum, tranche) => sum + tranche.totalQuantityAvailable, 0),
      );
      expect(offer.availableCases).toBe(
        tranches.reduce((sum, tranche) => sum + Math.max(0, tranche.quantityAvailable), 0),
      );
    }
    expect(candidates.some((offer) => offer.depotAssigned > 0)).toBe(true);
  });

  it('adds offers with the newest tranche price as EKP, adds cases to an existing position, and keeps the sum', async () => {
    const quote = await newQuote('positionen@example.com');
    const [first, second] = stocked(1) as [QuoteOffer, QuoteOffer];
    const zero = await staff<'addOfferToManualQuote'>(ADD_OFFER, {
      quoteId: quote.id,
      offerId: first.id,
      amount: 0,
    });
    expect(zero.addOfferToManualQuote.errors).toEqual([
      { message: backofficeMessages.amountWhole, code: 'INVALID', field: 'amount' },
    ]);
    const unknown = await staff<'addOfferToManualQuote'>(ADD_OFFER, {
      quoteId: quote.id,
      offerId: 999_999,
      amount: 1,
    });
    expect(unknown.addOfferToManualQuote).toMatchObject({ success: false, errors: [{ code: 'NOT_FOUND' }] });

    await staff(ADD_OFFER, { quoteId: quote.id, offerId: first.id, amount: 1 });
    await staff(ADD_OFFER, { quoteId: quote.id, offerId: second.id, amount: 3 });
    const { addOfferToManualQuote } = await staff<'addOfferToManualQuote'>(ADD_OFFER, {
      quoteId: quote.id,
      offerId: first.id,
      amount: 2,
    });
    const saved = addOfferToManualQuote.manualQuote as Quote;
    expect(saved.recommendedPosition.map((position) => [position.offer.id, position.amount])).toEqual([
      [first.id, 3],
      [second.id, 3],
    ]);
    const [newest] = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, first.id))
      .orderBy(desc(partialOffers.datetimeCreated), desc(partialOffers.id))
      .limit(1);
    expect(saved.recommendedPosition[0]).toMatchObject({
      sellPriceBtl: first.sellPriceBtl,
      caskOf: first.caskOf,
      ekpBtl: newest?.buyPriceBtl,
    });
    const cents = (value: string) => Math.round(Number(value) * 100);
    const expected =
      3 * first.caskOf * cents(first.sellPriceBtl) + 3 * second.caskOf * cents(second.sellPriceBtl);
    expect(cents(saved.investmentSumPicked)).toBe(expected);
    const [row] = await portal.db
      .select()
      .from(preferencesProfiles)
      .where(eq(preferencesProfiles.id, quote.id));
    expect(cents(row?.investmentSumPicked ?? '0')).toBe(expected);
    expect(await auditActions(quote.id)).toEqual(['create', 'add_offer', 'add_offer', 'add_offer']);
  });

  it('refuses an offer whose tranches are all assigned to depots, the rule of the offer list', async () => {
    const [vintage] = await portal.db.select({ id: vintages.id }).from(vintages).limit(1);
    const [offer] = await portal.db
      .insert(offers)
      .values({ vintageId: vintage?.id ?? 0, bottleSizeId: 1, sellPriceBtl: '120.00' })
      .returning({ id: offers.id });
    // Two cases bought, both still "available" on the tranche, but both already in a client's depot.
    const [tranche] = await portal.db
      .insert(partialOffers)
      .values({
        offerId: offer?.id ?? 0,
        buyPriceBtl: '90.00',
        quantityAvailable: 2,
        totalQuantityAvailable: 2,
      })
      .returning({ id: partialOffers.id });
    await portal.db.insert(depotPositions).values({
      ownerId: clientId,
      vintageId: vintage?.id ?? 0,
      offerId: offer?.id ?? 0,
      partialOfferId: tranche?.id ?? 0,
      bottleSizeId: 1,
      amount: 2,
      caskOf: 6,
      buyPriceBtl: '120.00',
    });
    const quote = await newQuote('vergeben@example.com');

    const refused = await staff<'addOfferToManualQuote'>(ADD_OFFER, {
      quoteId: quote.id,
      offerId: offer?.id,
      amount: 1,
    });
    expect(refused.addOfferToManualQuote).toEqual({
      success: false,
      errors: [{ code: 'NOT_AVAILABLE', field: 'offerId', message: quoteTexts.notListed }],
      manualQuote: null,
    });
    expect(
      await portal.db.select().from(recommendedPositions).where(eq(recommendedPositions.profileId, quote.id)),
    ).toEqual([]);
    expect(await auditActions(quote.id)).toEqual(['create']);
    const listed = (await portal.gql<{ manualQuoteOffers: QuoteOffer[] }>(OFFERS, {}, { token: staffToken }))
      .data?.manualQuoteOffers;
    expect(listed?.some((candidate) => candidate.id === offer?.id)).toBe(false);

    // One more case bought: the tranche total is above the depot-assigned cases, the offer can be added.
    await portal.db
      .update(partialOffers)
      .set({ totalQuantityAvailable: 3 })
      .where(eq(partialOffers.id, tranche?.id ?? 0));
    const added = await staff<'addOfferToManualQuote'>(ADD_OFFER, {
      quoteId: quote.id,
      offerId: offer?.id,
      amount: 1,
    });
    expect(added.addOfferToManualQuote.success).toBe(true);
    expect(
      added.addOfferToManualQuote.manualQuote?.recommendedPosition.map((position) => position.offer.id),
    ).toEqual([offer?.id]);
  });

  it('edits and deletes positions with the back office validation messages; refusals change nothing', async () => {
    const quote = await newQuote('bearbeiten@example.com');
    const offer = stocked(1)[0] as QuoteOffer;
    const added = await staff<'addOfferToManualQuote'>(ADD_OFFER, {
      quoteId: quote.id,
      offerId: offer.id,
      amount: 2,
    });
    const position = added.addOfferToManualQuote.manualQuote?.recommendedPosition[0] as Position;
    const before = await portal.db
      .select()
      .from(recommendedPositions)
      .where(eq(recommendedPositions.id, position.id));

    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: 'abc' }, 'newPriceBtl', backofficeMessages.priceNumeric],
      [{ price: '12,50' }, 'newPriceBtl', backofficeMessages.priceNumeric],
      [{ price: '12.5' }, 'newPriceBtl', backofficeMessages.priceFormat],
      [{ price: '-12.50' }, 'newPriceBtl', backofficeMessages.priceFormat],
      [{ ekp: '' }, 'newEkpBtl', backofficeMessages.priceNumeric],
      [{ ekp: '100' }, 'newEkpBtl', backofficeMessages.priceFormat],
      [{ amount: 'zwei' }, 'amount', backofficeMessages.amountNumeric],
      [{ amount: '1.5' }, 'amount', backofficeMessages.amountWhole],
      [{ amount: '-1' }, 'amount', backofficeMessages.amountWhole],
      [{ amount: '0' }, 'amount', backofficeMessages.amountWhole],
      [{ amount: '101' }, 'amount', 'Es können höchstens 100 Kisten je Position bestellt werden.'],
      [
        { price: '10000000.00' },
        'newPriceBtl',
        'Der Preis pro Flasche darf höchstens 999.999,99 € betragen.',
      ],
    ];
    for (const [edit, field, message] of cases) {
      const { updateManualQuotePosition } = await staff<'updateManualQuotePosition'>(POSITION, {
        positionId: position.id,
        ...edit,
      });
      expect(updateManualQuotePosition.success, JSON.stringify(edit)).toBe(false);
      expect(updateManualQuotePosition.errors).toEqual([{ message, code: 'INVALID', field }]);
    }
    expect(
      await portal.db.select().from(recommendedPositions).where(eq(recommendedPositions.id, position.id)),
    ).toEqual(before);

    const edited = await staff<'updateManualQuotePosition'>(POSITION, {
      positionId: position.id,
      price: '1234.50',
      ekp: '1000.00',
      amount: '4',
    });
    expect(edited.updateManualQuotePosition.manualQuote?.recommendedPosition[0]).toMatchObject({
      sellPriceBtl: '1234.50',
      ekpBtl: '1000.00',
      amount: 4,
    });
    expect(edited.updateManualQuotePosition.manualQuote?.investmentSumPicked).toBe(
      (4 * offer.caskOf * 1234.5).toFixed(2),
    );
    const deleted = await staff<'updateManualQuotePosition'>(POSITION, {
      positionId: position.id,
      delete: true,
    });
    expect(deleted.updateManualQuotePosition.manualQuote).toMatchObject({
      recommendedPosition: [],
      investmentSumPicked: '0.00',
    });
    expect(
      await portal.db.select().from(recommendedPositions).where(eq(recommendedPositions.id, position.id)),
    ).toEqual([]);
    const [update, removal] = await portal.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'manual_quote'), eq(auditLog.entityId, quote.id)))
      .orderBy(auditLog.id)
      .offset(2);
    expect(update).toMatchObject({
      action: 'position_update',
      before: { amount: 2, ekpBtl: offer.ekpBtl, sellPriceBtl: offer.sellPriceBtl },
      after: { amount: 4, ekpBtl: '1000.00', sellPriceBtl: '1234.50' },
    });
    expect(removal).toMatchObject({ action: 'position_delete', after: null });
  });

  it('lists only what the modal shows: the newest ten listed offers per region section', async () => {
    // Twelve new Bordeaux offers with stock: the Bordeaux section must show the ten newest of them.
    const [bordeaux] = await portal.db
      .select({ vintageId: vintages.id })
      .from(vintages)
      .innerJoin(wines, eq(wines.id, vintages.wineId))
      .innerJoin(wineries, eq(wineries.id, wines.wineryId))
      .innerJoin(regions, eq(regions.id, wineries.regionId))
      .where(eq(regions.title, 'Bordeaux'))
      .limit(1);
    expect(bordeaux).toBeDefined();
    const added: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const [offer] = await portal.db
        .insert(offers)
        .values({
          vintageId: bordeaux?.vintageId ?? 0,
          bottleSizeId: 1,
          sellPriceBtl: '100.00',
          datetimeCreated: new Date(Date.now() + 60_000 + index * 1000),
        })
        .returning({ id: offers.id });
      added.push(offer?.id ?? 0);
      await portal.db.insert(partialOffers).values({
        offerId: offer?.id ?? 0,
        buyPriceBtl: '80.00',
        quantityAvailable: 3,
        totalQuantityAvailable: 3,
      });
    }

    // What the modal's own rule (src/domain) makes of every offer in the database.
    const everyOffer = await portal.db
      .select({
        id: offers.id,
        region: regions.title,
        created: offers.datetimeCreated,
        archived: offers.archived,
      })
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .innerJoin(wines, eq(wines.id, vintages.wineId))
      .innerJoin(wineries, eq(wineries.id, wines.wineryId))
      .leftJoin(regions, eq(regions.id, wineries.regionId));
    const tranches = await portal.db.select().from(partialOffers);
    const assigned = await portal.db
      .select({ offerId: partialOffers.offerId, amount: depotPositions.amount })
      .from(depotPositions)
      .innerJoin(partialOffers, eq(partialOffers.id, depotPositions.partialOfferId));
    const expected = quoteOfferSections(
      everyOffer
        .filter((offer) => !offer.archived)
        .map((offer) => ({
          id: offer.id,
          region: offer.region,
          datetimeCreated: offer.created.toISOString(),
          trancheTotal: tranches
            .filter((tranche) => tranche.offerId === offer.id)
            .reduce((sum, tranche) => sum + tranche.totalQuantityAvailable, 0),
          depotAssigned: assigned
            .filter((row) => row.offerId === offer.id)
            .reduce((sum, row) => sum + row.amount, 0),
        })),
      [],
    ).flatMap((section) => section.offers.map((offer) => offer.id));

    const answer = await portal.gql<{ manualQuoteOffers: QuoteOffer[] }>(OFFERS, {}, { token: staffToken });
    const listed = answer.data?.manualQuoteOffers ?? [];
    expect(listed.map((offer) => offer.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    const inBordeaux = listed.filter((offer) => regionBucket(offer.region) === 'Bordeaux');
    expect(inBordeaux.map((offer) => offer.id)).toEqual(added.slice(2).reverse());
    expect(inBordeaux).toHaveLength(QUOTE_OFFERS_PER_REGION);
    expect(listed.every((offer) => offer.trancheTotal > offer.depotAssigned)).toBe(true);
  });
});
