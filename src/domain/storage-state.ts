/**
 * Which cases count as stored in the bonded warehouse in Geneva. One rule for
 * every place that says so: the storage certificate certifies only these cases, its verify page
 * compares what a certificate said with this rule today, and the depot card names storage
 * numbers ("Lagernummern") only for them.
 *
 * A case counts as stored when its current status is IN_BOND or FOR_SALE, the customs reference
 * (MRN) of its entry into the warehouse is recorded, and it is not en primeur (an en-primeur wine
 * is delivered after its expected delivery date; until then it is not in the warehouse, whatever a
 * status says). Every other case has a state of its own, and every text names it as it is: none of
 * them says "lagern" or "eingelagert" about a case that is not stored.
 */
import { type DepotStatus, isEnPrimeur } from './depot-status';

export type StorageState =
  | { kind: 'STORED' }
  /** Bought en primeur: delivered into the warehouse around `deliveryDate` (`YYYY-MM-DD`). */
  | { kind: 'EN_PRIMEUR'; deliveryDate: string }
  /** On its way to the warehouse. */
  | { kind: 'SHIPPING' }
  /** Paid, not yet shipped. */
  | { kind: 'PAID' }
  /** IN_BOND or FOR_SALE, but the customs reference of the entry is not recorded. */
  | { kind: 'ENTRY_UNCONFIRMED' }
  /** Sold (Zweitmarkt): the cases belong to the buyer now. */
  | { kind: 'SOLD' };

export type StorageStateKind = StorageState['kind'];

/** What the rule needs to know of a case (of a depot position: all its cases share it). */
export interface StorageFacts {
  /** The current status (the entry with the latest date); null without any. */
  status: DepotStatus | null;
  /** Whether the MRN of the entry into the warehouse is recorded. */
  hasMrn: boolean;
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
    return facts.hasMrn ? { kind: 'STORED' } : { kind: 'ENTRY_UNCONFIRMED' };
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

/**
 * The state of cases that are not stored, as a document issued today states it ("in Zustellung",
 * "en primeur – Lieferung voraussichtlich 06/2028"); for stored cases "im Zollfreilager".
 */
export function storageStateLabel(state: StorageState): string {
  switch (state.kind) {
    case 'STORED':
      return 'im Zollfreilager';
    case 'EN_PRIMEUR':
      return `en primeur – Lieferung voraussichtlich ${deliveryMonth(state.deliveryDate)}`;
    case 'SHIPPING':
      return 'in Zustellung';
    case 'PAID':
      return 'bezahlt – Versand ins Zollfreilager folgt';
    case 'ENTRY_UNCONFIRMED':
      return 'Zolleingang noch nicht bestätigt';
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
