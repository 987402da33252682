/** German texts and paths of the order list and checkout, verbatim from the specifications. */

export const ORDER_LIST_PATH = '/admin/orderlist';
export const INVOICES_PATH = '/admin/invoices';
export const DEPOT_PATH = '/admin/depot';

export const ORDER_LIST_BLOCKED_TEXT =
  'Sie können derzeit keine weiteren Positionen zu Ihrer Orderliste hinzufügen, da gerade eine Anfrage geprüft wird, oder eine Zahlung aussteht.';

export const ORDER_LIST_EMPTY = 'Ihre Orderliste ist derzeit leer.';

/** Offline: the add waits on this device (instead of "Hinzugefügt: …"). */
export const ORDER_ADD_QUEUED_TITLE = 'Wartet auf Verbindung';

export function orderAddQueuedText(title: string): string {
  return `${title} wird zur Orderliste hinzugefügt, sobald wieder eine Verbindung besteht.`;
}

/** The mark of an order position that exists only on this device so far. */
export const POSITION_PENDING_TEXT = 'Wartet auf Verbindung';

/** Raising a position at an adviser's agreed price beyond the cases of the offer (docs/deviations.md). */
export function agreedPriceLimitText(cases: number): string {
  const limit = cases === 1 ? '1 Kiste' : `${cases} Kisten`;
  return cases === 0
    ? 'Den vereinbarten Preis dieses Angebots haben Sie bereits vollständig genutzt. Weitere Kisten können Sie zum aktuellen Preis über das Angebot hinzufügen.'
    : `Zum vereinbarten Preis sind höchstens ${limit} möglich. Weitere Kisten können Sie zum aktuellen Preis über das Angebot hinzufügen.`;
}

/** A transfer of an adviser offer whose agreed cases are all ordered already. */
export const AGREED_OFFER_USED_TEXT =
  'Dieses Angebot Ihres Beraters haben Sie bereits vollständig bestellt. Weitere Kisten können Sie zum aktuellen Preis über die Angebote hinzufügen.';

export const BILLING_INCOMPLETE = 'Bitte vervollständigen Sie Ihre Rechnungsinformationen.';

export const PAYMENT_FAILED_TEXT =
  'Ihre Zahlung ist leider fehlgeschlagen. Bitte versuchen Sie es erneut. Bei Fragen nehmen Sie gerne Kontakt mit uns auf.';

/** Title of a cancelled request on the order list. */
export const CANCELLED_TEXT =
  'Diese Bestellung wurde storniert und kann nicht mehr bezahlt werden. Ihre Orderliste ist wieder frei.';

export const NO_INVOICES = 'Noch keine Rechnungen vorhanden.';

/** The five steps of the certificate progress overlay (spec: "Certificate generation"). */
export const CERTIFICATE_STEPS = [
  'Einlagerungsdaten werden authentifiziert …',
  'Kistennummern werden verifiziert …',
  'Persönlicher Fingerabdruck wird erstellt …',
  'Fingerabdruck wird angezeigt …',
  'Sie werden weitergeleitet …',
] as const;

/** "Ornellaia 2021": the vintage title with its year (unless the title already ends with it). */
export function vintageLabel(title: string, year: number): string {
  return title.trim().endsWith(String(year)) ? title.trim() : `${title.trim()} ${year}`;
}
