/**
 * Zweitmarkt: a client sells cases from the depot to other clients. The rules shared
 * by the sell dialog, the staff tab and the server: the seller's proceeds (cases × bottles ×
 * asking price − 3.5 % sales commission), the German price input, the states and their labels,
 * and every German message of the flow.
 */
import { SALES_COMMISSION_RATE } from './advice-simulation';
import { formatDate } from './dates';
import { type Cents, centsToDecimal, decimalToCents, formatEuro, parseEuroInput } from './money';

export { SALES_COMMISSION_RATE };

export type SellOrderStatus = 'REQUESTED' | 'LISTED' | 'SOLD' | 'CANCELLED' | 'REJECTED';

export const SELL_ORDER_STATUS_LABELS: Record<SellOrderStatus, string> = {
  REQUESTED: 'Angefragt',
  LISTED: 'Im Angebot',
  SOLD: 'Verkauft',
  CANCELLED: 'Zurückgezogen',
  REJECTED: 'Abgelehnt',
};

/** Highest asking price per bottle accepted (a typing slip guard; the column holds 10^10). */
export const MAX_ASK_PRICE_BTL_CENTS = 100_000_000;
/** Longest rejection reason staff may write. */
export const MAX_REJECT_REASON_LENGTH = 1000;

export interface SellProceeds {
  gross: Cents;
  commission: Cents;
  net: Cents;
}

/** Gross = cases × bottles per case × price per bottle; commission 3.5 % of it, rounded to cents. */
export function sellProceeds(cases: number, caskOf: number, priceBtl: Cents): SellProceeds {
  const gross = cases * caskOf * priceBtl;
  const commission = Math.round(gross * SALES_COMMISSION_RATE);
  return { gross, commission, net: gross - commission };
}

/**
 * A price typed the German way ("1.234,50", "95", "95,5") or as the API's decimal ("1234.50") →
 * cents; null when it is no positive amount with at most two decimals.
 */
export function parsePriceInput(value: string): Cents | null {
  const cents = parseEuroInput(value);
  return cents !== null && cents > 0 ? cents : null;
}

/**
 * A price as the API's decimal ("1234.50", "95", "95.5") → cents; null when it is no positive
 * amount with at most two decimals. The server reads prices this way only: "12.345" is a price with
 * three decimals there, never the German way of writing 12,345 euro (the dialog converts its German
 * input with `parsePriceInput` and sends the decimal).
 */
export function parseDecimalPrice(value: string): Cents | null {
  const text = value.trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  const cents = decimalToCents(text);
  return cents > 0 ? cents : null;
}

export const sellTexts = {
  positionUnknown: 'Diese Depotposition wurde nicht gefunden.',
  notInBond:
    'Verkaufen können Sie nur Kisten, die im Zollfreilager liegen und noch nicht zum Verkauf stehen.',
  enPrimeur: 'Subskriptionsweine können erst nach der Auslieferung ins Zollfreilager verkauft werden.',
  casesInvalid: (max: number) =>
    max === 1
      ? 'Sie können genau 1 Kiste dieser Position verkaufen.'
      : `Bitte wählen Sie zwischen 1 und ${max} Kisten.`,
  priceInvalid: 'Bitte geben Sie einen Preis je Flasche über 0 € mit höchstens zwei Nachkommastellen an.',
  priceTooHigh: 'Der Preis je Flasche ist unrealistisch hoch. Bitte prüfen Sie Ihre Eingabe.',
  sellOrderUnknown: 'Dieser Verkaufsauftrag wurde nicht gefunden.',
  cancelNotPossible: 'Dieser Verkaufsauftrag kann nicht mehr zurückgezogen werden.',
  withdrawFailed: 'Der Verkaufsauftrag konnte nicht zurückgezogen werden.',
  cancelReserved:
    'Ein Käufer hat diese Kisten bereits verbindlich bestellt. Der Verkaufsauftrag kann nicht mehr zurückgezogen werden.',
  notRequested: 'Nur angefragte Verkaufsaufträge können freigegeben oder abgelehnt werden.',
  reasonMissing: 'Bitte geben Sie einen Grund für die Ablehnung an.',
  reasonTooLong: `Der Grund darf höchstens ${MAX_REJECT_REASON_LENGTH} Zeichen lang sein.`,
  priceDeviation: (deviation: string) =>
    `Ihr Preis liegt ${deviation}. Bitte bestätigen Sie ausdrücklich, dass Sie zu diesem Preis verkaufen möchten.`,
  deviationConfirm: 'Ja, ich möchte zu diesem Preis verkaufen.',
  belowAskReasonMissing:
    'Der Verkaufspreis liegt unter dem Wunschpreis der Kundin oder des Kunden. Bitte geben Sie einen Grund an; er wird im Änderungsprotokoll gespeichert.',
  ownListing: 'Diese Kisten verkaufen Sie selbst. Eigene Zweitmarkt-Angebote können Sie nicht kaufen.',
  needsConnection:
    'Ein Verkaufsauftrag braucht eine Internetverbindung. Bitte versuchen Sie es online erneut.',
} as const;

/** The asking price per bottle of a sell order, parsed (null: no valid amount): the form's and the server's rule. */
export function askPriceProblem(priceBtl: Cents | null): string | null {
  if (priceBtl === null) return sellTexts.priceInvalid;
  return priceBtl > MAX_ASK_PRICE_BTL_CENTS ? sellTexts.priceTooHigh : null;
}

/** Cases offered from a position of `available` cases: whole, at least 1, at most all of them. */
export function sellCasesProblem(cases: number, available: number): string | null {
  return Number.isInteger(cases) && cases >= 1 && cases <= available
    ? null
    : sellTexts.casesInvalid(available);
}

/**
 * The price band around the market value per bottle: a price below 70 % or above 150 % of it is
 * sent only when the seller confirms it (the dialog's tick, `confirmDeviation` on the server).
 */
export const PRICE_BAND = { min: 0.7, max: 1.5 } as const;

export interface PriceDeviation {
  direction: 'below' | 'above';
  /** Whole percent between price and market value, rounded towards zero (never more than it is). */
  percent: number;
  marketValueBtl: Cents;
}

/** How far a price per bottle lies outside the band; null inside it or without a market value. */
export function priceDeviation(priceBtl: Cents, marketValueBtl: Cents | null): PriceDeviation | null {
  if (marketValueBtl === null || marketValueBtl <= 0) return null;
  // Compared in whole cents × tenths: exact on the band's edges (no float products).
  const minTenths = Math.round(PRICE_BAND.min * 10);
  const maxTenths = Math.round(PRICE_BAND.max * 10);
  if (priceBtl * 10 < marketValueBtl * minTenths) {
    const percent = Math.floor(((marketValueBtl - priceBtl) * 100) / marketValueBtl);
    return { direction: 'below', percent, marketValueBtl };
  }
  if (priceBtl * 10 > marketValueBtl * maxTenths) {
    const percent = Math.floor(((priceBtl - marketValueBtl) * 100) / marketValueBtl);
    return { direction: 'above', percent, marketValueBtl };
  }
  return null;
}

/** "38 % unter dem aktuellen Marktwert von 905,00 € je Flasche (Wine-Searcher Europa-Ø, Stand 01.11.2026)" */
export function priceDeviationText(deviation: PriceDeviation, basis: string): string {
  const side = deviation.direction === 'below' ? 'unter' : 'über';
  return `${deviation.percent} % ${side} dem aktuellen Marktwert von ${formatEuro(deviation.marketValueBtl)} je Flasche (${basis})`;
}

/** The two kinds of offer a buyer compares: the house's own and a client's resale. */
export const OFFER_KIND_LABELS = {
  house: 'Angebot von Weindepot',
  resale: 'Zweitmarkt',
} as const;

export interface ResaleOriginFacts {
  storageLocation: string;
  /** `YYYY-MM-DD`; null when not recorded. */
  inBondSince: string | null;
  conditionReportUrl?: string | null;
}

/**
 * What a Zweitmarkt offer is, in the words of the card, the offer page, the order list and the
 * invoice: a client's cases from the same bonded warehouse, and since when they lie there.
 */
export function resaleOriginText(origin: ResaleOriginFacts): string {
  const since = origin.inBondSince ? `, dort eingelagert seit ${formatDate(origin.inBondSince)}` : '';
  return `Weiterverkauf aus dem Depot einer anderen Kundin oder eines anderen Kunden im ${origin.storageLocation}${since}. Die Kisten bleiben im Zollfreilager und werden dort in Ihr Depot übertragen.`;
}

/** The card's short form: "Aus einem Kundendepot · Zollfreilager Genf seit 03.02.2025". */
export function resaleOriginShortText(origin: ResaleOriginFacts): string {
  const since = origin.inBondSince ? ` seit ${formatDate(origin.inBondSince)}` : '';
  return `Aus dem Depot einer anderen Kundin oder eines anderen Kunden · ${origin.storageLocation}${since}`;
}

/** The condition report line of a resale: it exists (with its link) or none was made. */
export function resaleConditionText(origin: ResaleOriginFacts): string {
  return origin.conditionReportUrl ? 'Zustandsbericht liegt vor' : 'Kein Zustandsbericht hinterlegt';
}

/** The proceeds as the API's decimal strings. */
export function proceedsDecimals(proceeds: SellProceeds) {
  return {
    gross: centsToDecimal(proceeds.gross),
    commission: centsToDecimal(proceeds.commission),
    net: centsToDecimal(proceeds.net),
  };
}

/** "GE-1-01-01, GE-1-01-02, …" → the ids; blanks dropped. */
export function splitStorageIds(storageIds: string | null | undefined): string[] {
  return (storageIds ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/**
 * Splits a position's storage ids between `taken` cases and the rest: the first `taken` ids go
 * with the taken cases. When the list does not name one id per case, the ids cannot be assigned
 * and both parts get the whole list (staff correct it in Lagerbestand).
 */
export function divideStorageIds(
  storageIds: string | null | undefined,
  cases: number,
  taken: number,
): { taken: string | null; kept: string | null } {
  const ids = splitStorageIds(storageIds);
  if (ids.length !== cases) {
    const all = ids.length ? ids.join(', ') : null;
    return { taken: all, kept: all };
  }
  return {
    taken: ids.slice(0, taken).join(', ') || null,
    kept: ids.slice(taken).join(', ') || null,
  };
}
