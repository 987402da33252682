/**
 * Rules of the back office's assortment and purchase tranches (spec entry-checkout-backoffice
 * 4 "Purchase tranche colour", "Linking modal", 5 "Tranche edit", 9 "Back office"): case-number
 * lists, margin, the Livex fee, the latest valuation, the tranche colours and the linking
 * colours. Pure; the screen and the server use the same functions.
 */
import { gainPercent, marketValuePerBottle } from './depot-valuation';
import { type Cents, centsToDecimal, decimalToCents } from './money';

// ─── Case numbers (storage ids) ───────────────────────────────────────────────

/** A range "a, ..., b" is expanded only when b − a is below this gap. */
export const CASE_RANGE_LIMIT = 250;

export const caseNumberMessages = {
  trailingComma: 'Falsches Format! (Komma am Ende?)',
  emptyEntry: 'Falsches Format! (Zwei Kommas hintereinander?)',
  rangeEnds: 'Falsches Format! Ein Bereich wird als „a, ..., b“ mit zwei Kistennummern angegeben.',
  rangeOrder: 'Falscher Bereich: Die letzte Kistennummer muss größer als die erste sein.',
  rangeTooLarge: `Bereich zu groß: Zwischen erster und letzter Kistennummer dürfen höchstens ${CASE_RANGE_LIMIT - 1} liegen.`,
  duplicate: (caseNumber: string) => `Kistennummer doppelt: ${caseNumber}`,
} as const;

export interface CaseNumberList {
  /** The case numbers, ranges expanded; on an error those read so far. */
  caseNumbers: string[];
  /** German message of the first problem, or null. */
  error: string | null;
}

const ELLIPSIS = /^(\.{2,}|…)$/;
const WHOLE_NUMBER = /^\d+$/;

/** The input without any whitespace, as the tranche form keeps it. */
export function stripWhitespace(input: string): string {
  return input.replace(/\s+/g, '');
}

/** The numbers strictly between two range ends; leading zeros of the first end are kept. */
function between(first: string, last: string): string[] {
  const from = Number(first);
  const width = first.startsWith('0') ? first.length : 0;
  return Array.from({ length: Number(last) - from - 1 }, (_, offset) =>
    String(from + offset + 1).padStart(width, '0'),
  );
}

/**
 * Parses a comma-separated list of case numbers. Whitespace is ignored; "a, ..., b" stands for
 * every number from a to b when b − a is below 250. A trailing comma, an empty entry, a range
 * without two whole-number ends or a case number given twice is an error.
 */
export function parseCaseNumbers(input: string): CaseNumberList {
  const text = stripWhitespace(input);
  if (text === '') return { caseNumbers: [], error: null };
  if (text.endsWith(',')) {
    return {
      caseNumbers: parseCaseNumbers(text.slice(0, -1)).caseNumbers,
      error: caseNumberMessages.trailingComma,
    };
  }
  const entries = text.split(',');
  const caseNumbers: string[] = [];
  const fail = (error: string): CaseNumberList => ({ caseNumbers, error });
  for (const [index, entry] of entries.entries()) {
    if (entry === '') return fail(caseNumberMessages.emptyEntry);
    if (!ELLIPSIS.test(entry)) {
      caseNumbers.push(entry);
      continue;
    }
    const first = entries[index - 1];
    const last = entries[index + 1];
    if (!first || !last || !WHOLE_NUMBER.test(first) || !WHOLE_NUMBER.test(last)) {
      return fail(caseNumberMessages.rangeEnds);
    }
    const gap = Number(last) - Number(first);
    if (gap <= 0) return fail(caseNumberMessages.rangeOrder);
    if (gap >= CASE_RANGE_LIMIT) return fail(caseNumberMessages.rangeTooLarge);
    caseNumbers.push(...between(first, last));
  }
  const seen = new Set<string>();
  for (const caseNumber of caseNumbers) {
    if (seen.has(caseNumber)) return fail(caseNumberMessages.duplicate(caseNumber));
    seen.add(caseNumber);
  }
  return { caseNumbers, error: null };
}

/** The list as stored in `storageIds`: "1001, 1002, 1003". */
export function formatCaseNumbers(caseNumbers: readonly string[]): string {
  return caseNumbers.join(', ');
}

export type CountStatus = 'below' | 'equal' | 'above';

/** Where a count stands against a total (entered case numbers, assigned depot cases). */
export function countStatus(count: number, total: number): CountStatus {
  return count < total ? 'below' : count === total ? 'equal' : 'above';
}

/** The counter under the case-number field: "12 / 24". */
export function caseNumberCounter(entered: number, total: number): { text: string; status: CountStatus } {
  return { text: `${entered} / ${total}`, status: countStatus(entered, total) };
}

// ─── Prices ───────────────────────────────────────────────────────────────────

/** Margin in percent: (sell − EKP) / EKP × 100; null without a positive EKP. */
export function marginPercent(sellPriceBtl: string, buyPriceBtl: string): number | null {
  return gainPercent(decimalToCents(buyPriceBtl), decimalToCents(sellPriceBtl));
}

/** Livex fee: 5 % on the price plus 8,69 € per case, spread over the bottles of a case. */
export const LIVEX_FEE = { factor: 1.05, perCase: '8.69' } as const;

/**
 * The bottle price with the Livex fee: 1.05 × the entered price + 8.69 € ÷ bottles per case,
 * rounded to cents (half up), as a decimal string with two decimals.
 */
export function livexSellPrice(enteredPriceBtl: string, caskOf: number): string {
  if (!Number.isInteger(caskOf) || caskOf < 1) throw new Error(`Ungültige Kistengröße: ${caskOf}`);
  const cents = decimalToCents(enteredPriceBtl);
  // Exact rational arithmetic: (105 × cents × caskOf + 100 × 869) / (100 × caskOf).
  const numerator = 105 * cents * caskOf + 100 * decimalToCents(LIVEX_FEE.perCase);
  const denominator = 100 * caskOf;
  return centsToDecimal(Math.floor((2 * numerator + denominator) / (2 * denominator)));
}

export interface ValuationEntry {
  /** Euro for a 0.75 l bottle, decimal string. */
  value: string;
  datetimeCreated: string | Date;
}

export interface LatestValuation {
  /** Value of one bottle of the offer's size. */
  valueBtl: Cents;
  /** Gain against the buy price in percent; null without a buy price. */
  gainPercent: number | null;
}

const time = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * Latest valuation of an offer: the newest valuation (any source) × the bottle-size factor
 * ÷ 0.75, with the gain in percent against the buy price per bottle; null without valuation.
 */
export function latestValuation(
  valuations: readonly ValuationEntry[],
  factorForLiterPrices: string | number,
  buyPriceBtl: string | null,
): LatestValuation | null {
  let newest: ValuationEntry | null = null;
  for (const valuation of valuations) {
    if (!newest || time(valuation.datetimeCreated) > time(newest.datetimeCreated)) newest = valuation;
  }
  if (!newest) return null;
  const valueBtl = marketValuePerBottle(newest.value, factorForLiterPrices);
  return {
    valueBtl,
    gainPercent: buyPriceBtl === null ? null : gainPercent(decimalToCents(buyPriceBtl), valueBtl),
  };
}

const percentFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 23.456 → "23,5 %"; null → "–". */
export function formatPercent(percent: number | null): string {
  return percent === null ? '–' : `${percentFormat.format(percent)} %`;
}

// ─── Bottle size ──────────────────────────────────────────────────────────────

/** The default of the spec: 0,75l bottles, 6 per case; not displayed. */
export const DEFAULT_BOTTLE = { factor: 0.75, caskOf: 6 } as const;

/** "1,5l / 3" for anything but the default 0,75l / 6, else an empty text. */
export function bottleSizeLabel(
  bottleSize: { title: string; factorForLiterPrices: string | number },
  caskOf: number,
) {
  const isDefault =
    Number(bottleSize.factorForLiterPrices) === DEFAULT_BOTTLE.factor && caskOf === DEFAULT_BOTTLE.caskOf;
  return isDefault ? '' : `${bottleSize.title} / ${caskOf}`;
}

// ─── Tranche colours ──────────────────────────────────────────────────────────

export type TrancheColour = 'red' | 'green' | 'orange' | 'lightgreen';

export interface TrancheSourcing {
  proformaInvoiceNumberSourcing: string | null;
  /** The Livex trade reference. */
  livexTrade: string | null;
  paid: boolean | null;
  mrn?: string | null;
}

const present = (value: string | null | undefined) => Boolean(value?.trim());

/**
 * Red: neither a proforma number nor a trade reference; green: both and paid; orange: both but
 * unpaid; light green: only one of them.
 */
export function trancheColour(tranche: TrancheSourcing): TrancheColour {
  const proforma = present(tranche.proformaInvoiceNumberSourcing);
  const trade = present(tranche.livexTrade);
  if (!proforma && !trade) return 'red';
  if (proforma && trade) return tranche.paid ? 'green' : 'orange';
  return 'lightgreen';
}

export const trancheColourLabels: Record<TrancheColour, string> = {
  red: 'Weder Proforma noch Trade',
  lightgreen: 'Proforma oder Trade',
  orange: 'Proforma und Trade, unbezahlt',
  green: 'Proforma und Trade, bezahlt',
};

/** A tranche with a customs reference (mrn) is stored in the bonded warehouse. */
export function isStored(tranche: { mrn?: string | null }): boolean {
  return present(tranche.mrn);
}

export const STORED_LABEL = 'eingelagert';

// ─── Linking tranches to depot positions ──────────────────────────────────────

export interface LinkedDepotPosition {
  /** Cases. */
  amount: number;
  partialOfferId: number | null;
  /** Staff e-mails (isStaff/isSuperuser owners) are not counted as sold. */
  ownerIsStaff: boolean;
}

/** Cases of client depot positions assigned to the tranche (staff owners excluded). */
export function assignedCases(positions: readonly LinkedDepotPosition[], partialOfferId: number): number {
  return positions
    .filter((position) => position.partialOfferId === partialOfferId && !position.ownerIsStaff)
    .reduce((sum, position) => sum + position.amount, 0);
}

export type LinkingColour = 'amber' | 'green' | 'red';

const linkingColours: Record<CountStatus, LinkingColour> = { below: 'amber', equal: 'green', above: 'red' };

/**
 * The linking view of one tranche: amber while fewer cases are assigned than its total, green
 * when equal (full), red above; full means the assigned cases reach the total.
 */
export function linkingStatus(assigned: number, total: number) {
  const status = countStatus(assigned, total);
  return {
    assigned,
    total,
    full: assigned >= total,
    colour: linkingColours[status],
    text: `${assigned} / ${total}`,
  };
}
