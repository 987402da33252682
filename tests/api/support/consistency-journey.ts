/**
 * The set-up of the `consistency-*.test.ts` files: their documents (`tests/api/documents/consistency.graphql`),
 * a seeded portal per file and database with staff and the demo client signed in, a Zweitmarkt sale
 * between a fresh seller and buyer, and readers of every place that states a holding, a value or an
 * invoice's total (depot, Excel sheet, certificate, PDF, pay page, customer portal, mails).
 */
import ExcelJS from 'exceljs';
import { print } from 'graphql';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  ClientsDepotDocument,
  type ClientsDepotQuery,
  CustomerPortalSessionDocument,
  DepotPerformanceDocument,
  type DepotPerformanceQuery,
} from '../../../src/api/graphql.generated';
import { businessDay, formatDate } from '../../../src/domain/dates';
import { decimalToCents, formatEuro } from '../../../src/domain/money';
import { countLabel } from '../../../src/domain/plural';
import { currentStorageLabel, storageState, storageStateLabel } from '../../../src/domain/storage-state';
import { valuationAsOfLabel } from '../../../src/domain/valuation-as-of';
import { joinDepot } from '../../../src/features/depot/api/depot';
import {
  depotMarketValueBasis,
  depotPositionCountLabel,
  heldRows,
  heldTotals,
  heldValuationDay,
  soldRows,
  toDepotRows,
} from '../../../src/features/depot/model/depot-rows';
import { depotWorkbook } from '../../../src/features/depot/ui/excel-export';
import { clientWithAddress } from './clients';
import { apiOperations } from './documents';
import type { DatabaseTarget } from './harness';
import { startTestPortal, type TestPortal } from './harness';
import { pdfText } from './pdf-text';
import { signInToken } from './sign-in';
import { resaleTestOffer } from './stocked-offers';

export const consistencyOperation = apiOperations('consistency');
const INVOICES = consistencyOperation('Invoices');
const CREATE_ORDER_POSITION = consistencyOperation('CreateOrderPosition');
const CREATE_INVOICE = consistencyOperation('CreateInvoice');
const CHANGE_INVOICE = consistencyOperation('ChangeInvoice');
const FINALIZE_INVOICE = consistencyOperation('FinalizeInvoice');
const STRIPE_CUSTOMER_PORTAL_SESSION = print(CustomerPortalSessionDocument);
const UPDATE_ASSET_UNDER_MANAGEMENT = consistencyOperation('UpdateAssetUnderManagement');
const CREATE_SELL_ORDER = consistencyOperation('CreateSellOrder');
const APPROVE_SELL_ORDER = consistencyOperation('ApproveSellOrder');

export interface InvoiceAnswer {
  id: number;
  stage: string;
  invoiceNumber: string | null;
  invoicePdfViewPermissionToken: string;
  overallSumStr: string;
  stripeInvoicePdfUrl: string | null;
  hostedInvoiceUrl: string | null;
  positions: { sumStr: string }[];
  sums: {
    overallSum: number;
    overallSumStr: string;
    vintagesSum: number;
    logisticsSum: number;
    conditionReportSum: number;
    upfrontStorageSum: number;
    managementFeeMonthly: number;
  };
}

/** "1.234,56 €" → 123456. */
export function euroCents(text: string): number {
  const match = text.match(/(-?[\d.]+,\d{2})\s*€/);
  if (!match?.[1]) throw new Error(`Kein Eurobetrag in "${text}"`);
  return Number(match[1].replace(/\./g, '').replace(',', ''));
}

/** A sheet's data rows (below the header) as arrays of cell values, first column first. */
export function sheetRows(workbook: ExcelJS.Workbook, name: string): unknown[][] {
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`Blatt ${name} fehlt`);
  return (sheet.getSheetValues() ?? [])
    .slice(2)
    .filter(Boolean)
    .map((row) => (row as unknown[]).slice(1));
}

export const cents = (euro: unknown) => Math.round(Number(euro) * 100);

/** The certificate's text from its stored-cases sentence on, cut into its sections. */
export function certificateSections(text: string) {
  const at = (heading: string) => text.indexOf(heading);
  const stored = at('Die folgenden Weine lagern');
  const pending = at('Noch nicht vom Lager bestätigt');
  const transferred = at('Verkauft und übertragen (Zweitmarkt)');
  const end = at('Echtheit prüfen');
  const cut = (from: number) =>
    from < 0 ? '' : text.slice(from, Math.min(...[pending, transferred, end].filter((to) => to > from)));
  return { stored: cut(stored), pending: cut(pending), transferred: cut(transferred) };
}

/** A seeded portal with a Zweitmarkt sale made, and the readers of every place that states wine and money. */
export function consistencyJourney(target: DatabaseTarget) {
  let portal: TestPortal;
  let staff: string;
  let kunde: string;
  let accounts = 0;
  /** The seller after a Zweitmarkt sale and the buyer of the sold case. */
  let seller: { email: string; token: string };
  let buyer: { email: string; token: string };

  const path = (url: string) => new URL(url).pathname;
  const get = (url: string) => portal.app.inject({ method: 'GET', url: path(`http://portal.test${url}`) });
  const getUrl = (url: string) => portal.app.inject({ method: 'GET', url: path(url) });

  async function ok<Data>(query: string, variables: Record<string, unknown>, token: string): Promise<Data> {
    const answer = await portal.gql<Data>(query, variables, { token });
    expect(answer.errors, query).toBeUndefined();
    return answer.data as Data;
  }

  async function freshClient(name: string) {
    accounts += 1;
    const email = `konsistenz-${accounts}@weindepot.test`;
    const _id = await clientWithAddress(portal, email, name);
    return { email, token: await signInToken(portal, email) };
  }

  /** Order list → binding order → staff check → the client pays on the pay page. */
  async function buy(token: string, offerId: number, cases: number) {
    await ok(CREATE_ORDER_POSITION, { offerId, amount: cases }, token);
    const created = await ok<{ createInvoice: { invoice: { id: number } } }>(CREATE_INVOICE, {}, token);
    const invoiceId = created.createInvoice.invoice.id;
    await ok(CHANGE_INVOICE, { id: invoiceId }, staff);
    const finalized = await ok<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE_INVOICE,
      { id: invoiceId },
      token,
    );
    const paid = await portal.app.inject({
      method: 'POST',
      url: path(finalized.finalizeInvoice.hostedInvoiceUrl),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242 4242 4242 4242' }).toString(),
    });
    expect(paid.statusCode).toBe(200);
  }

  /** Every place the PWA and the server state a depot: rows, `depotPerformance` and the Excel file. */
  async function depotPlaces(token: string) {
    const now = new Date();
    const data = await ok<ClientsDepotQuery>(print(ClientsDepotDocument), {}, token);
    const rows = toDepotRows(
      joinDepot({
        positions: data.clientsDepot,
        vintages: data.clientsDepotVintages,
        bottleSizes: data.allBottleSizes,
        investmentScore: data.me?.investmentScore ?? null,
      }).positions,
      now,
    );
    const performance = (await ok<DepotPerformanceQuery>(print(DepotPerformanceDocument), {}, token))
      .depotPerformance;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await depotWorkbook(rows, performance, now)).xlsx.writeBuffer());
    return { now, data, rows, performance, workbook };
  }

  /** Held cases and value: rows (cards, table, headline), the server's performance and the Excel file agree. */
  function expectDepotAgrees({ data, rows, performance, workbook }: Awaited<ReturnType<typeof depotPlaces>>) {
    const held = heldRows(rows);
    const sold = soldRows(rows);
    const today = businessDay();
    // Headline count against the sheets' row counts and the server's sold count.
    const depotSheet = sheetRows(workbook, 'Depot');
    const soldSheet = sheetRows(workbook, 'Verkauft');
    const summary = new Map(sheetRows(workbook, 'Übersicht').map(([label, value]) => [label, value]));
    const expectedHeadline =
      soldSheet.length === 0
        ? countLabel(depotSheet.length, 'Position')
        : `${countLabel(depotSheet.length, 'Position')} · ${soldSheet.length} verkauft`;
    expect(depotPositionCountLabel(rows)).toBe(expectedHeadline);
    expect(summary.get('Positionen')).toBe(expectedHeadline);
    expect(performance.soldPositions).toBe(soldSheet.length);
    expect(held).toHaveLength(depotSheet.length);

    // Held cases: the server's positions not sold, the rows and the Excel sheet hold the same Gebinde.
    const serverHeld = data.clientsDepot.filter(
      (position) => !position.depotPositionStatusRel.some((entry) => entry.status === 'SOLD'),
    );
    expect(serverHeld.reduce((sum, position) => sum + position.amount * position.caskOf, 0)).toBe(
      depotSheet.reduce((sum, row) => sum + Number(row[5]), 0),
    );
    expect(depotSheet.map((row) => [row[0], row[1], row[5], cents(row[8])]).sort()).toEqual(
      held.map((row) => [row.year, row.gebinde, row.bottles, row.valuation.invested]).sort(),
    );

    // Value: the server's figure against the rows' sum, the Excel's summary, valuation sheet and last point.
    const heldValue = heldTotals(rows);
    expect(decimalToCents(performance.marketValue)).toBe(heldValue.marketValue);
    expect(decimalToCents(performance.invested)).toBe(heldValue.invested);
    expect(cents(summary.get('Marktwert zum Ø-Preis Europa'))).toBe(decimalToCents(performance.marketValue));
    expect(cents(summary.get('Gesamt investiert'))).toBe(decimalToCents(data.me?.investmentScore ?? '0'));
    const valuationSheet = sheetRows(workbook, 'Bewertung');
    const sheetValue = valuationSheet.reduce((sum: number, row, index) => {
      const bottles = Number(depotSheet[index]?.[5]);
      const perBottle = row[2] === null || row[2] === undefined ? depotSheet[index]?.[7] : row[2];
      return sum + cents(perBottle) * bottles;
    }, 0);
    expect(sheetValue).toBe(decimalToCents(performance.marketValue));
    const lastPoint = sheetRows(workbook, 'Wertentwicklung').at(-1);
    expect(cents(lastPoint?.[2])).toBe(decimalToCents(performance.marketValue));
    expect(performance.points.at(-1)?.date).toBe(today);

    // Source and date of that value: the same day and the same sentence in the screen and the file.
    expect(performance.valuationAsOf).toBe(heldValuationDay(rows));
    const basis = depotMarketValueBasis(rows, today).text;
    expect(summary.get('Bewertung')).toBe(basis);
    // The performance card's line and the headline's read the same date, old or not.
    const stand = valuationAsOfLabel(performance.valuationSource, performance.valuationAsOf ?? null, today);
    expect(depotMarketValueBasis(rows, today).line.parts.slice(1)).toEqual(stand.parts.slice(1));
    if (performance.valuationAsOf) expect(basis).toContain(formatDate(performance.valuationAsOf));

    // Sold positions: the rows and the Excel sheet name the same sales and proceeds.
    expect(soldSheet.map((row) => [row[2], row[3], row[7] === null ? null : cents(row[7])]).sort()).toEqual(
      sold.map((row) => [row.gebinde, row.bottles, row.saleProceedsNet]).sort(),
    );
  }

  /**
   * Each paid invoice's certificate states the storage the depot shows: the stored cases and their
   * count, the others with the state the depot's status gives them, the sold ones as transferred;
   * its verify page says the same of today.
   */
  async function expectCertificatesAgree(
    token: string,
    { data, rows, now }: Awaited<ReturnType<typeof depotPlaces>>,
  ) {
    const confirmedOn = new Map(
      data.clientsDepot.map((position) => [position.id, position.warehouseConfirmedOn ?? null]),
    );
    const { clientsInvoices } = await ok<{ clientsInvoices: InvoiceAnswer[] }>(INVOICES, {}, token);
    const paid = clientsInvoices.filter(
      (invoice) => invoice.stage === 'PAID' || invoice.stage === 'PURCHASED',
    );
    expect(paid.length).toBeGreaterThan(0);
    for (const invoice of paid) {
      const bought = rows.filter((row) => row.invoice?.invoiceNumber === invoice.invoiceNumber);
      expect(bought.length, `${invoice.invoiceNumber}: Positionen im Depot`).toBeGreaterThan(0);
      const storedCases = bought.filter((row) => row.stored).reduce((sum, row) => sum + row.cases, 0);
      const soldCases = bought
        .filter((row) => row.soldDate !== null)
        .reduce((sum, row) => sum + row.cases, 0);
      const answer = await get(`/certificate/${invoice.invoicePdfViewPermissionToken}`);
      if (storedCases === 0) {
        expect(answer.statusCode, invoice.invoiceNumber ?? '').toBe(409);
        continue;
      }
      expect(answer.statusCode, invoice.invoiceNumber ?? '').toBe(200);
      const text = pdfText(answer.rawPayload);
      const sections = certificateSections(text);
      expect(text.match(/Kisten im Zollfreilager (\d+)/)?.[1], invoice.invoiceNumber ?? '').toBe(
        String(storedCases),
      );
      for (const row of bought) {
        const ids = (row.storageId ?? '').split(', ').filter(Boolean);
        const state = storageState(
          {
            status: row.status,
            warehouseConfirmedOn: confirmedOn.get(row.id) ?? null,
            enPrimeurDeliveryDate: row.enPrimeurDeliveryDate,
          },
          now,
        );
        // The Gebinde as the depot card writes it (the PDF's text has plain spaces).
        const gebinde = row.gebinde.replace(/\u00a0/g, ' ');
        if (row.stored) {
          expect(sections.stored, `${row.title}: Gebinde`).toContain(gebinde);
          for (const id of ids) expect(sections.stored, `${row.title}: Lagernummer`).toContain(id);
        } else if (row.soldDate !== null) {
          for (const id of ids) expect(sections.transferred, `${row.title}: übertragen`).toContain(id);
        } else {
          expect(sections.pending, `${row.title}: Stand`).toContain(`${gebinde} ${storageStateLabel(state)}`);
          for (const id of ids) expect(sections.stored, `${row.title}: nicht eingelagert`).not.toContain(id);
        }
      }
      expect(sections.transferred === '', invoice.invoiceNumber ?? '').toBe(soldCases === 0);

      // The verify page's "Stand heute" against the depot.
      const fingerprint = answer.headers['x-certificate-fingerprint'] as string;
      const verified = await get(`/verify/${fingerprint}`);
      expect(verified.statusCode).toBe(200);
      const today = [...verified.body.matchAll(/data-testid="verify-today">([^<]*)</g)].map(
        (m) => m[1] ?? '',
      );
      const casesSaying = (label: string) =>
        today
          .flatMap((cell) => cell.split(' · '))
          .filter((part) => part.replace(/^\d+ Kisten? /, '') === label)
          .reduce((sum, part) => sum + Number(part.match(/^(\d+)/)?.[1] ?? 0), 0);
      expect(
        casesSaying(currentStorageLabel({ kind: 'STORED', confirmedOn: '' })),
        invoice.invoiceNumber ?? '',
      ).toBe(storedCases);
      expect(casesSaying(currentStorageLabel({ kind: 'SOLD' })), invoice.invoiceNumber ?? '').toBe(soldCases);
      expect(verified.body).toContain(`${countLabel(storedCases, 'Kiste')} im Zollfreilager bestätigt`);
    }
  }

  /** Each invoice's total: order list, its own sums, the sum of its lines, the PDF, the pay page and the customer portal. */
  async function expectInvoiceTotalsAgree(token: string) {
    const { clientsInvoices } = await ok<{ clientsInvoices: InvoiceAnswer[] }>(INVOICES, {}, token);
    const portalSession = await ok<{ stripeCustomerPortalSession: { sessionUrl: string } }>(
      STRIPE_CUSTOMER_PORTAL_SESSION,
      {},
      token,
    );
    const customerPortal = (await getUrl(portalSession.stripeCustomerPortalSession.sessionUrl)).body;
    const totals = new Map<string, string>();
    for (const invoice of clientsInvoices) {
      const total = invoice.overallSumStr;
      const number = invoice.invoiceNumber ?? String(invoice.id);
      totals.set(number, total);
      expect(invoice.sums.overallSumStr, number).toBe(total);
      expect(formatEuro(invoice.sums.overallSum), number).toBe(total);
      const { sums } = invoice;
      expect(
        invoice.positions.reduce((sum, position) => sum + euroCents(position.sumStr), 0),
        number,
      ).toBe(sums.vintagesSum);
      expect(
        sums.vintagesSum +
          sums.logisticsSum +
          sums.conditionReportSum +
          sums.upfrontStorageSum +
          sums.managementFeeMonthly,
        number,
      ).toBe(sums.overallSum);
      if (invoice.stripeInvoicePdfUrl) {
        const pdf = await getUrl(invoice.stripeInvoicePdfUrl);
        expect(pdf.statusCode, number).toBe(200);
        expect(pdfText(pdf.rawPayload), number).toContain(`Gesamtsumme: ${total}`);
      }
      if (invoice.hostedInvoiceUrl) {
        const page = await getUrl(invoice.hostedInvoiceUrl);
        expect(page.statusCode, number).toBe(200);
        // Each fee line of the pay page stands in the PDF with the same name and amount.
        const pdf = invoice.stripeInvoicePdfUrl
          ? pdfText((await getUrl(invoice.stripeInvoicePdfUrl)).rawPayload)
          : '';
        const feeLines = [...page.body.matchAll(/<tr><td>([^<]+)<\/td><td class="sum">([^<]+)<\/td><\/tr>/g)]
          .map((match) => [match[1] ?? '', match[2] ?? ''])
          .filter(([label]) => !/ Kisten? /.test(label ?? ''));
        expect(feeLines.length, number).toBeGreaterThan(0);
        // The PDF's row: position, the same name, quantity, date and tax, then the same amount.
        const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        for (const [label, amount] of feeLines)
          expect(pdf, number).toMatch(
            new RegExp(`\\d ${literal(label ?? '')} [^€]* ${literal(amount ?? '')}`),
          );
        expect(page.body, number).toContain(`Zu zahlender Betrag: <strong>${total}</strong>`);
        expect(page.body, number).toContain(`<th>Gesamtbetrag</th><th class="sum">${total}</th>`);
        const lines = [...page.body.matchAll(/<td class="sum">([^<]+)<\/td>/g)].map((m) =>
          euroCents(m[1] ?? ''),
        );
        expect(
          lines.reduce((sum, line) => sum + line, 0),
          number,
        ).toBe(sums.overallSum);
      }
      if (invoice.invoiceNumber && (invoice.stage === 'PAID' || invoice.stage === 'PURCHASED')) {
        expect(customerPortal, number).toMatch(
          new RegExp(`${invoice.invoiceNumber}</td>.*?data-label="Betrag">${total.replace('.', '\\.')}</td>`),
        );
      }
    }
    return totals;
  }

  /** Every mail naming an invoice's amount names the total the order list shows. */
  async function expectMailsAgree(email: string, totals: Map<string, string>) {
    await portal.deliverOutbox();
    const mails = await portal.mailsTo(email);
    const known = new Set(totals.values());
    let checked = 0;
    for (const mail of mails) {
      for (const match of mail.text.matchAll(
        /Rechnung (\d{4}-\d{4})\D[^€]*?über ([\d.]+,\d{2} €)|über ([\d.]+,\d{2} €) für Rechnung (\d{4}-\d{4})/g,
      )) {
        const number = match[1] ?? match[4];
        const amount = match[2] ?? match[3];
        expect(amount, `${mail.subject}: ${number}`).toBe(totals.get(number ?? ''));
        checked += 1;
      }
      for (const match of mail.text.matchAll(/Bestellung über ([\d.]+,\d{2} €)/g)) {
        expect(known.has(match[1] ?? ''), `${mail.subject}: ${match[1]}`).toBe(true);
        checked += 1;
      }
    }
    return checked;
  }

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staff = await signInToken(portal, 'berater@example.com');
    kunde = await signInToken(portal, 'kunde@example.com');

    // A Zweitmarkt sale: a client holding 3 cases in bond sells 1, staff list it, another client pays.
    const { offerId } = await resaleTestOffer(portal.db, 50);
    seller = await freshClient('Verkäuferin');
    await buy(seller.token, offerId, 3);
    const [position] = (await ok<ClientsDepotQuery>(print(ClientsDepotDocument), {}, seller.token))
      .clientsDepot;
    await ok(UPDATE_ASSET_UNDER_MANAGEMENT, { id: position?.id }, staff);
    const sellOrder = await ok<{ createSellOrder: { success: boolean; sellOrder: { id: number } } }>(
      CREATE_SELL_ORDER,
      { id: position?.id },
      seller.token,
    );
    expect(sellOrder.createSellOrder.success).toBe(true);
    const approved = await ok<{ approveSellOrder: { sellOrder: { offerId: number } } }>(
      APPROVE_SELL_ORDER,
      { id: sellOrder.createSellOrder.sellOrder.id },
      staff,
    );
    buyer = await freshClient('Käufer');
    await buy(buyer.token, approved.approveSellOrder.sellOrder.offerId, 1);
  }, 240_000);

  afterAll(async () => {
    await portal?.close();
  });

  return {
    get portal() {
      return portal;
    },
    get staff() {
      return staff;
    },
    get kunde() {
      return kunde;
    },
    get accounts() {
      return accounts;
    },
    get seller() {
      return seller;
    },
    get buyer() {
      return buyer;
    },
    ok,
    freshClient,
    buy,
    depotPlaces,
    expectDepotAgrees,
    expectCertificatesAgree,
    expectInvoiceTotalsAgree,
    expectMailsAgree,
    path,
    get,
    getUrl,
  };
}
