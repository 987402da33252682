/** The Bestandsabgleich's labels and filter: pure, one definition for table, filter and counts. */

export type DiscrepancyKindKey =
  | 'MISSING_IN_WAREHOUSE'
  | 'NOT_OWED'
  | 'OWNER_DIFFERS'
  | 'WINE_DIFFERS'
  | 'COUNT_DIFFERS';

export const DISCREPANCY_KIND_LABELS: Record<DiscrepancyKindKey, string> = {
  MISSING_IN_WAREHOUSE: 'Fehlt im Lager',
  NOT_OWED: 'Niemandem geschuldet',
  OWNER_DIFFERS: 'Anderer Eigentümer',
  WINE_DIFFERS: 'Anderer Wein',
  COUNT_DIFFERS: 'Andere Kistenzahl',
};

/** A client's case no lot holds: the one kind that is critical (operations are mailed). */
export const isCriticalKind = (kind: DiscrepancyKindKey) => kind === 'MISSING_IN_WAREHOUSE';

export const NOT_YET_LABELS: Record<'PURCHASED' | 'SHIPPING' | 'EN_PRIMEUR', string> = {
  PURCHASED: 'Bezahlt, Versand folgt',
  SHIPPING: 'Im Versand',
  EN_PRIMEUR: 'En primeur',
};

export const REPORT_SOURCE_LABELS: Record<'UPLOAD' | 'API' | 'SEED' | 'DEMO', string> = {
  UPLOAD: 'Hochgeladen',
  API: 'Vom Lager gesendet',
  SEED: 'Demo-Lager (Demodaten)',
  DEMO: 'Demo-Lager',
};

export interface DiscrepancyFilter {
  /** One kind, or every kind (null). */
  kind: DiscrepancyKindKey | null;
  /** Words matched against lot id, LWIN and customer number. */
  search: string;
}

interface FilterableDiscrepancy {
  kind: DiscrepancyKindKey;
  lotId?: string | null;
  lwin11: string;
  customerNumber?: string | null;
}

/** The discrepancies a filter keeps, in their order. */
export function filterDiscrepancies<Entry extends FilterableDiscrepancy>(
  entries: readonly Entry[],
  filter: DiscrepancyFilter,
): Entry[] {
  const words = filter.search.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((entry) => {
    if (filter.kind && entry.kind !== filter.kind) return false;
    const text = [entry.lotId ?? '', entry.lwin11, entry.customerNumber ?? ''].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** How many discrepancies of each kind (every kind listed, 0 included). */
export function countsByKind(
  entries: readonly { kind: DiscrepancyKindKey }[],
): Record<DiscrepancyKindKey, number> {
  const counts: Record<DiscrepancyKindKey, number> = {
    MISSING_IN_WAREHOUSE: 0,
    NOT_OWED: 0,
    OWNER_DIFFERS: 0,
    WINE_DIFFERS: 0,
    COUNT_DIFFERS: 0,
  };
  for (const entry of entries) counts[entry.kind] += 1;
  return counts;
}
