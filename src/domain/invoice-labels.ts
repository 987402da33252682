/** What a client reads about an invoice outside the app: its stage and the fee lines it bills. */

/** The stage of an invoice as the client's payment portal names it. */
export const INVOICE_STAGE_LABELS: Record<string, string> = {
  CHECK_NEEDED: 'In Prüfung',
  CHECK_DONE: 'Prüfung abgeschlossen',
  WAITING_FOR_PAYMENT: 'Zahlung ausstehend',
  PAID: 'Bezahlt',
  PURCHASED: 'Bezahlt',
  PAYMENT_FAILED: 'Zahlung fehlgeschlagen',
  CANCELLED: 'Storniert',
};

export const invoiceStageLabel = (stage: string): string => INVOICE_STAGE_LABELS[stage] ?? stage;

/** The fees of an invoice in the order the payment page and the provider's lines list them. */
export const INVOICE_FEE_LINES = [
  { key: 'logisticsSum', label: 'Logistik' },
  { key: 'conditionReportSum', label: 'Zustandsbericht' },
  { key: 'upfrontStorageSum', label: 'Einlagerung (Vorauszahlung)' },
  { key: 'managementFeeMonthly', label: 'Managementgebühr (erster Monat, inkl. MwSt.)' },
] as const;

export type InvoiceFeeKey = (typeof INVOICE_FEE_LINES)[number]['key'];
