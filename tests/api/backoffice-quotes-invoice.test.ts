/**
 * The invoice made from a manual quote: refused for wrong fields or missing cases without leaving
 * anything behind, creating the account with a set-password link, or billing an existing client.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  invoicePositions,
  invoices,
  partialOffers,
  preferencesProfiles,
  users,
} from '../../server/db/schema';
import { VALIDATION_MESSAGES } from '../../src/domain/entry-validation';
import {
  billing,
  type Position,
  type Quote,
  type QuoteOffer,
  quoteOperation,
  quotesJourney,
} from './support/backoffice-quotes-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const LOGIN = quoteOperation('SignIn');
const ADD_OFFER = quoteOperation('AddOfferToManualQuote');
const POSITION = quoteOperation('UpdateManualQuotePosition');
const INVOICE = quoteOperation('InvoiceManualQuote');
const PERSONAL_OFFERS = quoteOperation('PersonalOffers');
const SET_NEW_CLIENT_PASSWORD = quoteOperation('SetNewClientPassword');

describe.each(databaseTargets)('Manuelle Angebote: Rechnung (%s)', (target) => {
  const journey = quotesJourney(target);
  const { staff, list, newQuote, auditActions, stocked } = journey;
  let portal: TestPortal;
  beforeAll(() => {
    ({ portal } = journey);
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
    const reset = SET_NEW_CLIENT_PASSWORD;
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
});
