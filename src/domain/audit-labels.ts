/**
 * German texts of the back office's audit log ("Verlauf"): what kind of record, what was done and
 * which field changed. The server stores technical keys (`partial_offer`, `add_offer`,
 * `buyPriceBtl`); the table shows these labels, and the server's search matches them too.
 */
import { formatDate, formatDateTime } from './dates';
import { INVOICE_STAGE_KEYS, INVOICE_STAGES } from './invoice-stages';
import { decimalToCents, formatEuro } from './money';
import { SELL_ORDER_STATUS_LABELS } from './secondary-market';

export const AUDIT_ENTITY_LABELS = {
  invoice: 'Rechnung',
  invoice_position: 'Rechnungsposition',
  offer: 'Sortiment-Angebot',
  partial_offer: 'Einkaufstranche',
  depot_position: 'Depotposition',
  manual_quote: 'Kundenangebot',
  sell_order: 'Verkaufsauftrag (Zweitmarkt)',
} as const satisfies Record<string, string>;

export type AuditEntityKey = keyof typeof AUDIT_ENTITY_LABELS;

/** Actions stored under their exact key. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'Angelegt',
  update: 'Geändert',
  delete: 'Gelöscht',
  archive: 'Archiviert',
  duplicate: 'Dupliziert',
  add_offer: 'Wein hinzugefügt',
  bucket: 'Regionen-Filter geändert',
  position_update: 'Position geändert',
  position_delete: 'Position gelöscht',
  create_invoice: 'Rechnung erstellt',
  invoice_refused: 'Rechnung abgelehnt',
  link: 'Tranche zugeordnet',
  unlink: 'Tranchenzuordnung entfernt',
  'stage:CHECK_DONE': 'Prüfung abgeschlossen',
  'stage:CANCELLED': 'Storniert',
  payment_after_cancellation: 'Zahlungsmeldung nach Storno (nicht verbucht)',
  approve: 'Freigegeben und gelistet',
  reject: 'Abgelehnt',
};

/**
 * Actions stored with a variable part, by prefix: an invoice's stage change (`stage:<STAGE>`) and
 * the recomputed sums after a position change (`position:update:<id>`, `position:delete:<id>`).
 */
export const AUDIT_ACTION_PREFIX_LABELS: readonly { prefix: string; label: string }[] = [
  { prefix: 'stage:', label: 'Status geändert' },
  { prefix: 'position:update:', label: 'Position geändert, Summen neu berechnet' },
  { prefix: 'position:delete:', label: 'Position gelöscht, Summen neu berechnet' },
];

export const AUDIT_FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  // Offer and tranche
  offerId: 'Angebot',
  vintageId: 'Jahrgang',
  bottleSizeId: 'Flaschengröße',
  caskOf: 'Flaschen je Kiste',
  sellPriceBtl: 'VK je Flasche',
  entityPriceNet: 'Nettopreis',
  archived: 'Archiviert',
  promoteOffer: 'Hot Deal',
  onRequest: 'Auf Anfrage',
  limitedAvailability: 'Begrenzt verfügbar',
  lifecycle: 'Lebenszyklus',
  totalQuantityAvailable: 'Gesamtmenge (Kisten)',
  datetimeCreated: 'Angelegt am',
  offererId: 'Lieferant',
  buyPriceBtl: 'EKP je Flasche',
  quantityAvailable: 'Verfügbar (Kisten)',
  quantityOnInvoice: 'Auf Rechnung (Kisten)',
  datetimeProforma: 'Proforma vom',
  mrn: 'Zollnummer (MRN)',
  mrnDate: 'MRN-Datum',
  proformaInvoiceNumberSourcing: 'Proforma-Nummer',
  invoiceNumberSourcing: 'Rechnungsnummer Einkauf',
  paid: 'Bezahlt',
  livexTrade: 'Livex-Trade',
  storageIds: 'Kistennummern',
  storageLocation: 'Lagerort',
  // Invoice and its positions
  stage: 'Status',
  invoiceDate: 'Rechnungsdatum',
  invoiceNumber: 'Rechnungsnummer',
  invoiceId: 'Rechnung',
  cancellationReason: 'Stornogrund',
  releasedCases: 'Freigegebene Kisten',
  cancellationInvoiceNumber: 'Stornorechnung',
  outcome: 'Ergebnis',
  eventId: 'Ereignis-ID',
  position: 'Position',
  wine: 'Wein',
  amount: 'Kisten',
  conditionReport: 'Zustandsbericht',
  vintagesSum: 'Summe Weine',
  logisticsSum: 'Logistik',
  conditionReportSum: 'Zustandsberichte',
  upfrontStorageSum: 'Einlagerung (Vorauszahlung)',
  managementFeeMonthly: 'Managementgebühr (Monat)',
  managementFeeYearly: 'Managementgebühr (Jahr)',
  overallSum: 'Gesamtsumme',
  // Depot position
  partialOfferId: 'Einkaufstranche',
  storageId: 'Lagernummern',
  // Manual quote
  email: 'E-Mail',
  uid: 'Link-Kennung',
  userId: 'Kundenkonto',
  positions: 'Positionen',
  positionId: 'Position',
  ekpBtl: 'EKP je Flasche',
  copiedFrom: 'Kopie von Angebot',
  bucket: 'Regionen',
  userCreated: 'Konto neu angelegt',
  productCategory: 'Rechnungsart',
  reason: 'Grund',
  salutation: 'Anrede',
  title: 'Titel',
  firstName: 'Vorname',
  lastName: 'Nachname',
  streetAndNumber: 'Straße und Hausnummer',
  postalCode: 'PLZ',
  city: 'Ort',
  country: 'Land',
  company: 'Firma',
  taxId: 'Steuernummer',
};

export function auditEntityLabel(entity: string): string {
  return (AUDIT_ENTITY_LABELS as Record<string, string>)[entity] ?? entity;
}

/** The German text of an action; an unknown key is shown as it is. */
export function auditActionLabel(action: string): string {
  const exact = AUDIT_ACTION_LABELS[action];
  if (exact) return exact;
  return AUDIT_ACTION_PREFIX_LABELS.find(({ prefix }) => action.startsWith(prefix))?.label ?? action;
}

export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? field;
}

const foldWord = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The stored keys whose German label contains a search word (case- and accent-insensitive), so
 * the server can find "gelöscht" or "Tranche" in the keys it stores.
 */
export function auditKeysMatching(word: string): {
  entities: AuditEntityKey[];
  actions: string[];
  actionPrefixes: string[];
} {
  const wanted = foldWord(word);
  const matches = (label: string) => wanted !== '' && foldWord(label).includes(wanted);
  return {
    entities: (Object.keys(AUDIT_ENTITY_LABELS) as AuditEntityKey[]).filter((key) =>
      matches(AUDIT_ENTITY_LABELS[key]),
    ),
    actions: Object.keys(AUDIT_ACTION_LABELS).filter((key) => matches(AUDIT_ACTION_LABELS[key] ?? '')),
    actionPrefixes: AUDIT_ACTION_PREFIX_LABELS.filter(({ label }) => matches(label)).map(
      ({ prefix }) => prefix,
    ),
  };
}

/** Fields that hold euro amounts as the API's decimals ("1520.00"), shown as "1.520,00 €". */
const AUDIT_EURO_FIELDS = new Set([
  'sellPriceBtl',
  'buyPriceBtl',
  'ekpBtl',
  'entityPriceNet',
  'vintagesSum',
  'logisticsSum',
  'conditionReportSum',
  'upfrontStorageSum',
  'managementFeeMonthly',
  'managementFeeYearly',
  'overallSum',
]);

/**
 * Fields that hold a state, shown by the label the product gives it everywhere else: the invoice
 * stage as on the payment page, the sell order's status as on the Zweitmarkt, a payment report's
 * outcome.
 */
const AUDIT_VALUE_LABELS: Record<string, Record<string, string>> = {
  stage: Object.fromEntries(INVOICE_STAGE_KEYS.map((stage) => [stage, INVOICE_STAGES[stage].label])),
  status: SELL_ORDER_STATUS_LABELS,
  outcome: { paid: 'Bezahlt', failed: 'Zahlung fehlgeschlagen' },
};

const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * One value of an audit entry as German text: "–" for none, "ja"/"nein", dates as dd.mm.yyyy,
 * times in German time, euro amounts and states of the `field` as everywhere else, nested records
 * with their field labels ("Kisten: 3, EKP je Flasche: 229,50 €").
 */
export function formatAuditValue(value: unknown, field?: string): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (Array.isArray(value)) {
    return value.length === 0 ? '–' : value.map((item) => formatAuditValue(item, field)).join('; ');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${auditFieldLabel(key)}: ${formatAuditValue(inner, key)}`)
      .join(', ');
  }
  const text = String(value);
  const label = field === undefined ? undefined : AUDIT_VALUE_LABELS[field]?.[text];
  if (label) return label;
  if (field !== undefined && AUDIT_EURO_FIELDS.has(field) && DECIMAL.test(text)) {
    return formatEuro(decimalToCents(text));
  }
  if (ISO_DATE.test(text)) return formatDate(text);
  if (ISO_DATE_TIME.test(text)) return formatDateTime(text);
  return text;
}
