/**
 * E-invoices of business clients: the VAT id in the account settings (format checked, German
 * message), the invoice, the cancellation invoice and the final invoice after an en-primeur advance
 * of a client with company and VAT id as
 * Factur-X (EN 16931): the CII XML extracted from the PDF with `pdfdetach`, identical to the XML
 * served beside it, and checked against the EN 16931 business rules that apply to it; a
 * consumer's invoice has none, and another client's or an unknown address answers 404.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depotPositions, offers, partialOffers, users, vintages } from '../../server/db/schema';
import { businessDay } from '../../src/domain/dates';
import { NOT_TAXABLE_IN_GERMANY_NOTE } from '../../src/domain/tax';
import { VAT_ID_MESSAGE } from '../../src/domain/vat-id';
import { checkEn16931, ciiValue } from './support/en16931-rules';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { archivalFindings, pdfText } from './support/pdf-text';
import { stockedOfferIds } from './support/stocked-offers';

const PASSWORD = 'Weindepot2026!';
const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const CHANGE_USER = `mutation ($company: String, $vatId: String) {
  changeUser(company: $company, vatId: $vatId) { success errors { code message field } }
}`;
const CREATE = `mutation ($offerId: Int!, $amount: Int!) {
  createOrderPosition(offerId: $offerId, amount: $amount) { success }
}`;
const CREATE_INVOICE = 'mutation { createInvoice { success invoice { id } } }';
const CHANGE_INVOICE = `mutation ($id: Int!, $stage: InvoiceStage, $reason: String) {
  changeInvoice(invoiceId: $id, stage: $stage, reason: $reason) { success invoice { invoiceNumber } }
}`;
const FINALIZE = 'mutation ($id: Int!) { finalizeInvoice(invoiceId: $id) { hostedInvoiceUrl } }';
const INVOICE = `query ($id: Int!) { getInvoiceById(invoiceId: $id) {
  invoiceNumber stripeInvoicePdfUrl eInvoiceXmlUrl
  cancellationInvoice { number pdfUrl eInvoiceXmlUrl }
  finalInvoice { number pdfUrl eInvoiceXmlUrl }
} }`;
const BOOK_INTO_WAREHOUSE =
  'mutation ($id: Int!) { updateAssetUnderManagement(depotPositionId: $id, newMrn: "26DE1234567890ABC8") { success } }';

type DocumentView = { number: string; pdfUrl: string; eInvoiceXmlUrl: string | null };

interface InvoiceView {
  invoiceNumber: string;
  stripeInvoicePdfUrl: string;
  eInvoiceXmlUrl: string | null;
  cancellationInvoice: DocumentView | null;
  finalInvoice: DocumentView | null;
}

/** The files `pdfdetach` finds embedded in `pdf`, by name. */
function embeddedFiles(pdf: Buffer): Map<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'e-invoice-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, pdf);
    const names = execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' })
      .split('\n')
      .slice(1)
      .map((line) => line.replace(/^\s*\d+:\s*/, '').trim())
      .filter(Boolean);
    execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
    return new Map(names.map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function expectRulesHold(xml: string) {
  const results = checkEn16931(xml);
  expect(results.filter((rule) => !rule.ok).map((rule) => rule.id)).toEqual([]);
  // The rules named in the task are all among those checked.
  const ids = results.map((rule) => rule.id);
  for (const id of ['BR-01', 'BR-16', 'BR-CO-10', 'BR-CO-15', 'BR-CO-16', 'BR-CO-17', 'BR-S-08', 'BR-E-10']) {
    expect(ids).toContain(id);
  }
}

describe.each(databaseTargets)('E-Rechnungen für Firmenkunden (%s)', (target) => {
  let portal: TestPortal;
  let staff: string;
  let offerId: number;
  let enPrimeurOfferId: number;
  let clients = 0;
  const url = (address: string) => new URL(address).pathname;
  const login = async (email: string) =>
    (await portal.gql<{ tokenAuth: { token: string } }>(LOGIN, { email, password: PASSWORD })).data?.tokenAuth
      .token as string;

  async function newClient(business: boolean) {
    clients += 1;
    const email = `e-rechnung-${clients}@example.com`;
    const id = await portal.createUser(email);
    await portal.db
      .update(users)
      .set({
        firstName: 'Jonas',
        lastName: 'Kellermann',
        streetAndNumber: 'Hafenstraße 7',
        postalCode: '20457',
        city: 'Hamburg',
      })
      .where(eq(users.id, id));
    const token = await login(email);
    if (business) {
      const changed = await portal.gql<{ changeUser: { success: boolean } }>(
        CHANGE_USER,
        { company: 'Kellermann Weinkontor GmbH', vatId: 'de 123 456 789' },
        { token },
      );
      expect(changed.data?.changeUser.success).toBe(true);
    }
    return { id, email, token };
  }

  async function numberedInvoice(token: string, offer = offerId) {
    await portal.gql(CREATE, { offerId: offer, amount: 1 }, { token });
    const created = await portal.gql<{ createInvoice: { invoice: { id: number } } }>(
      CREATE_INVOICE,
      {},
      { token },
    );
    const id = created.data?.createInvoice.invoice.id as number;
    await portal.gql(CHANGE_INVOICE, { id, stage: 'CHECK_DONE' }, { token: staff });
    return id;
  }

  async function pay(token: string, id: number) {
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id },
      { token },
    );
    const paid = await portal.app.inject({
      method: 'POST',
      url: url(finalized.data?.finalizeInvoice.hostedInvoiceUrl as string),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242424242424242' }).toString(),
    });
    expect(paid.statusCode).toBe(200);
  }

  const view = async (token: string, id: number) =>
    (await portal.gql<{ getInvoiceById: InvoiceView }>(INVOICE, { id }, { token })).data
      ?.getInvoiceById as InvoiceView;
  const get = (address: string) => portal.app.inject({ method: 'GET', url: url(address) });

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staff = await login('berater@example.com');
    const stocked = await stockedOfferIds(portal.db);
    const enPrimeur = await portal.db
      .selectDistinct({ id: offers.id })
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .where(and(inArray(offers.id, stocked), gt(vintages.enPrimeurDeliveryDate, businessDay())))
      .orderBy(offers.id);
    enPrimeurOfferId = enPrimeur[0]?.id as number;
    expect(enPrimeurOfferId).toBeDefined();
    offerId = stocked.find((id) => !enPrimeur.some((offer) => offer.id === id)) as number;
    await portal.db
      .update(partialOffers)
      .set({ quantityAvailable: sql`${partialOffers.quantityAvailable} + 20` })
      .where(inArray(partialOffers.offerId, [offerId, enPrimeurOfferId]));
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('takes a VAT id of valid format in the account settings and refuses another in German', async () => {
    const client = await newClient(false);
    const refused = await portal.gql<{
      changeUser: { success: boolean; errors: { field: string; message: string }[] };
    }>(CHANGE_USER, { vatId: 'DE12345' }, { token: client.token });
    expect(refused.data?.changeUser).toMatchObject({
      success: false,
      errors: [{ field: 'vatId', message: VAT_ID_MESSAGE }],
    });
    const saved = await portal.gql<{ changeUser: { success: boolean } }>(
      CHANGE_USER,
      { vatId: 'ATU12345678' },
      { token: client.token },
    );
    expect(saved.data?.changeUser.success).toBe(true);
    const me = await portal.gql<{ me: { vatId: string } }>('{ me { vatId } }', {}, { token: client.token });
    expect(me.data?.me.vatId).toBe('ATU12345678');
  });

  it("embeds a business client's paid invoice as Factur-X EN 16931 in its PDF/A-3 and serves the same XML beside it", async () => {
    const client = await newClient(true);
    const id = await numberedInvoice(client.token);
    await pay(client.token, id);
    const invoice = await view(client.token, id);
    expect(invoice.eInvoiceXmlUrl).toMatch(/\/invoices\/[\w-]+\/rechnung\.xml$/);

    const pdf = await get(invoice.stripeInvoicePdfUrl);
    expect(pdf.statusCode).toBe(200);
    const files = embeddedFiles(pdf.rawPayload);
    expect([...files.keys()]).toEqual(['factur-x.xml']);
    const xml = files.get('factur-x.xml') as string;
    if (process.env.E_INVOICE_DUMP) {
      writeFileSync(path.join(process.env.E_INVOICE_DUMP, 'rechnung.pdf'), pdf.rawPayload);
      writeFileSync(path.join(process.env.E_INVOICE_DUMP, 'rechnung.xml'), xml);
    }
    const raw = pdf.rawPayload.toString('latin1');
    expect(raw).toContain('/AFRelationship /Alternative');
    expect(raw).toMatch(/\/AF \[\d+ 0 R\]/);
    expect(raw).toContain('/Subtype /text#2Fxml');
    expect(raw).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(raw).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(raw).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(pdfText(pdf.rawPayload)).toContain('USt-IdNr. Kunde: DE123456789');
    // PDF/A-3b with the XML: embedded fonts with Unicode maps, tagged, identified in the XMP.
    expect(archivalFindings(pdf.rawPayload)).toEqual([]);

    const alone = await get(invoice.eInvoiceXmlUrl as string);
    expect(alone.statusCode).toBe(200);
    expect(alone.headers['content-type']).toContain('application/xml');
    expect(alone.body).toBe(xml);

    expectRulesHold(xml);
    // The check sees a broken sum and a missing exemption reason.
    const broken = xml
      .replace(/<ram:GrandTotalAmount>[^<]*</, '<ram:GrandTotalAmount>1.00<')
      .replace(/<ram:ExemptionReason>[^<]*<\/ram:ExemptionReason>/, '');
    const failed = checkEn16931(broken)
      .filter((rule) => !rule.ok)
      .map((rule) => rule.id);
    expect(failed).toEqual(expect.arrayContaining(['BR-CO-15', 'BR-CO-16', 'BR-E-10']));
    expect(ciiValue(xml, 'rsm:ExchangedDocument/ram:ID')).toBe(invoice.invoiceNumber);
    expect(ciiValue(xml, 'rsm:ExchangedDocument/ram:TypeCode')).toBe('380');
    const trade = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement';
    expect(ciiValue(xml, `${trade}/ram:BuyerTradeParty/ram:Name`)).toBe('Kellermann Weinkontor GmbH');
    expect(ciiValue(xml, `${trade}/ram:BuyerTradeParty/ram:SpecifiedTaxRegistration/ram:ID`)).toBe(
      'DE123456789',
    );
    // The wine: exempt (E) with the statutory note as the reason, beside the fees at 19 % (S).
    const taxes = xml.match(/<ram:CategoryCode>([A-Z]+)<\/ram:CategoryCode>/g) ?? [];
    expect(new Set(taxes)).toEqual(
      new Set(['<ram:CategoryCode>E</ram:CategoryCode>', '<ram:CategoryCode>S</ram:CategoryCode>']),
    );
    expect(xml).toContain(`<ram:ExemptionReason>${NOT_TAXABLE_IN_GERMANY_NOTE}</ram:ExemptionReason>`);
    // Paid: nothing due.
    expect(
      ciiValue(
        xml,
        'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:DuePayableAmount',
      ),
    ).toBe('0.00');
  });

  it("gives a business client's cancellation invoice as a credit note (381) referring to the invoice", async () => {
    const client = await newClient(true);
    const id = await numberedInvoice(client.token);
    await portal.gql(
      CHANGE_INVOICE,
      { id, stage: 'CANCELLED', reason: 'Auf Wunsch des Kunden.' },
      { token: staff },
    );
    const invoice = await view(client.token, id);
    const cancellation = invoice.cancellationInvoice;
    expect(cancellation?.eInvoiceXmlUrl).toMatch(/\/stornorechnung\.xml$/);
    const pdf = await get(cancellation?.pdfUrl as string);
    const xml = embeddedFiles(pdf.rawPayload).get('factur-x.xml') as string;
    expect((await get(cancellation?.eInvoiceXmlUrl as string)).body).toBe(xml);
    expect(archivalFindings(pdf.rawPayload)).toEqual([]);

    expectRulesHold(xml);
    expect(ciiValue(xml, 'rsm:ExchangedDocument/ram:TypeCode')).toBe('381');
    expect(ciiValue(xml, 'rsm:ExchangedDocument/ram:ID')).toBe(cancellation?.number);
    const settlement = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';
    expect(ciiValue(xml, `${settlement}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`)).toBe(
      invoice.invoiceNumber,
    );
    // A credit note states its amounts positive; the unpaid invoice is settled by it (nothing due).
    expect(
      Number(
        ciiValue(
          xml,
          `${settlement}/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:GrandTotalAmount`,
        ),
      ),
    ).toBeGreaterThan(0);
    expect(
      ciiValue(xml, `${settlement}/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:DuePayableAmount`),
    ).toBe('0.00');
  });

  it("gives a business client's final invoice after an en-primeur advance as an invoice (380): the advance prepaid, nothing due", async () => {
    const client = await newClient(true);
    const id = await numberedInvoice(client.token, enPrimeurOfferId);
    await pay(client.token, id);
    const advance = await view(client.token, id);
    const advanceXml = (await get(advance.eInvoiceXmlUrl as string)).body;
    expect(ciiValue(advanceXml, 'rsm:ExchangedDocument/ram:TypeCode')).toBe('386');
    expect(advance.finalInvoice).toBeNull();

    const [position] = await portal.db
      .select({ id: depotPositions.id })
      .from(depotPositions)
      .where(eq(depotPositions.ownerId, client.id));
    const booked = await portal.gql<{ updateAssetUnderManagement: { success: boolean } }>(
      BOOK_INTO_WAREHOUSE,
      { id: position?.id },
      { token: staff },
    );
    expect(booked.data?.updateAssetUnderManagement.success).toBe(true);
    const final = (await view(client.token, id)).finalInvoice;
    expect(final?.eInvoiceXmlUrl).toMatch(/\/schlussrechnung\.xml$/);
    const pdf = await get(final?.pdfUrl as string);
    const xml = embeddedFiles(pdf.rawPayload).get('factur-x.xml') as string;
    const served = await get(final?.eInvoiceXmlUrl as string);
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Schlussrechnung-${final?.number}.xml"`,
    );
    expect(served.body).toBe(xml);
    expect(archivalFindings(pdf.rawPayload)).toEqual([]);

    expectRulesHold(xml);
    expect(ciiValue(xml, 'rsm:ExchangedDocument/ram:TypeCode')).toBe('380');
    expect(ciiValue(xml, 'rsm:ExchangedDocument/ram:ID')).toBe(final?.number);
    const settlement = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';
    const summation = `${settlement}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
    expect(ciiValue(xml, `${settlement}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`)).toBe(
      advance.invoiceNumber,
    );
    const grandTotal = ciiValue(xml, `${summation}/ram:GrandTotalAmount`);
    expect(Number(grandTotal)).toBeGreaterThan(0);
    expect(ciiValue(xml, `${summation}/ram:TotalPrepaidAmount`)).toBe(grandTotal);
    expect(ciiValue(xml, `${summation}/ram:DuePayableAmount`)).toBe('0.00');
    expect(
      ciiValue(
        xml,
        'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString',
      ),
    ).toBe(businessDay().replace(/-/g, ''));
  });

  it('shows an e-invoice on a fresh portal: the demo business client has a paid one', async () => {
    const token = await login('firma@example.com');
    const listed = await portal.gql<{
      clientsInvoices: { id: number; stage: string; eInvoiceXmlUrl: string | null }[];
    }>('{ clientsInvoices { id stage eInvoiceXmlUrl } }', {}, { token });
    const paid = listed.data?.clientsInvoices.find((invoice) => invoice.stage === 'PAID');
    expect(paid?.eInvoiceXmlUrl).toBeTruthy();
    const xml = (await get(paid?.eInvoiceXmlUrl as string)).body;
    expectRulesHold(xml);
    expect(xml).toContain('<ram:Name>Vogt Weinkontor GmbH</ram:Name>');
  });

  it("gives a consumer's invoice no e-invoice, and answers 404 for an unknown address", async () => {
    const client = await newClient(false);
    const id = await numberedInvoice(client.token);
    const invoice = await view(client.token, id);
    expect(invoice.eInvoiceXmlUrl).toBeNull();
    const pdf = await get(invoice.stripeInvoicePdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(embeddedFiles(pdf.rawPayload).size).toBe(0);
    expect(pdf.rawPayload.toString('latin1')).not.toContain('/AFRelationship');
    const guessed = invoice.stripeInvoicePdfUrl.replace(/\.pdf$/, '/rechnung.xml');
    expect((await get(guessed)).statusCode).toBe(404);
    expect((await get('http://localhost/invoices/not-a-token/rechnung.xml')).statusCode).toBe(404);
  });
});
