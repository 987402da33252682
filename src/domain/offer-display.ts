import { countLabel } from './plural';

// ─── Availability ────────────────────────────────────────────────────────────

/**
 * "Verfügbarkeit: …" of an offer, read from the cases left and their share of the total:
 * - "ausverkauft": no case left;
 * - "fast ausverkauft": at most 2 cases left, or at most 20 % of the total;
 * - "begrenzt": at most 50 % of the total left;
 * - "verfügbar": more than half of the total left.
 * Without a known total (or more left than the total says) only the count decides. The counts
 * stand beside the label ("30 von 34 Kisten"), so the label never has to carry the number.
 */
export const AVAILABILITY_FEW_CASES = 2;
/** At or below this share of the total the label reads "fast ausverkauft". */
export const AVAILABILITY_NEARLY_SOLD_OUT_SHARE = 0.2;
/** At or below this share of the total the label reads "begrenzt". */
export const AVAILABILITY_LIMITED_SHARE = 0.5;

export type AvailabilityLabel = 'verfügbar' | 'begrenzt' | 'fast ausverkauft' | 'ausverkauft';
export type AvailabilityColor = 'teal' | 'orange' | 'red' | 'gray';

/** Share of the cases still available (0 … 1); 0 without a total. */
export function availabilityShare(available: number, total: number): number {
  if (total <= 0 || available <= 0) return 0;
  return Math.min(1, available / total);
}

/** The label for `available` of `total` cases (total 0 or less: unknown). */
export function availabilityLabel(available: number, total: number): AvailabilityLabel {
  if (available <= 0) return 'ausverkauft';
  if (available <= AVAILABILITY_FEW_CASES) return 'fast ausverkauft';
  if (total <= 0 || available > total) return 'verfügbar';
  const share = available / total;
  if (share <= AVAILABILITY_NEARLY_SOLD_OUT_SHARE) return 'fast ausverkauft';
  if (share <= AVAILABILITY_LIMITED_SHARE) return 'begrenzt';
  return 'verfügbar';
}

const LABEL_COLORS: Record<AvailabilityLabel, AvailabilityColor> = {
  verfügbar: 'teal',
  begrenzt: 'orange',
  'fast ausverkauft': 'red',
  ausverkauft: 'gray',
};

/** The bar's colour follows the label, so bar and words never disagree. */
export function availabilityColor(label: AvailabilityLabel): AvailabilityColor {
  return LABEL_COLORS[label];
}

/** "30 von 34 Kisten", "1 von 10 Kisten", or "3 Kisten" without a known total. */
export function availabilityCountText(available: number, total: number): string {
  const left = Math.max(0, available);
  if (total <= 0 || left > total) return countLabel(left, 'Kiste');
  return `${left.toLocaleString('de-DE')} von ${countLabel(total, 'Kiste')}`;
}

/** Bar value in percent (0 … 100, rounded). */
export function availabilityPercent(share: number): number {
  return Math.round(share * 100);
}

/** Total cases of an offer: the tranches' totals, or the offer's own total when they have none. */
export function totalCases(
  offerTotal: number,
  tranches: readonly { totalQuantityAvailable: number }[],
): number {
  const sum = tranches.reduce((acc, tranche) => acc + Math.max(0, tranche.totalQuantityAvailable), 0);
  return sum > 0 ? sum : Math.max(0, offerTotal);
}

// ─── Hot-deal carousel ───────────────────────────────────────────────────────

/** At most this many offers are in the carousel. */
/**
 * The offer page of a vintage without an offer moves on to the first vintage that has one (its
 * lwin11); null when it stays (the offer is there, or no other vintage has one: sold-out view).
 */
export function offerRedirectLwin11(
  requestedLwin11: string,
  hasOffer: boolean,
  firstAvailableLwin11: string | null | undefined,
): string | null {
  if (hasOffer || !firstAvailableLwin11 || firstAvailableLwin11 === requestedLwin11) return null;
  return firstAvailableLwin11;
}

export const CAROUSEL_MAX_DEALS = 3;

/** The carousel's deals: the available offers in reversed order, at most 3. */
export function carouselDeals<T>(offersWithStock: readonly T[]): T[] {
  return [...offersWithStock].reverse().slice(0, CAROUSEL_MAX_DEALS);
}

/** On first load index 1 is selected if more than 3 offers exist, otherwise index 0. */
export function initialCarouselIndex(offerCount: number): number {
  return offerCount > CAROUSEL_MAX_DEALS ? 1 : 0;
}

/** Tile title: "Château" and "Domaine" in any case are stripped ("Château Margaux" → "Margaux"). */
export function tileTitle(title: string): string {
  const stripped = title.replace(/\b(ch[âa]teau|domaine)\s+/giu, '').trim();
  return stripped || title.trim();
}

// ─── Case-amount picker ──────────────────────────────────────────────────────

export const CASE_AMOUNTS = [1, 2, 3] as const;
export type CaseAmount = (typeof CASE_AMOUNTS)[number];
/** "2 Kisten" carries the badge "MEISTGEKAUFT". */
export const MOST_BOUGHT_AMOUNT: CaseAmount = 2;
export const MOST_BOUGHT_LABEL = 'MEISTGEKAUFT';
/** The picker is shown only with at least this many cases available. */
export const PICKER_MIN_CASES = 2;

export function showAmountPicker(availableCases: number): boolean {
  return availableCases >= PICKER_MIN_CASES;
}

/** The amount in effect: forced to 1 when fewer than 2 cases are available. */
export function effectiveAmount(selected: CaseAmount, availableCases: number): CaseAmount {
  return showAmountPicker(availableCases) ? selected : 1;
}

/** An amount button is enabled only when that many cases are available. */
export function amountSelectable(amount: CaseAmount, availableCases: number): boolean {
  return amount <= availableCases;
}

/** Buy buttons are enabled above 0 available cases. */
export function canBuy(availableCases: number): boolean {
  return availableCases > 0;
}

// ─── Further page rules ──────────────────────────────────────────────────────

/** The "Subskription" banner shows while the en-primeur delivery date (YYYY-MM-DD) is in the future. */
export function isSubscriptionPhase(enPrimeurDeliveryDate: string | null | undefined, today: Date): boolean {
  if (!enPrimeurDeliveryDate) return false;
  const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return enPrimeurDeliveryDate > todayIso;
}

/** Info drawer: 40vw wide above 800 px, otherwise 80vw. */
export function drawerWidth(viewportWidth: number): '40vw' | '80vw' {
  return viewportWidth > 800 ? '40vw' : '80vw';
}

/** Default reference duration in years when the vintage has none. */
export const DEFAULT_REFERENCE_DURATION = 5;

/** "+42,5 %" — the reference vintage's gain over the reference duration. */
export function formatPercentGain(percent: number): string {
  const text = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(Math.abs(percent));
  return `${percent < 0 ? '−' : '+'}${text} %`;
}

/** Greeting words of the start page: the salutation (or "...") followed by the fixed list. */
export const GREETING_WORDS = [
  'Entdecker',
  'Weinliebhaber',
  'Investor',
  'Feinschmecker',
  'Abenteurer',
  'Trendsetter',
];

export function greetingWords(directSalutation: string | null | undefined): string[] {
  return [directSalutation?.trim() || '...', ...GREETING_WORDS];
}

/** Storage facts of the bonded warehouse (spec "Business constants"). */
export const STORAGE_FACTS = [
  { label: 'Standort', value: 'Genf, Schweiz' },
  { label: 'Versicherung', value: '100 % versichert' },
  { label: 'Temperatur', value: '13,5 °C' },
  { label: 'Luftfeuchtigkeit', value: '70 %' },
] as const;
