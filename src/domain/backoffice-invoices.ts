/**
 * Rules of the back office's invoice check (tab "Bestellungen und Rechnungen", spec 2.6 and 5
 * "Back office"): the invoice-number form (`YYYY-NNNN`), the validation of a position's amount and
 * price before it is saved, and the label of an invoice in the "Rechnung wählen" list. Used by the
 * server and the PWA alike.
 */
import { validateAmount, validatePrice } from './backoffice-validation';
import { formatDate } from './dates';
import { invoiceStageLabel } from './invoice-stages';
import { MAX_ORDER_CASES, orderAmountMessage, parseInvoiceNumber } from './order-costs';

/** Highest price per bottle a position may get (keeps every sum inside the database's numeric(12,2)). */
export const MAX_INVOICE_PRICE_BTL = '999999.99';

export const invoiceCheckTexts = {
  invoiceNumberInvalid: 'Die Rechnungsnummer muss die Form JJJJ-NNNN haben.',
  invoiceNumberNotNext: (next: string) =>
    `Die Rechnungsnummern laufen lückenlos: die nächste freie Nummer ist ${next}.`,
  invoiceNumberFixed:
    'Eine vergebene Rechnungsnummer bleibt; sonst entstünde eine Lücke in der Nummernfolge.',
  invoiceDateOtherYear: (year: number) =>
    `Das Rechnungsdatum muss im Jahr der Rechnungsnummer (${year}) liegen.`,
  amountZero:
    'Eine Position braucht mindestens eine Kiste. Zum Entfernen bitte „Position löschen“ verwenden.',
  nothingToChange: 'Bitte geben Sie eine Anzahl oder einen Preis an.',
  positionUnknown: 'Diese Rechnungsposition gibt es nicht.',
  notInCheck: 'Diese Rechnung ist nicht mehr in Prüfung; ihre Positionen können nicht mehr geändert werden.',
  priceTooHigh: 'Der Preis pro Flasche darf höchstens 999.999,99 € betragen.',
  lastPosition:
    'Die letzte Position einer Rechnung kann nicht gelöscht werden. Passen Sie stattdessen Anzahl oder Preis an.',
} as const;

/** Longest reason of a cancellation (it is mailed to the client and shown on the order list). */
export const CANCELLATION_REASON_MAX_LENGTH = 1000;

/** Said to the client when staff cancel an invoice without giving a reason. */
export const DEFAULT_CANCELLATION_REASON =
  'Ihre Bestellung konnte leider nicht wie gewünscht ausgeführt werden. Bei Fragen sind wir gerne für Sie da.';

export const cancellationTexts = {
  reasonTooLong: `Der Grund darf höchstens ${CANCELLATION_REASON_MAX_LENGTH.toLocaleString('de-DE')} Zeichen lang sein.`,
  reasonWithoutCancellation: 'Einen Grund gibt es nur beim Stornieren einer Rechnung.',
  nothingElseWithCancellation: 'Beim Stornieren lassen sich Rechnungsdatum und -nummer nicht ändern.',
  paid: 'Eine bezahlte Rechnung kann nicht storniert werden.',
  alreadyCancelled: 'Diese Rechnung ist bereits storniert.',
  providerFailed:
    'Die Rechnung konnte beim Zahlungsanbieter nicht storniert werden. Bitte versuchen Sie es später erneut.',
  providerMismatch:
    'Diese Rechnung liegt bei einem anderen als dem eingestellten Zahlungsanbieter und kann hier nicht storniert werden.',
} as const;

/** The German problem of a cancellation reason, or null (empty is fine: the default text applies). */
export function cancellationReasonProblem(reason: string | null | undefined): string | null {
  return (reason ?? '').trim().length > CANCELLATION_REASON_MAX_LENGTH
    ? cancellationTexts.reasonTooLong
    : null;
}

/** Null when the (trimmed) number has the form year, dash, at least four digits, e.g. "2026-0042". */
export function invoiceNumberProblem(value: string): string | null {
  const parsed = parseInvoiceNumber(value);
  return parsed && parsed.sequence > 0 ? null : invoiceCheckTexts.invoiceNumberInvalid;
}

/**
 * The spec's amount rules, then 1 to 100 cases as on the order list (a position of 0 cases would be
 * a deletion: "Position löschen" does that).
 */
export function invoicePositionAmountProblem(value: string | number): string | null {
  const problem = validateAmount(value);
  if (problem) return problem;
  const cases = Number(String(value).trim());
  if (cases === 0) return invoiceCheckTexts.amountZero;
  return cases > MAX_ORDER_CASES ? orderAmountMessage('too-large') : null;
}

/** The spec's price rules (positive, two decimals with a point), up to 999.999,99 € per bottle. */
export function invoicePositionPriceProblem(value: string): string | null {
  const problem = validatePrice(value);
  if (problem) return problem;
  return Number(value.trim()) > Number(MAX_INVOICE_PRICE_BTL) ? invoiceCheckTexts.priceTooHigh : null;
}

export interface FieldProblem {
  field: 'amount' | 'buyPriceBtl';
  message: string;
}

/** Every problem of a position change (each given field checked); empty when it may be saved. */
export function invoicePositionChangeProblems(change: {
  amount?: string | number | null;
  buyPriceBtl?: string | null;
}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (change.amount !== undefined && change.amount !== null) {
    const message = invoicePositionAmountProblem(change.amount);
    if (message) problems.push({ field: 'amount', message });
  }
  if (change.buyPriceBtl !== undefined && change.buyPriceBtl !== null) {
    const message = invoicePositionPriceProblem(change.buyPriceBtl);
    if (message) problems.push({ field: 'buyPriceBtl', message });
  }
  return problems;
}

/**
 * "12.05.2026": a calendar date ("2026-05-12") as it is; a timestamp by its day in Germany
 * (the business's time zone).
 */
export function formatInvoiceDate(value: string): string {
  return formatDate(value);
}

/**
 * An entry of "Rechnung wählen": "#12 · Thomas Keller (thomas.keller@example.com) · 12.05.2026",
 * with " · Prüfung abgeschlossen" for a checked invoice (its date and number can still be corrected).
 */
export function invoiceChoiceLabel(invoice: {
  id: number;
  date: string | null;
  firstName: string;
  lastName: string;
  email: string;
  stage?: string;
}): string {
  const name = `${invoice.firstName} ${invoice.lastName}`.trim();
  const customer = name ? `${name} (${invoice.email})` : invoice.email;
  const checked = invoice.stage === 'CHECK_DONE' ? invoiceStageLabel('CHECK_DONE') : null;
  return [`#${invoice.id}`, customer, invoice.date ? formatInvoiceDate(invoice.date) : null, checked]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Why staff may not give an invoice this number, or null. Invoice numbers run without a gap in
 * each year (cancelled invoices keep theirs, their cancellation invoice takes the next one): a
 * number staff type must be the year's next free one, and a number once given stays, so no number
 * of the series is ever skipped or freed.
 */
export function invoiceNumberGapProblem(input: {
  wanted: string;
  current: string | null;
  /** The next free number of the wanted number's year. */
  next: string;
}): string | null {
  if (input.current === input.wanted) return null;
  if (input.current) return invoiceCheckTexts.invoiceNumberFixed;
  return input.wanted === input.next ? null : invoiceCheckTexts.invoiceNumberNotNext(input.next);
}
