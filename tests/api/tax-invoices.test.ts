/**
 * Invoices a tax office accepts: every item of § 14 Abs. 4 UStG read back from the PDF's text, the
 * customer number from registration on, the cancellation invoice with its own number from the one
 * gapless series, and the en-primeur advance-payment invoice with its final invoice.
 */
import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../../server/company';
import { depotPositions, invoices, offers, partialOffers, users, vintages } from '../../server/db/schema';
import {
  CUSTOMER_NUMBER_PATTERN,
  FIRST_CUSTOMER_SEQUENCE,
  formatCustomerNumber,
} from '../../src/domain/customer-number';
import { businessDay, formatDate } from '../../src/domain/dates';
import { NOT_TAXABLE_IN_GERMANY_NOTE } from '../../src/domain/tax';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { archivalFindings, pdfText } from './support/pdf-text';
import { stockedOfferIds } from './support/stocked-offers';

const PASSWORD = 'Weindepot2026!';
const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const CREATE = `mutation ($offerId: Int!, $amount: Int!) {
  createOrderPosition(offerId: $offerId, amount: $amount) { success errors { message } orderPosition { id } }
}`;
const FLAG = `mutation ($id: Int!) { changeOrderPosition(orderPositionId: $id, conditionReport: true) { success } }`;
const CREATE_INVOICE = 'mutation { createInvoice { success errors { message } invoice { id } } }';
const CHANGE_INVOICE = `mutation ($id: Int!, $stage: InvoiceStage, $number: String, $reason: String) {
  changeInvoice(invoiceId: $id, stage: $stage, invoiceNumber: $number, reason: $reason) {
    success errors { message code field } invoice { id stage invoiceNumber invoiceDate }
  }
}`;
const FINALIZE = 'mutation ($id: Int!) { finalizeInvoice(invoiceId: $id) { success hostedInvoiceUrl } }';
const INVOICE = `query ($id: Int!) { getInvoiceById(invoiceId: $id) {
  invoiceNumber stripeInvoicePdfUrl
  cancellationInvoice { number date pdfUrl }
  finalInvoice { number date pdfUrl }
} }`;

interface InvoiceView {
  invoiceNumber: string | null;
  stripeInvoicePdfUrl: string | null;
  cancellationInvoice: { number: string; date: string; pdfUrl: string } | null;
  finalInvoice: { number: string; date: string; pdfUrl: string } | null;
}

describe.each(databaseTargets)('Rechnungen nach § 14 UStG (%s)', (target) => {
  let portal: TestPortal;
  let staff: string;
  let houseOffers: number[];
  let enPrimeurOffer: { id: number; deliveryDate: string };
  let buyers = 0;

  const login = async (email: string) =>
    (await portal.gql<{ tokenAuth: { token: string } }>(LOGIN, { email, password: PASSWORD })).data?.tokenAuth
      .token as string;
  const path = (url: string) => new URL(url).pathname;

  async function newBuyer() {
    buyers += 1;
    const email = `steuer-${buyers}@example.com`;
    const id = await portal.createUser(email);
    await portal.db
      .update(users)
      .set({
        salutation: 'Frau',
        firstName: 'Erika',
        lastName: 'Probst',
        company: 'Probst Weinhandel GmbH',
        phone: '+49 89 1234567',
        streetAndNumber: 'Weinstraße 1',
        postalCode: '80331',
        city: 'München',
      })
      .where(eq(users.id, id));
    const [row] = await portal.db.select().from(users).where(eq(users.id, id));
    return { id, email, token: await login(email), customerNumber: row?.customerNumber as string };
  }
  type Buyer = Awaited<ReturnType<typeof newBuyer>>;

  async function bind(buyer: Buyer, lines: { offerId: number; cases: number; conditionReport?: boolean }[]) {
    for (const line of lines) {
      const added = await portal.gql<{ createOrderPosition: { orderPosition: { id: number } } }>(
        CREATE,
        { offerId: line.offerId, amount: line.cases },
        { token: buyer.token },
      );
      expect(added.data).toMatchObject({ createOrderPosition: { success: true } });
      if (line.conditionReport) {
        await portal.gql(
          FLAG,
          { id: added.data?.createOrderPosition.orderPosition.id },
          { token: buyer.token },
        );
      }
    }
    const created = await portal.gql<{ createInvoice: { invoice: { id: number } } }>(
      CREATE_INVOICE,
      {},
      { token: buyer.token },
    );
    expect(created.data).toMatchObject({ createInvoice: { success: true } });
    return created.data?.createInvoice.invoice.id as number;
  }

  async function check(invoiceId: number) {
    const checked = await portal.gql<{ changeInvoice: { invoice: { invoiceNumber: string } } }>(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CHECK_DONE' },
      { token: staff },
    );
    expect(checked.data).toMatchObject({ changeInvoice: { success: true } });
    return checked.data?.changeInvoice.invoice.invoiceNumber as string;
  }

  async function pay(buyer: Buyer, invoiceId: number) {
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token: buyer.token },
    );
    const paid = await portal.app.inject({
      method: 'POST',
      url: path(finalized.data?.finalizeInvoice.hostedInvoiceUrl as string),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242424242424242' }).toString(),
    });
    expect(paid.statusCode).toBe(200);
  }

  const view = async (buyer: Buyer, invoiceId: number) =>
    (await portal.gql<{ getInvoiceById: InvoiceView }>(INVOICE, { id: invoiceId }, { token: buyer.token }))
      .data?.getInvoiceById as InvoiceView;

  async function pdf(url: string) {
    const response = await portal.app.inject({ method: 'GET', url: path(url) });
    expect(response.statusCode, url).toBe(200);
    // Every kind (invoice, advance-payment, final and cancellation invoice) is archival and tagged.
    expect(archivalFindings(response.rawPayload), url).toEqual([]);
    return pdfText(response.rawPayload);
  }

  /** The supplier's items: name, address, tax number and VAT id (sender line and footer). */
  function expectSupplier(text: string) {
    expect(text).toContain(`${DEMO_COMPANY.name} · Musterstraße 1 · 12345 Musterstadt`);
    expect(text).toContain(`Steuernummer ${DEMO_COMPANY.taxNumber}`);
    expect(text).toContain(`USt-IdNr. ${DEMO_COMPANY.vatId}`);
    expect(text).toContain(DEMO_COMPANY.register);
    expect(text).toContain(`Geschäftsführung: ${DEMO_COMPANY.managingDirectors}`);
  }

  const today = () => formatDate(businessDay());

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staff = await login('berater@example.com');
    const stocked = await stockedOfferIds(portal.db);
    const enPrimeur = await portal.db
      .selectDistinct({ id: offers.id, deliveryDate: vintages.enPrimeurDeliveryDate })
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .where(and(inArray(offers.id, stocked), gt(vintages.enPrimeurDeliveryDate, businessDay())))
      .orderBy(offers.id);
    expect(enPrimeur.length).toBeGreaterThan(0);
    enPrimeurOffer = { id: enPrimeur[0]?.id as number, deliveryDate: enPrimeur[0]?.deliveryDate as string };
    houseOffers = stocked.filter((id) => !enPrimeur.some((offer) => offer.id === id));
    await portal.db
      .update(partialOffers)
      .set({ quantityAvailable: sql`${partialOffers.quantityAvailable} + 50` })
      .where(inArray(partialOffers.offerId, [...houseOffers.slice(0, 2), enPrimeurOffer.id]));
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('gives every client a customer number: the demo clients by the migration, a new one at registration', async () => {
    const numbered = await portal.db
      .select({ email: users.email, customerNumber: users.customerNumber })
      .from(users)
      .orderBy(users.id);
    for (const row of numbered) expect(row.customerNumber, row.email).toMatch(CUSTOMER_NUMBER_PATTERN);
    // In the order the accounts were created, from the first number on.
    expect(numbered.map((row) => row.customerNumber).slice(0, 3)).toEqual(
      [0, 1, 2].map((offset) => formatCustomerNumber(FIRST_CUSTOMER_SEQUENCE + offset)),
    );
    expect(new Set(numbered.map((row) => row.customerNumber)).size).toBe(numbered.length);

    const registered = await portal.gql<{ register: { success: boolean } }>(
      `mutation { register(email: "neu-kundennummer@example.com", password: "Weindepot2026!", passwordRepeat: "Weindepot2026!", firstName: "Nora", lastName: "Neu") { success } }`,
    );
    expect(registered.data?.register.success).toBe(true);
    const [fresh] = await portal.db
      .select({ customerNumber: users.customerNumber })
      .from(users)
      .where(eq(users.email, 'neu-kundennummer@example.com'));
    expect(fresh?.customerNumber).toMatch(CUSTOMER_NUMBER_PATTERN);
    expect(numbered.map((row) => row.customerNumber)).not.toContain(fresh?.customerNumber);

    const kunde = await login('kunde@example.com');
    const me = await portal.gql<{ me: { customerNumber: string } }>(
      '{ me { customerNumber } }',
      {},
      { token: kunde },
    );
    expect(me.data?.me.customerNumber).toBe(
      numbered.find((row) => row.email === 'kunde@example.com')?.customerNumber,
    );
  });

  it('prints every item of § 14 Abs. 4 UStG on a paid invoice', async () => {
    const buyer = await newBuyer();
    const invoiceId = await bind(buyer, [
      { offerId: houseOffers[0] as number, cases: 2, conditionReport: true },
    ]);
    const number = await check(invoiceId);
    await pay(buyer, invoiceId);
    const [invoice] = await portal.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const text = await pdf((await view(buyer, invoiceId)).stripeInvoicePdfUrl as string);

    expectSupplier(text);
    // Recipient: full name and address, customer number.
    expect(text).toContain('Probst Weinhandel GmbH Erika Probst Weinstraße 1 80331 München');
    expect(text).toContain(`Kundennummer: ${buyer.customerNumber}`);
    // Date and unique number.
    expect(text).toContain(`Rechnung ${number}`);
    expect(text).toContain(`Rechnungsnummer: ${number}`);
    expect(text).toContain(`Rechnungsdatum: ${today()}`);
    // Quantity and kind of each line, day of supply (booked into the depot today), tax category.
    expect(text).toContain('2 Kisten à 6 Flaschen');
    expect(text).toMatch(new RegExp(`2 Kisten à 6 Flaschen ${today()} nicht steuerbar`));
    expect(text).toMatch(new RegExp(`Logistik 2 Kisten ${today()} USt 19 % 78,00 €`));
    expect(text).toMatch(new RegExp(`Zustandsbericht 2 Kisten ${today()} USt 19 % 98,00 €`));
    expect(text).toMatch(new RegExp(`Einlagerung \\(Vorauszahlung\\) 2 Kisten ${today()} USt 19 % 48,00 €`));
    expect(text).toMatch(/Managementgebühr .* 1 Monat \d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4} USt 19 %/);
    // Net amounts per rate, rate and tax; the statutory note of the lines not taxable in Germany.
    const fees = 7800 + 9800 + 4800 + Math.round(Number(invoice?.managementFeeMonthly) * 100);
    const net = Math.round((fees * 10_000) / 11_900);
    const euro = (cents: number) =>
      `${(cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
    expect(text).toContain(
      `Entgelt nicht steuerbar (0 %): ${euro(Math.round(Number(invoice?.vintagesSum) * 100))}`,
    );
    expect(text).toContain(`Entgelt netto, 19 %: ${euro(net)}`);
    expect(text).toContain(`Umsatzsteuer 19 %: ${euro(fees - net)}`);
    expect(text).toContain(`Gesamtsumme: ${euro(Math.round(Number(invoice?.overallSum) * 100))}`);
    expect(text).toContain(NOT_TAXABLE_IN_GERMANY_NOTE);
  });

  it('cancels a numbered invoice with a cancellation invoice of its own number, mailed and listed beside it; the series stays gapless', async () => {
    const buyer = await newBuyer();
    const invoiceId = await bind(buyer, [{ offerId: houseOffers[1] as number, cases: 1 }]);
    const number = await check(invoiceId);
    const cancelled = await portal.gql<{ changeInvoice: { success: boolean } }>(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CANCELLED', reason: 'Der Wein ist nicht mehr lieferbar.' },
      { token: staff },
    );
    expect(cancelled.data?.changeInvoice.success).toBe(true);
    const listed = await view(buyer, invoiceId);
    const [year, sequence] = number.split('-') as [string, string];
    const next = (offset: number) => `${year}-${String(Number(sequence) + offset).padStart(4, '0')}`;
    expect(listed.cancellationInvoice).toMatchObject({ number: next(1), date: businessDay() });
    expect(listed.finalInvoice).toBeNull();

    const text = await pdf(listed.cancellationInvoice?.pdfUrl as string);
    expectSupplier(text);
    expect(text).toContain(`Stornorechnung ${next(1)}`);
    expect(text).toContain(`Storniert wird: Rechnung ${number} vom ${today()}`);
    expect(text).toContain(`Kundennummer: ${buyer.customerNumber}`);
    expect(text).toContain('Grund: Der Wein ist nicht mehr lieferbar.');
    expect(text).toMatch(/1 Kiste à 6 Flaschen .* nicht steuerbar −[\d.]+,\d{2} €/);
    expect(text).toMatch(/Gesamtsumme der Stornierung: −[\d.]+,\d{2} €/);
    expect(text).toContain(NOT_TAXABLE_IN_GERMANY_NOTE);

    await portal.deliverOutbox();
    const mail = (await portal.mailsTo(buyer.email)).find(
      (candidate) => candidate.subject === 'Ihre Bestellung wurde storniert',
    );
    expect(mail?.text).toContain(
      `Die Stornorechnung ${next(1)} zur Rechnung ${number} für Ihre Unterlagen: ${listed.cancellationInvoice?.pdfUrl}`,
    );

    // The next invoice takes the number after the cancellation invoice: no gap, no number twice.
    const other = await newBuyer();
    const nextInvoice = await bind(other, [{ offerId: houseOffers[1] as number, cases: 1 }]);
    expect(await check(nextInvoice)).toBe(next(2));

    // A number typed by staff must be the next free one; a given number stays.
    const third = await bind(await newBuyer(), [{ offerId: houseOffers[1] as number, cases: 1 }]);
    const skipping = await portal.gql<{ changeInvoice: { errors: { code: string; message: string }[] } }>(
      CHANGE_INVOICE,
      { id: third, number: next(5) },
      { token: staff },
    );
    expect(skipping.data?.changeInvoice.errors).toEqual([
      {
        code: 'NUMBER_GAP',
        message: `Die Rechnungsnummern laufen lückenlos: die nächste freie Nummer ist ${next(3)}.`,
        field: 'invoiceNumber',
      },
    ]);
    const renumbering = await portal.gql<{ changeInvoice: { errors: { code: string }[] } }>(
      CHANGE_INVOICE,
      { id: nextInvoice, number: next(3) },
      { token: staff },
    );
    expect(renumbering.data?.changeInvoice.errors.map((error) => error.code)).toEqual(['NUMBER_GAP']);
    const numbers = (
      await portal.db
        .select({ number: invoices.invoiceNumber })
        .from(invoices)
        .where(and(isNotNull(invoices.invoiceNumber), sql`${invoices.invoiceNumber} like ${`${year}-%`}`))
    ).map((row) => Number(row.number?.slice(5)));
    const series = [...numbers, Number(sequence) + 1].sort((a, b) => a - b);
    expect(series).toEqual(series.map((_, index) => index + 1));
  });

  it('bills en-primeur wine as an advance payment, and issues the final invoice once its cases are booked into the warehouse', async () => {
    const buyer = await newBuyer();
    const invoiceId = await bind(buyer, [{ offerId: enPrimeurOffer.id, cases: 1 }]);
    const number = await check(invoiceId);
    await pay(buyer, invoiceId);
    const advance = await pdf((await view(buyer, invoiceId)).stripeInvoicePdfUrl as string);
    const month = `${enPrimeurOffer.deliveryDate.slice(5, 7)}/${enPrimeurOffer.deliveryDate.slice(0, 4)}`;
    expect(advance).toContain(`Anzahlungsrechnung ${number}`);
    expect(advance).toContain(`Anzahlung vom ${today()}; Lieferung voraussichtlich ${month}`);
    expect(advance).toContain('erhalten Sie die Schlussrechnung');
    expect((await view(buyer, invoiceId)).finalInvoice).toBeNull();

    const [position] = await portal.db
      .select({ id: depotPositions.id })
      .from(depotPositions)
      .where(eq(depotPositions.ownerId, buyer.id));
    const booked = await portal.gql<{ updateAssetUnderManagement: { success: boolean } }>(
      'mutation ($id: Int!) { updateAssetUnderManagement(depotPositionId: $id, newMrn: "26DE1234567890ABC8") { success } }',
      { id: position?.id },
      { token: staff },
    );
    expect(booked.data?.updateAssetUnderManagement.success).toBe(true);
    const final = (await view(buyer, invoiceId)).finalInvoice;
    const [year, sequence] = number.split('-') as [string, string];
    expect(final?.number.startsWith(`${year}-`)).toBe(true);
    expect(Number(final?.number.slice(5))).toBeGreaterThan(Number(sequence));

    const text = await pdf(final?.pdfUrl as string);
    expectSupplier(text);
    expect(text).toContain(`Schlussrechnung ${final?.number}`);
    expect(text).toContain(`Anzahlungsrechnung: ${number} vom ${today()}`);
    expect(text).toContain(`Kundennummer: ${buyer.customerNumber}`);
    expect(text).toMatch(new RegExp(`1 Kiste à \\d+ Flaschen? ${today()} nicht steuerbar`));
    expect(text).toMatch(/abzüglich Anzahlung vom .* darin Umsatzsteuer 0,00 €: −[\d.]+,\d{2} €/);
    expect(text).toContain('Noch zu zahlen: 0,00 €');
    expect(text).toContain(NOT_TAXABLE_IN_GERMANY_NOTE);
  });

  it('the demo invoices carry the items too', async () => {
    const kunde = await login('kunde@example.com');
    const paid = await portal.gql<{
      clientsInvoices: { invoiceNumber: string; stripeInvoicePdfUrl: string }[];
    }>('{ clientsInvoices(stage: "paid") { invoiceNumber stripeInvoicePdfUrl } }', {}, { token: kunde });
    const [customer] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    for (const invoice of paid.data?.clientsInvoices ?? []) {
      const text = await pdf(invoice.stripeInvoicePdfUrl);
      expectSupplier(text);
      expect(text).toContain(`Kundennummer: ${customer?.customerNumber}`);
      expect(text, invoice.invoiceNumber).toContain(NOT_TAXABLE_IN_GERMANY_NOTE);
      expect(text).toMatch(/Umsatzsteuer 19 %: [\d.]+,\d{2} €/);
    }
  });
});
