/** What a client reads about an invoice outside the app: its stage and the fee lines it bills. */

/** The fees of an invoice in the order the payment page and the provider's lines list them. */
export const INVOICE_FEE_LINES = [
  { key: 'logisticsSum', label: 'Logistik' },
  { key: 'conditionReportSum', label: 'Zustandsbericht' },
  { key: 'upfrontStorageSum', label: 'Einlagerung (Vorauszahlung)' },
  { key: 'managementFeeMonthly', label: 'Managementgebühr (erster Monat, inkl. MwSt.)' },
] as const;

export type InvoiceFeeKey = (typeof INVOICE_FEE_LINES)[number]['key'];
