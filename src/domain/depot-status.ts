/** Depot position states (spec client area §4): the current status is the one with the latest date. */
export type DepotStatus = 'PURCHASED' | 'SHIPPING' | 'IN_BOND' | 'FOR_SALE' | 'SOLD';

export const DEPOT_STATUS_LABELS: Record<DepotStatus, string> = {
  PURCHASED: 'Bezahlt',
  SHIPPING: 'Im Versand',
  IN_BOND: 'Im Zollfreilager',
  FOR_SALE: 'Steht zum Verkauf',
  SOLD: 'Verkauft',
};

export interface DepotStatusEntry {
  status: DepotStatus;
  datetimeStatusUpdate: string | Date;
}

const time = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/** The entry with the latest status-update date (ties: the later entry in the list); null without entries. */
export function currentStatusEntry<Entry extends DepotStatusEntry>(entries: readonly Entry[]): Entry | null {
  let latest: Entry | null = null;
  for (const entry of entries) {
    if (!latest || time(entry.datetimeStatusUpdate) >= time(latest.datetimeStatusUpdate)) latest = entry;
  }
  return latest;
}

/** The purchase date: the update of the PURCHASED entry (the latest one if there are several). */
export function purchaseDate(entries: readonly DepotStatusEntry[]): Date | null {
  const purchased = currentStatusEntry(entries.filter((entry) => entry.status === 'PURCHASED'));
  return purchased ? new Date(time(purchased.datetimeStatusUpdate)) : null;
}

/** The earliest status date of a position (start of the holding period). */
export function firstStatusDate(entries: readonly DepotStatusEntry[]): Date | null {
  let first: number | null = null;
  for (const entry of entries) {
    const at = time(entry.datetimeStatusUpdate);
    if (first === null || at < first) first = at;
  }
  return first === null ? null : new Date(first);
}

/** En primeur while the expected delivery date lies in the future. */
export function isEnPrimeur(enPrimeurDeliveryDate: string | null | undefined, now: Date): boolean {
  if (!enPrimeurDeliveryDate) return false;
  return Date.parse(enPrimeurDeliveryDate) > now.getTime();
}
