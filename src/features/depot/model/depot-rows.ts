/**
 * The depot as the screen and the Excel export see it: one row per depot position with its
 * valuation, status, purchase date, en-primeur state and holding forecast.
 */

import type {
  DepotBottleSizeFieldsFragment,
  DepotPositionFieldsFragment,
  DepotVintageFieldsFragment,
} from '../../../api/graphql.generated';
import { berlinDay, soldDay, taxFreeFrom, valuationSourceLabel } from '../../../domain/depot-performance';
import {
  currentStatusEntry,
  type DepotStatus,
  firstStatusDate,
  isEnPrimeur,
  purchaseDate,
} from '../../../domain/depot-status';
import {
  type DepotPositionValuation,
  type DepotTotals,
  depotTotals,
  newestMarketValuation,
  type ValuationInput,
  valueDepotPosition,
} from '../../../domain/depot-valuation';
import { type Cents, decimalToCents } from '../../../domain/money';
import { caseFormat, casesOfFormat } from '../../../domain/packaging';
import { countLabel } from '../../../domain/plural';
import { storageState } from '../../../domain/storage-state';
import { type ValuationAsOf, valuationAsOfLabel } from '../../../domain/valuation-as-of';
import { remainingHoldingYears } from './depot-holding';
import { type SortState, type SortValue, sortBy } from './depot-sorting';

/**
 * A depot position as the API answers it (the depot's fragments in `api/depot.graphql`), its
 * vintage and bottle size joined in. Named from the generated types rather than written again, so
 * a field added to the fragment reaches the rows, and through `DepotRow.position` the columns,
 * without an edit here.
 */
export type DepotPositionInput = Omit<DepotPositionFieldsFragment, 'vintage' | 'bottleSize'> & {
  vintage: DepotVintageFieldsFragment;
  bottleSize: DepotBottleSizeFieldsFragment;
};

export type DepotRowInvoice = NonNullable<DepotPositionInput['invoice']>;

export interface DepotRow {
  /**
   * The position as the API answered it. A column of one of its plain fields reads it here: such
   * a column is an entry of `DEPOT_COLUMNS` and a field of the fragment, and nothing in this file.
   */
  position: DepotPositionInput;
  id: number;
  vintageId: number;
  /** Vintage title, e.g. "Château Lafite Rothschild 2016". */
  title: string;
  year: number;
  /** The vintage's own image, else the wine's. */
  image: string | null;
  /** The case format, "6 × 0,75l". */
  packaging: string;
  /** Cases of the position. */
  cases: number;
  /** The Gebinde with its cases, "2 Kisten à 6 × 0,75l". */
  gebinde: string;
  wine: string;
  winery: string;
  region: string;
  bottles: number;
  /** Purchase date (update of the PURCHASED entry). */
  date: Date | null;
  status: DepotStatus | null;
  valuation: DepotPositionValuation;
  enPrimeur: boolean;
  enPrimeurDeliveryDate: string | null;
  holdingYears: number | null;
  storageId: string | null;
  /** Whether the cases count as stored in the bonded warehouse (src/domain/storage-state.ts). */
  stored: boolean;
  /** Stored cases: the day of the warehouse's stock report that confirmed them (`YYYY-MM-DD`). */
  warehouseConfirmedOn: string | null;
  /** The invoice the cases were bought with; null without one. */
  invoice: DepotRowInvoice | null;
  /** German label of the source behind the market value, e.g. "Wine-Searcher Europa-Ø"; null without a valuation. */
  valuationSource: string | null;
  /** Day (Europe/Berlin, `YYYY-MM-DD`) of that valuation. */
  valuationDate: string | null;
  /** Tax-free from (§ 23 EStG), `YYYY-MM-DD`; null without a purchase date. */
  taxFreeFrom: string | null;
  /** Day (Europe/Berlin) of the sale (first SOLD entry); null while held. A sold position counts in no value figure. */
  soldDate: string | null;
  /** Net proceeds of the sale where a sell order recorded them; null otherwise. */
  saleProceedsNet: Cents | null;
  /** Settlement PDF of the sale; null while held or without a sell order. */
  settlementPdfUrl: string | null;
}

/** What a row takes from its vintage: the same for every position of that vintage. */
interface VintageFacts {
  newest: ValuationInput | null;
  enPrimeur: boolean;
  valuationSource: string | null;
  valuationDate: string | null;
}

function vintageFacts(vintage: DepotPositionInput['vintage'], now: Date): VintageFacts {
  const newest = newestMarketValuation(vintage.valuationRel);
  return {
    newest,
    enPrimeur: isEnPrimeur(vintage.enPrimeurDeliveryDate, now),
    valuationSource: newest ? valuationSourceLabel(newest.sourceOfValuation) : null,
    valuationDate: newest ? berlinDay(newest.datetimeCreated) : null,
  };
}

function buildDepotRow(
  position: DepotPositionInput,
  now: Date,
  today: string,
  facts: VintageFacts,
): DepotRow {
  const { vintage } = position;
  const region = vintage.wine.winery.region.title;
  const date = purchaseDate(position.depotPositionStatusRel);
  const status = currentStatusEntry(position.depotPositionStatusRel)?.status ?? null;
  return {
    position,
    id: position.id,
    vintageId: vintage.id,
    title: vintage.title,
    year: vintage.year,
    image: vintage.image ?? vintage.wine.image ?? null,
    packaging: caseFormat(position.caskOf, position.bottleSize.title),
    cases: position.amount,
    gebinde: casesOfFormat(position.amount, position.caskOf, position.bottleSize.title),
    wine: vintage.wine.title,
    winery: vintage.wine.winery.title,
    region,
    bottles: position.amount * position.caskOf,
    date,
    status,
    valuation: valueDepotPosition({
      buyPriceBtl: position.buyPriceBtl,
      caskOf: position.caskOf,
      amount: position.amount,
      factorForLiterPrices: position.bottleSize.factorForLiterPrices,
      // The vintage's newest market valuation, found once per vintage (its history can be long).
      valuations: facts.newest ? [facts.newest] : [],
    }),
    enPrimeur: facts.enPrimeur,
    enPrimeurDeliveryDate: vintage.enPrimeurDeliveryDate ?? null,
    holdingYears: remainingHoldingYears(region, firstStatusDate(position.depotPositionStatusRel), now),
    storageId: position.storageId ?? null,
    ...storedFacts(status, position.warehouseConfirmedOn ?? null, vintage.enPrimeurDeliveryDate ?? null, now),
    invoice: position.invoice ?? null,
    valuationSource: facts.valuationSource,
    valuationDate: facts.valuationDate,
    taxFreeFrom: date ? taxFreeFrom(berlinDay(date)) : null,
    soldDate: soldDay(position.depotPositionStatusRel, today),
    saleProceedsNet:
      position.saleProceedsNet === null || position.saleProceedsNet === undefined
        ? null
        : decimalToCents(position.saleProceedsNet),
    settlementPdfUrl: position.settlementPdfUrl ?? null,
  };
}

export function toDepotRow(position: DepotPositionInput, now: Date): DepotRow {
  return buildDepotRow(position, now, berlinDay(now), vintageFacts(position.vintage, now));
}

/**
 * The rows of a whole depot. A depot of thousands of positions holds some dozen vintages: what
 * depends only on the vintage (its newest valuation among its whole history) is computed once each.
 */
export function toDepotRows(positions: readonly DepotPositionInput[], now: Date): DepotRow[] {
  const today = berlinDay(now);
  const factsByVintage = new Map<number, VintageFacts>();
  return positions.map((position) => {
    let facts = factsByVintage.get(position.vintage.id);
    if (!facts) {
      facts = vintageFacts(position.vintage, now);
      factsByVintage.set(position.vintage.id, facts);
    }
    return buildDepotRow(position, now, today, facts);
  });
}

/**
 * Whether a position is held today: not sold (no SOLD entry on or before today). The one rule
 * behind the held/sold split of the depot: table, cards, sunburst, counts, value figures and the
 * Excel sheets count held positions; sold ones are listed apart with their proceeds.
 */
export function isHeld(row: DepotRow): boolean {
  return row.soldDate === null;
}

/** The positions held today (not sold): the ones every value figure counts. */
export function heldRows(rows: readonly DepotRow[]): DepotRow[] {
  return rows.filter(isHeld);
}

/** The sold positions, shown apart with their proceeds. */
export function soldRows(rows: readonly DepotRow[]): DepotRow[] {
  return rows.filter((row) => !isHeld(row));
}

/** The depot's headline count: "16 Positionen", with sold ones named apart ("16 Positionen · 2 verkauft"). */
export function depotPositionCountLabel(rows: readonly DepotRow[]): string {
  const sold = soldRows(rows).length;
  const held = countLabel(rows.length - sold, 'Position');
  return sold === 0 ? held : `${held} · ${sold.toLocaleString('de-DE')} verkauft`;
}

/** Market value and gain of the positions held today (positions without a valuation at their buy price). */
export function heldTotals(rows: readonly DepotRow[]): DepotTotals {
  return depotTotals(heldRows(rows).map((row) => row.valuation));
}

/**
 * Day (`YYYY-MM-DD`) of the newest valuation behind the market value of the positions held today;
 * null when none of them has one (they all count at their buy price).
 */
export function heldValuationDay(rows: readonly DepotRow[]): string | null {
  let newest: string | null = null;
  for (const row of heldRows(rows)) {
    if (row.valuationDate !== null && (newest === null || row.valuationDate > newest))
      newest = row.valuationDate;
  }
  return newest;
}

/** What the depot's market value sums, and at which price. */
export const DEPOT_MARKET_VALUE_SOURCE =
  'Summe der gehaltenen Positionen zum Wine-Searcher Europa-Durchschnitt';

export interface DepotMarketValueBasis {
  /** Source and date of the valuations behind the market value (`valuationAsOfLabel`). */
  line: ValuationAsOf;
  /** "; 2 Positionen ohne Bewertung zum Kaufpreis", '' when every held position has a valuation. */
  unvalued: string;
  /** The whole sentence, as the depot's market-value card and the Excel export state it. */
  text: string;
}

/**
 * What the market value of the held positions rests on: the one sentence under the depot's
 * market value and in its Excel export, so that the same figure carries the same source and date
 * (an old valuation called out as such) wherever the client reads it. `today` is Europe/Berlin.
 */
export function depotMarketValueBasis(rows: readonly DepotRow[], today: string): DepotMarketValueBasis {
  const line = valuationAsOfLabel(DEPOT_MARKET_VALUE_SOURCE, heldValuationDay(rows), today);
  const count = heldRows(rows).filter((row) => row.valuation.marketValueBtl === null).length;
  const unvalued = count > 0 ? `; ${countLabel(count, 'Position')} ohne Bewertung zum Kaufpreis` : '';
  return { line, unvalued, text: `${line.text}${unvalued}` };
}

export type DepotCardSortKey = 'date' | 'year' | 'name';

export const DEPOT_CARD_SORT_LABELS: Record<DepotCardSortKey, string> = {
  date: 'Kaufdatum',
  year: 'Jahrgang',
  name: 'Name A–Z',
};

export const DEFAULT_CARD_SORT: SortState<DepotCardSortKey> = { key: 'date', direction: 'desc' };

function cardValue(row: DepotRow, key: DepotCardSortKey): SortValue {
  if (key === 'date') return row.date;
  if (key === 'year') return row.year;
  return row.title;
}

export function sortDepotCards(rows: readonly DepotRow[], state: SortState<DepotCardSortKey>): DepotRow[] {
  return sortBy(rows, state, cardValue);
}

/** Whether the cases count as stored, and the day the warehouse confirmed them if so. */
function storedFacts(
  status: DepotRow['status'] | null,
  warehouseConfirmedOn: string | null,
  enPrimeurDeliveryDate: string | null,
  now: Date,
): Pick<DepotRow, 'stored' | 'warehouseConfirmedOn'> {
  const state = storageState({ status, warehouseConfirmedOn, enPrimeurDeliveryDate }, now);
  return state.kind === 'STORED'
    ? { stored: true, warehouseConfirmedOn: state.confirmedOn }
    : { stored: false, warehouseConfirmedOn: null };
}
