/**
 * Which cases count as stored in the bonded warehouse in Geneva. One rule for
 * every place that says so: the storage certificate certifies only these cases, its verify page
 * compares what a certificate said with this rule today, and the depot card names storage
 * numbers ("Lagernummern") only for them.
 *
 * A case counts as stored when its current status is IN_BOND or FOR_SALE, it is not en primeur
 * (an en-primeur wine is delivered after its expected delivery date; until then it is not in the
 * warehouse, whatever a status says), and the latest stock report the warehouse signed confirms
 * it: its lot, for its owner, with its wine and its number of cases (the reconciliation,
 * `server/services/warehouse-reconciliation.ts`). Our own records (a status, a recorded MRN) are
 * only our claim; the warehouse's signed report is what a certificate may rely on. Every other case has a state of its own, and every text names it as it is: none of
 * them says "lagern" or "eingelagert" about a case that is not stored.
 */
import { formatDate } from './dates';
import { type DepotStatus, isEnPrimeur } from './depot-status';

export type StorageState =
  /** Confirmed by the warehouse's stock report of `confirmedOn` (`YYYY-MM-DD`). */
  | { kind: 'STORED'; confirmedOn: string }
  /** Bought en primeur: delivered into the warehouse around `deliveryDate` (`YYYY-MM-DD`). */
  | { kind: 'EN_PRIMEUR'; deliveryDate: string }
  /** On its way to the warehouse. */
  | { kind: 'SHIPPING' }
  /** Paid, not yet shipped. */
  | { kind: 'PAID' }
  /** IN_BOND or FOR_SALE, but the warehouse's latest stock report does not confirm the cases. */
  | { kind: 'ENTRY_UNCONFIRMED' }
  /** Sold (Zweitmarkt): the cases belong to the buyer now. */
  | { kind: 'SOLD' };

export type StorageStateKind = StorageState['kind'];

/** What the rule needs to know of a case (of a depot position: all its cases share it). */
export interface StorageFacts {
  /** The current status (the entry with the latest date); null without any. */
  status: DepotStatus | null;
  /** The day (`YYYY-MM-DD`) of the latest stock report of the warehouse confirming the cases; null: none does. */
  warehouseConfirmedOn: string | null;
  /** The vintage's expected en-primeur delivery date, `YYYY-MM-DD`. */
  enPrimeurDeliveryDate: string | null | undefined;
}

/** The state of a case today (`now`). */
export function storageState(facts: StorageFacts, now: Date): StorageState {
  if (facts.status === 'SOLD') return { kind: 'SOLD' };
  if (facts.enPrimeurDeliveryDate && isEnPrimeur(facts.enPrimeurDeliveryDate, now)) {
    return { kind: 'EN_PRIMEUR', deliveryDate: facts.enPrimeurDeliveryDate };
  }
  if (facts.status === 'IN_BOND' || facts.status === 'FOR_SALE') {
    return facts.warehouseConfirmedOn
      ? { kind: 'STORED', confirmedOn: facts.warehouseConfirmedOn }
      : { kind: 'ENTRY_UNCONFIRMED' };
  }
  if (facts.status === 'SHIPPING') return { kind: 'SHIPPING' };
  return { kind: 'PAID' };
}

/** Whether the case counts as stored in the bonded warehouse today. */
export function isStored(facts: StorageFacts, now: Date): boolean {
  return storageState(facts, now).kind === 'STORED';
}

/** "06/2028": the month of an expected delivery (`YYYY-MM-DD`). */
export function deliveryMonth(isoDay: string): string {
  return `${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;
}

/** "vom Lager bestätigt am 01.12.2026": what a certificate says of stored cases. */
export function confirmedByWarehouseLabel(confirmedOn: string): string {
  return `vom Lager bestätigt am ${formatDate(confirmedOn)}`;
}

/**
 * The state of cases that are not stored, as a document issued today states it ("in Zustellung",
 * "en primeur – Lieferung voraussichtlich 06/2028"); for stored cases "im Zollfreilager, vom Lager
 * bestätigt am 01.12.2026".
 */
export function storageStateLabel(state: StorageState): string {
  switch (state.kind) {
    case 'STORED':
      return `im Zollfreilager, ${confirmedByWarehouseLabel(state.confirmedOn)}`;
    case 'EN_PRIMEUR':
      return `en primeur – Lieferung voraussichtlich ${deliveryMonth(state.deliveryDate)}`;
    case 'SHIPPING':
      return 'in Zustellung';
    case 'PAID':
      return 'bezahlt – Versand ins Zollfreilager folgt';
    case 'ENTRY_UNCONFIRMED':
      return 'Einlagerung vom Lager noch nicht bestätigt';
    case 'SOLD':
      return 'verkauft (Zweitmarkt)';
  }
}

/**
 * The state of cases today beside what an earlier certificate said of them (the verify page):
 * "eingelagert", "inzwischen verkauft", "noch nicht eingelagert (in Zustellung)", …
 */
export function currentStorageLabel(state: StorageState): string {
  switch (state.kind) {
    case 'STORED':
      return 'eingelagert';
    case 'SOLD':
      return 'inzwischen verkauft';
    case 'PAID':
      return 'noch nicht eingelagert';
    default:
      return `noch nicht eingelagert (${storageStateLabel(state)})`;
  }
}
