import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  depotPositions,
  invoicePositions,
  invoices,
  offers,
  partialOffers,
  preferencesProfiles,
  recommendedPositions,
  regions,
  users,
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
import { VALIDATION_MESSAGES } from '../../src/domain/entry-validation';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { expectStaffOnly } from './support/sign-in';

const PASSWORD = 'Weindepot2026!';
const LOGIN = `mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }`;

const QUOTE_FIELDS = `id uid email userId archived setPasswordLink investmentSumPicked investmentSumPickedStr bucket
  hostedInvoiceUrl invoice { id stage }
  recommendedPosition { id amount caskOf sellPriceBtl ekpBtl wineTitle year region offer { id } }`;
const PAYLOAD = `success errors { message code field } manualQuote { ${QUOTE_FIELDS} }`;

const LIST = `{ getAllManualQuotes { ${QUOTE_FIELDS} } }`;
const OFFERS = `{ manualQuoteOffers { id title region sellPriceBtl ekpBtl caskOf trancheTotal depotAssigned availableCases datetimeCreated } }`;
const CREATE = `mutation ($email: String!) { createManualQuote(email: $email) { ${PAYLOAD} } }`;
const DELETE = `mutation ($id: Int!) { deleteManualQuote(id: $id) { ${PAYLOAD} } }`;
const ARCHIVE = `mutation ($id: Int!) { archiveManualQuote(id: $id) { ${PAYLOAD} } }`;
const DUPLICATE = `mutation ($id: Int!, $email: String!) { duplicateManualQuote(id: $id, email: $email) { ${PAYLOAD} } }`;
const ADD_OFFER = `mutation ($quoteId: Int!, $offerId: Int!, $amount: Int!) {
  addOfferToManualQuote(quoteId: $quoteId, offerId: $offerId, amount: $amount) { ${PAYLOAD} } }`;
const BUCKET = `mutation ($quoteId: Int!, $bucket: String) {
  editBucketOnManualQuote(quoteId: $quoteId, bucket: $bucket) { ${PAYLOAD} } }`;
const POSITION = `mutation ($positionId: Int!, $price: String, $ekp: String, $amount: String, $delete: Boolean) {
  updateManualQuotePosition(positionId: $positionId, newPriceBtl: $price, newEkpBtl: $ekp, amount: $amount, delete: $delete) { ${PAYLOAD} } }`;
const INVOICE = `mutation ($email: String!, $salutation: String!, $title: String, $firstName: String!, $lastName: String!,
  $streetAndNumber: String!, $city: String!, $postalCode: String!, $productCategory: String, $country: String,
  $quoteUuid: String!, $company: String, $taxId: String) {
  createUserAndStripeInvoice(email: $email, salutation: $salutation, title: $title, firstName: $firstName,
    lastName: $lastName, streetAndNumber: $streetAndNumber, city: $city, postalCode: $postalCode,
    productCategory: $productCategory, country: $country, quoteUuid: $quoteUuid, company: $company, taxId: $taxId) {
    ${PAYLOAD} hostedInvoiceUrl
  }
}`;
const PERSONAL_OFFERS = `{ me { preferencesprofileSet { id uid source recommendedPositions { amount offer { id } } } } }`;

interface Position {
  id: number;
  amount: number;
  caskOf: number;
  sellPriceBtl: string;
  ekpBtl: string | null;
  wineTitle: string;
  year: number;
  region: string;
  offer: { id: number };
}
interface Quote {
  id: number;
  uid: string;
  email: string;
  userId: number | null;
  archived: boolean;
  setPasswordLink: string | null;
  investmentSumPicked: string;
  investmentSumPickedStr: string;
  bucket: string | null;
  hostedInvoiceUrl: string | null;
  invoice: { id: number; stage: string } | null;
  recommendedPosition: Position[];
}
interface Payload {
  success: boolean;
  errors: { message: string; code: string; field: string | null }[];
  manualQuote: Quote | null;
  hostedInvoiceUrl?: string | null;
}
interface QuoteOffer {
  id: number;
  title: string;
  region: string | null;
  sellPriceBtl: string;
  ekpBtl: string | null;
  caskOf: number;
  trancheTotal: number;
  depotAssigned: number;
  availableCases: number;
  datetimeCreated: string;
}

const billing = {
  salutation: 'Frau',
  title: 'Dr.',
  firstName: 'Marie',
  lastName: 'Neumann',
  streetAndNumber: 'Weinbergstraße 7',
  city: 'Mainz',
  postalCode: '55116',
  country: 'DE',
  productCategory: '32642',
  company: 'Neumann Weinhandel GmbH',
  taxId: 'DE123456789',
};

describe.each(databaseTargets)('Manuelle Angebote (%s)', (target) => {
  let portal: TestPortal;
  let staffToken = '';
  let clientToken = '';
  let clientId = 0;
  let candidates: QuoteOffer[] = [];

  const signIn = async (email: string) =>
    (await portal.gql<{ tokenAuth: { token: string } }>(LOGIN, { email, password: PASSWORD })).data?.tokenAuth
      .token ?? '';

  async function staff<Key extends string>(query: string, variables: Record<string, unknown> = {}) {
    const answer = await portal.gql<Record<Key, Payload>>(query, variables, { token: staffToken });
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<Key, Payload>;
  }
  const list = async () =>
    (await portal.gql<{ getAllManualQuotes: Quote[] }>(LIST, {}, { token: staffToken })).data
      ?.getAllManualQuotes ?? [];
  const newQuote = async (email: string) => {
    const { createManualQuote } = await staff<'createManualQuote'>(CREATE, { email });
    expect(createManualQuote.success).toBe(true);
    return createManualQuote.manualQuote as Quote;
  };
  const auditActions = async (quoteId: number) =>
    (
      await portal.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'manual_quote'), eq(auditLog.entityId, quoteId)))
    ).map((row) => row.action);

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staffToken = await signIn('berater@example.com');
    clientToken = await signIn('kunde@example.com');
    const [client] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    clientId = client?.id ?? 0;
    candidates =
      (await portal.gql<{ manualQuoteOffers: QuoteOffer[] }>(OFFERS, {}, { token: staffToken })).data
        ?.manualQuoteOffers ?? [];
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  const stocked = (minimum: number) =>
    candidates.filter((offer) => offer.availableCases >= minimum && offer.ekpBtl !== null);

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
    const registered = await portal.gql<{ register: { success: boolean } }>(
      `mutation { register(email: "Spaeter.Kunde@example.com", password: "Weindepot2026!", passwordRepeat: "Weindepot2026!",
        salutation: "Herr", firstName: "Paul", lastName: "Später") { success errors { message } } }`,
    );
    expect(registered.data?.register.success).toBe(true);
    const [user] = await portal.db.select().from(users).where(eq(users.email, 'spaeter.kunde@example.com'));
    const [row] = await portal.db
      .select()
      .from(preferencesProfiles)
      .where(eq(preferencesProfiles.id, quote.id));
    expect(row).toMatchObject({ userId: user?.id, name: 'Paul Später' });
  });

  it('refuses the invoice for missing or wrong fields, and creates nothing', async () => {
    const quote = await newQuote('pflicht@example.com');
    await staff(ADD_OFFER, { quoteId: quote.id, offerId: stocked(1)[0]?.id, amount: 1 });
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ firstName: ' ' }, 'firstName', VALIDATION_MESSAGES.firstName],
      [{ lastName: '' }, 'lastName', VALIDATION_MESSAGES.lastName],
      [{ salutation: 'Divers' }, 'salutation', 'Bitte wählen Sie eine Anrede (Herr oder Frau).'],
      [{ postalCode: '' }, 'postalCode', 'Bitte geben Sie eine Postleitzahl an.'],
      [{ city: '' }, 'city', 'Bitte geben Sie eine Stadt an.'],
      [{ streetAndNumber: '' }, 'streetAndNumber', 'Bitte geben Sie Straße und Hausnummer an.'],
      [{ title: 'Mag.' }, 'title', 'Bitte wählen Sie einen gültigen Titel (Dr., Prof. oder Prof. Dr.).'],
      [{ country: 'XX' }, 'country', 'Bitte wählen Sie ein Land aus der Liste.'],
      [{ productCategory: '12345' }, 'productCategory', 'Bitte wählen Sie eine gültige Rechnungsart.'],
      [
        { email: 'andere@example.com' },
        'email',
        'Die E-Mail-Adresse stimmt nicht mit der des Angebots überein.',
      ],
      [
        { quoteUuid: '00000000-0000-4000-8000-000000000000' },
        'quoteUuid',
        'Das Angebot wurde nicht gefunden.',
      ],
    ];
    for (const [change, field, message] of refusals) {
      const { createUserAndStripeInvoice } = await staff<'createUserAndStripeInvoice'>(INVOICE, {
        ...billing,
        email: 'pflicht@example.com',
        quoteUuid: quote.uid,
        ...change,
      });
      expect(createUserAndStripeInvoice.success, JSON.stringify(change)).toBe(false);
      expect(createUserAndStripeInvoice.errors).toContainEqual({ message, code: expect.any(String), field });
    }
    expect(await portal.db.select().from(users).where(eq(users.email, 'pflicht@example.com'))).toEqual([]);
    const [row] = await portal.db
      .select()
      .from(preferencesProfiles)
      .where(eq(preferencesProfiles.id, quote.id));
    expect(row?.invoiceId).toBeNull();

    const empty = await newQuote('leer@example.com');
    const { createUserAndStripeInvoice } = await staff<'createUserAndStripeInvoice'>(INVOICE, {
      ...billing,
      email: 'leer@example.com',
      quoteUuid: empty.uid,
    });
    expect(createUserAndStripeInvoice.errors[0]?.code).toBe('EMPTY');
    expect(await portal.db.select().from(users).where(eq(users.email, 'leer@example.com'))).toEqual([]);
  });

  it('refuses the invoice when a wine lacks the cases, and leaves no invoice behind', async () => {
    const quote = await newQuote('zu.viel@example.com');
    const offer = stocked(1)[0] as QuoteOffer;
    await staff(ADD_OFFER, { quoteId: quote.id, offerId: offer.id, amount: offer.availableCases + 1 });
    const invoicesBefore = (await portal.db.select({ n: count() }).from(invoices))[0]?.n;
    const { createUserAndStripeInvoice } = await staff<'createUserAndStripeInvoice'>(INVOICE, {
      ...billing,
      email: 'zu.viel@example.com',
      quoteUuid: quote.uid,
    });
    expect(createUserAndStripeInvoice).toMatchObject({
      success: false,
      errors: [{ code: 'NOT_ENOUGH_STOCK' }],
    });
    expect((await portal.db.select({ n: count() }).from(invoices))[0]?.n).toBe(invoicesBefore);
  });

  it('creates the user and a provider invoice from the quote, with a set-password link', async () => {
    const quote = await newQuote('Neu.Rechnung@Example.com');
    const [first, second] = stocked(2) as [QuoteOffer, QuoteOffer];
    await staff(ADD_OFFER, { quoteId: quote.id, offerId: first.id, amount: 2 });
    const added = await staff<'addOfferToManualQuote'>(ADD_OFFER, {
      quoteId: quote.id,
      offerId: second.id,
      amount: 1,
    });
    const secondPosition = added.addOfferToManualQuote.manualQuote?.recommendedPosition[1] as Position;
    await staff(POSITION, { positionId: secondPosition.id, price: '999.90' });
    const stockBefore = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, first.id));

    const { createUserAndStripeInvoice: created } = await staff<'createUserAndStripeInvoice'>(INVOICE, {
      ...billing,
      email: ' neu.rechnung@example.com ',
      quoteUuid: quote.uid,
    });
    expect(created.errors).toEqual([]);
    expect(created.success).toBe(true);
    expect(created.hostedInvoiceUrl).toMatch(/^http:\/\/portal\.test\/pay\/in_local_/);
    const saved = created.manualQuote as Quote;
    expect(saved.hostedInvoiceUrl).toBe(created.hostedInvoiceUrl);
    expect(saved.invoice?.stage).toBe('WAITING_FOR_PAYMENT');
    expect(saved.setPasswordLink).toMatch(/^http:\/\/portal\.test\/set-password\/[A-Za-z0-9_-]{20,}$/);

    const [user] = await portal.db.select().from(users).where(eq(users.email, 'neu.rechnung@example.com'));
    expect(user).toMatchObject({
      isActive: false,
      salutation: 'Frau',
      title: 'Dr.',
      firstName: 'Marie',
      lastName: 'Neumann',
      streetAndNumber: 'Weinbergstraße 7',
      postalCode: '55116',
      city: 'Mainz',
      country: 'DE',
      company: 'Neumann Weinhandel GmbH',
      taxId: 'DE123456789',
      blockedByOrderCheck: true,
    });
    expect(saved.userId).toBe(user?.id);
    const [invoice] = await portal.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, saved.invoice?.id ?? 0));
    expect(invoice).toMatchObject({
      userId: user?.id,
      stage: 'WAITING_FOR_PAYMENT',
      productCategory: '32642',
      invoiceNumber: expect.stringMatching(/^\d{4}-\d{4}$/),
      hostedInvoiceUrl: created.hostedInvoiceUrl,
    });
    const lines = await portal.db
      .select()
      .from(invoicePositions)
      .where(eq(invoicePositions.invoiceId, invoice?.id ?? 0))
      .orderBy(invoicePositions.id);
    expect(lines.map((line) => [line.offerId, line.amount, line.buyPriceBtl])).toEqual([
      [first.id, 2, first.sellPriceBtl],
      [second.id, 1, '999.90'],
    ]);
    const cents = (value: string) => Math.round(Number(value) * 100);
    expect(cents(invoice?.vintagesSum ?? '0')).toBe(
      2 * first.caskOf * cents(first.sellPriceBtl) + second.caskOf * 99_990,
    );
    expect(cents(invoice?.overallSum ?? '0')).toBeGreaterThan(cents(invoice?.vintagesSum ?? '0'));
    const stockAfter = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, first.id));
    const available = (rows: typeof stockAfter) => rows.reduce((sum, row) => sum + row.quantityAvailable, 0);
    expect(available(stockAfter)).toBe(available(stockBefore) - 2);
    expect(await auditActions(quote.id)).toContain('create_invoice');

    // Positions are fixed once invoiced; a second call answers the existing link.
    const locked = await staff<'updateManualQuotePosition'>(POSITION, {
      positionId: secondPosition.id,
      amount: '3',
    });
    expect(locked.updateManualQuotePosition.errors[0]?.code).toBe('INVOICED');
    const { createUserAndStripeInvoice: again } = await staff<'createUserAndStripeInvoice'>(INVOICE, {
      ...billing,
      email: 'neu.rechnung@example.com',
      quoteUuid: quote.uid,
    });
    expect(again).toMatchObject({ success: false, hostedInvoiceUrl: created.hostedInvoiceUrl });
    expect(again.errors[0]?.code).toBe('ALREADY_INVOICED');

    // The set-password link is a real single-use token: the client sets a password and signs in.
    const token = saved.setPasswordLink?.split('/').pop() ?? '';
    const reset = `mutation ($token: String!) { resetPassword(email: "neu.rechnung@example.com", newPassword: "NeuesPasswort1", postedToken: $token) { success errors { message } } }`;
    expect(
      (await portal.gql<{ resetPassword: { success: boolean } }>(reset, { token })).data?.resetPassword
        .success,
    ).toBe(true);
    expect(
      (await portal.gql<{ resetPassword: { success: boolean } }>(reset, { token })).data?.resetPassword
        .success,
    ).toBe(false);
    const clientLogin = await portal.gql<{ tokenAuth: { token: string } }>(LOGIN, {
      email: 'neu.rechnung@example.com',
      password: 'NeuesPasswort1',
    });
    const newClientToken = clientLogin.data?.tokenAuth.token ?? '';
    expect(newClientToken).not.toBe('');
    const offers = await portal.gql<{ me: { preferencesprofileSet: { uid: string; source: string }[] } }>(
      PERSONAL_OFFERS,
      {},
      { token: newClientToken },
    );
    expect(offers.data?.me.preferencesprofileSet).toContainEqual(
      expect.objectContaining({ uid: quote.uid, source: 'MANUALLY' }),
    );
    expect((await list()).find((row) => row.id === quote.id)?.setPasswordLink).toBeNull();
  });

  it('invoices a quote of an existing client with the form billing data', async () => {
    const quote = await newQuote('thomas.keller@example.com');
    await staff(ADD_OFFER, { quoteId: quote.id, offerId: stocked(1).at(-1)?.id, amount: 1 });
    const usersBefore = (await portal.db.select({ n: count() }).from(users))[0]?.n;
    const { createUserAndStripeInvoice } = await staff<'createUserAndStripeInvoice'>(INVOICE, {
      ...billing,
      title: null,
      company: null,
      taxId: null,
      country: 'AT',
      productCategory: null,
      email: 'thomas.keller@example.com',
      quoteUuid: quote.uid,
    });
    expect(createUserAndStripeInvoice.errors).toEqual([]);
    expect((await portal.db.select({ n: count() }).from(users))[0]?.n).toBe(usersBefore);
    expect(createUserAndStripeInvoice.manualQuote?.setPasswordLink).toBeNull();
    const [invoice] = await portal.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, createUserAndStripeInvoice.manualQuote?.invoice?.id ?? 0));
    expect(invoice?.productCategory).toBe('41200');
    const [user] = await portal.db.select().from(users).where(eq(users.email, 'thomas.keller@example.com'));
    expect(user).toMatchObject({ firstName: 'Marie', country: 'AT', title: null, isActive: true });
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
