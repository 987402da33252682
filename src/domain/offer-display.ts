// ─── Availability ────────────────────────────────────────────────────────────

/** Below this share of the total quantity the label reads "sehr gering". */
export const AVAILABILITY_LABEL_SHARE = 0.9;
/** Above this share the bar is orange, otherwise red. */
export const AVAILABILITY_BAR_SHARE = 0.5;

export type AvailabilityLabel = 'sehr gering' | 'gering';
export type AvailabilityColor = 'orange' | 'red';

/** Share of the cases still available (0 … 1); 0 without a total. */
export function availabilityShare(available: number, total: number): number {
  if (total <= 0 || available <= 0) return 0;
  return Math.min(1, available / total);
}

/**
 * "sehr gering" below 0.9 of the total, otherwise "gering". The original has a third branch
 * "fast ausverkauft" that sits behind the 0.9 check and can never be reached; it is left out
 * (docs/deviations.md).
 */
export function availabilityLabel(share: number): AvailabilityLabel {
  return share < AVAILABILITY_LABEL_SHARE ? 'sehr gering' : 'gering';
}

/**
 * Orange above 50 %, red otherwise. The original's 0.75 colour threshold sits behind the 0.5
 * check and is unreachable; it is left out (docs/deviations.md).
 */
export function availabilityColor(share: number): AvailabilityColor {
  return share > AVAILABILITY_BAR_SHARE ? 'orange' : 'red';
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
