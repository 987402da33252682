/** Tabs of the back office `/admin/management`, chosen by URL hash (spec 2.6). */
export const MANAGEMENT_SUBTABS = [
  { key: 'sortiment_neu', label: 'Sortiment (Neu)' },
  { key: 'sortiment_alt', label: 'Sortiment (Alt)' },
  { key: 'angebote', label: 'Angebote' },
  { key: 'lieferanten', label: 'Lieferanten' },
  { key: 'lagerbestand', label: 'Lagerbestand' },
  { key: 'bestandsabgleich', label: 'Bestandsabgleich' },
  { key: 'zweitmarkt', label: 'Zweitmarkt' },
  { key: 'servicegebuehr', label: 'Servicegebühr' },
  { key: 'verlauf', label: 'Verlauf' },
] as const;

export type ManagementSubtab = (typeof MANAGEMENT_SUBTABS)[number]['key'];

const SUBTAB_KEYS = new Set<string>(MANAGEMENT_SUBTABS.map(({ key }) => key));

/** `#orders` opens "Bestellungen und Rechnungen"; a sub-tab's hash opens it; anything else the first sub-tab. */
export function managementTabFromHash(hash: string): {
  tab: 'management' | 'orders';
  subtab: ManagementSubtab;
} {
  const key = decodeURIComponent(hash.replace(/^#/, ''));
  if (key === 'orders') return { tab: 'orders', subtab: 'sortiment_neu' };
  return {
    tab: 'management',
    subtab: SUBTAB_KEYS.has(key) ? (key as ManagementSubtab) : 'sortiment_neu',
  };
}
