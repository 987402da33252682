/**
 * A manual quote from creation to archive: staff only, created for a normalised e-mail and seen by the
 * client, its region filter, duplicated, archived and deleted, and attached when the account registers.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, preferencesProfiles, recommendedPositions, users } from '../../server/db/schema';
import { VALIDATION_MESSAGES } from '../../src/domain/entry-validation';
import {
  billing,
  type Quote,
  type QuoteOffer,
  quoteOperation,
  quotesJourney,
} from './support/backoffice-quotes-journey';
import { databaseTargets, type TestPortal } from './support/harness';
import { expectStaffOnly } from './support/sign-in';

const LIST = quoteOperation('ManualQuotes');
const OFFERS = quoteOperation('ManualQuoteOffers');
const CREATE = quoteOperation('CreateManualQuote');
const DELETE = quoteOperation('DeleteManualQuote');
const ARCHIVE = quoteOperation('ArchiveManualQuote');
const DUPLICATE = quoteOperation('DuplicateManualQuote');
const ADD_OFFER = quoteOperation('AddOfferToManualQuote');
const BUCKET = quoteOperation('EditQuoteBucket');
const POSITION = quoteOperation('UpdateManualQuotePosition');
const INVOICE = quoteOperation('InvoiceManualQuote');
const PERSONAL_OFFERS = quoteOperation('PersonalOffers');
const REGISTER_LATER_CLIENT = quoteOperation('RegisterLaterClient');

describe.each(databaseTargets)('Manuelle Angebote: anlegen, kopieren, archivieren (%s)', (target) => {
  const journey = quotesJourney(target);
  const { staff, list, newQuote, auditActions, stocked } = journey;
  let portal: TestPortal;
  let clientToken: string;
  let clientId: number;
  beforeAll(() => {
    ({ portal, clientToken, clientId } = journey);
  });

  it('refuses every operation to visitors and clients, and changes nothing', async () => {
    const quote = await newQuote('refusal@example.com');
    const position = (
      await staff<'addOfferToManualQuote'>(ADD_OFFER, {
        quoteId: quote.id,
        offerId: stocked(1)[0]?.id,
        amount: 1,
      })
    ).addOfferToManualQuote.manualQuote?.recommendedPosition[0];
    const snapshot = async () => ({
      quotes: await portal.db.select().from(preferencesProfiles).orderBy(preferencesProfiles.id),
      positions: await portal.db.select().from(recommendedPositions).orderBy(recommendedPositions.id),
      invoices: (await portal.db.select({ n: count() }).from(invoices))[0]?.n,
      users: (await portal.db.select({ n: count() }).from(users))[0]?.n,
      audit: (await portal.db.select({ n: count() }).from(auditLog))[0]?.n,
    });
    const before = await snapshot();
    const calls: [string, Record<string, unknown>][] = [
      [LIST, {}],
      [OFFERS, {}],
      [CREATE, { email: 'fremd@example.com' }],
      [DELETE, { id: quote.id }],
      [ARCHIVE, { id: quote.id }],
      [DUPLICATE, { id: quote.id, email: 'fremd@example.com' }],
      [ADD_OFFER, { quoteId: quote.id, offerId: stocked(1)[0]?.id, amount: 2 }],
      [BUCKET, { quoteId: quote.id, bucket: 'Bordeaux' }],
      [POSITION, { positionId: position?.id, price: '1.00' }],
      [POSITION, { positionId: position?.id, delete: true }],
      [INVOICE, { ...billing, email: 'refusal@example.com', quoteUuid: quote.uid }],
    ];
    await expectStaffOnly(portal, calls, clientToken);
    expect(await snapshot()).toEqual(before);
  });

  it('creates a quote for the lower-cased, trimmed e-mail; the client sees it as an adviser offer', async () => {
    const invalid = await staff<'createManualQuote'>(CREATE, { email: 'kein-mail' });
    expect(invalid.createManualQuote).toMatchObject({
      success: false,
      errors: [{ message: VALIDATION_MESSAGES.email, field: 'email' }],
    });

    const quote = await newQuote('  Kunde@Example.COM ');
    expect(quote).toMatchObject({
      email: 'kunde@example.com',
      userId: clientId,
      archived: false,
      investmentSumPicked: '0.00',
      recommendedPosition: [],
      invoice: null,
    });
    expect((await list()).map((row) => row.id)).toContain(quote.id);
    const [row] = await portal.db
      .select()
      .from(preferencesProfiles)
      .where(eq(preferencesProfiles.id, quote.id));
    expect(row).toMatchObject({ source: 'MANUALLY', createdById: expect.any(Number), userId: clientId });
    expect(await auditActions(quote.id)).toEqual(['create']);

    const offer = stocked(1)[0] as QuoteOffer;
    await staff(ADD_OFFER, { quoteId: quote.id, offerId: offer.id, amount: 2 });
    const seen = await portal.gql<{
      me: {
        preferencesprofileSet: {
          uid: string;
          source: string;
          recommendedPositions: { amount: number; offer: { id: number } }[];
        }[];
      };
    }>(PERSONAL_OFFERS, {}, { token: clientToken });
    const adviserOffer = seen.data?.me.preferencesprofileSet.find((profile) => profile.uid === quote.uid);
    expect(adviserOffer).toMatchObject({
      source: 'MANUALLY',
      recommendedPositions: [{ amount: 2, offer: { id: offer.id } }],
    });
  });

  it('stores the region filter of the quote', async () => {
    const quote = await newQuote('regionen@example.com');
    const chosen = await staff<'editBucketOnManualQuote'>(BUCKET, {
      quoteId: quote.id,
      bucket: 'Toskana, Bordeaux',
    });
    expect(chosen.editBucketOnManualQuote.manualQuote?.bucket).toBe('Bordeaux,Toskana');
    const wrong = await staff<'editBucketOnManualQuote'>(BUCKET, { quoteId: quote.id, bucket: 'Mosel' });
    expect(wrong.editBucketOnManualQuote).toMatchObject({ success: false, errors: [{ field: 'bucket' }] });
    const all = await staff<'editBucketOnManualQuote'>(BUCKET, { quoteId: quote.id, bucket: '' });
    expect(all.editBucketOnManualQuote.manualQuote?.bucket).toBeNull();
    expect(await auditActions(quote.id)).toEqual(['create', 'bucket', 'bucket']);
  });

  it('duplicates for a lower-cased, trimmed e-mail, archives and deletes', async () => {
    const quote = await newQuote('vorlage@example.com');
    const [first, second] = stocked(1) as [QuoteOffer, QuoteOffer];
    await staff(ADD_OFFER, { quoteId: quote.id, offerId: first.id, amount: 1 });
    await staff(ADD_OFFER, { quoteId: quote.id, offerId: second.id, amount: 2 });
    await staff(BUCKET, { quoteId: quote.id, bucket: 'Burgund' });

    const { duplicateManualQuote } = await staff<'duplicateManualQuote'>(DUPLICATE, {
      id: quote.id,
      email: '  Neuer.Kunde@Example.COM ',
    });
    const copy = duplicateManualQuote.manualQuote as Quote;
    expect(copy).toMatchObject({ email: 'neuer.kunde@example.com', userId: null, bucket: 'Burgund' });
    expect(copy.uid).not.toBe(quote.uid);
    expect(copy.recommendedPosition.map((position) => [position.offer.id, position.amount])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
    expect(await auditActions(copy.id)).toEqual(['duplicate']);
    const invalid = await staff<'duplicateManualQuote'>(DUPLICATE, { id: quote.id, email: 'x@' });
    expect(invalid.duplicateManualQuote.errors).toEqual([
      { message: VALIDATION_MESSAGES.email, code: 'INVALID', field: 'email' },
    ]);

    const archived = await staff<'archiveManualQuote'>(ARCHIVE, { id: quote.id });
    expect(archived.archiveManualQuote.manualQuote?.archived).toBe(true);
    expect((await list()).map((row) => row.id)).not.toContain(quote.id);
    expect(await auditActions(quote.id)).toContain('archive');

    const deleted = await staff<'deleteManualQuote'>(DELETE, { id: copy.id });
    expect(deleted.deleteManualQuote.success).toBe(true);
    expect(
      await portal.db.select().from(preferencesProfiles).where(eq(preferencesProfiles.id, copy.id)),
    ).toEqual([]);
    expect(
      await portal.db.select().from(recommendedPositions).where(eq(recommendedPositions.profileId, copy.id)),
    ).toEqual([]);
    const [removal] = await portal.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'manual_quote'),
          eq(auditLog.entityId, copy.id),
          eq(auditLog.action, 'delete'),
        ),
      );
    expect(removal?.before).toMatchObject({ email: 'neuer.kunde@example.com', positions: [{}, {}] });
    const again = await staff<'deleteManualQuote'>(DELETE, { id: copy.id });
    expect(again.deleteManualQuote.errors[0]?.code).toBe('NOT_FOUND');
  });

  it('attaches a quote for an e-mail without account when that account is registered', async () => {
    const quote = await newQuote('spaeter.kunde@example.com');
    const registered = await portal.gql<{ register: { success: boolean } }>(REGISTER_LATER_CLIENT);
    expect(registered.data?.register.success).toBe(true);
    const [user] = await portal.db.select().from(users).where(eq(users.email, 'spaeter.kunde@example.com'));
    const [row] = await portal.db
      .select()
      .from(preferencesProfiles)
      .where(eq(preferencesProfiles.id, quote.id));
    expect(row).toMatchObject({ userId: user?.id, name: 'Paul Später' });
  });
});
