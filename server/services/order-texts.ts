/** German refusal texts of the order-list and invoice services. */
import { invoiceCheckTexts } from '../../src/domain/backoffice-invoices';
import {
  BILLING_INCOMPLETE,
  ORDER_LIST_BLOCKED_TEXT,
  ORDER_LIST_EMPTY,
} from '../../src/domain/order-list-texts';

export const orderTexts = {
  blocked: ORDER_LIST_BLOCKED_TEXT,
  offerUnknown: 'Dieses Angebot ist nicht mehr verfügbar.',
  offerOnRequest: 'Dieses Angebot ist nur auf Anfrage erhältlich.',
  positionUnknown: 'Diese Position ist nicht mehr auf Ihrer Orderliste.',
  emptyOrderList: ORDER_LIST_EMPTY,
  billingIncomplete: BILLING_INCOMPLETE,
  invoiceUnknown: 'Diese Rechnung gibt es nicht.',
  noRefundOpen: 'Für diese Rechnung ist keine Erstattung offen.',
  notPayable: 'Diese Rechnung kann derzeit nicht bezahlt werden.',
  alreadyPaid: 'Diese Rechnung ist bereits bezahlt.',
  stageChangeRefused: 'Dieser Wechsel der Rechnungsstufe ist nicht möglich.',
  invoiceNumberInvalid: invoiceCheckTexts.invoiceNumberInvalid,
  invoiceNumberTaken: 'Diese Rechnungsnummer ist bereits vergeben.',
  notEnoughStock: (title: string, available: number) =>
    `Für ${title} sind nur noch ${available} Kisten verfügbar.`,
  providerFailed: 'Der Zahlungsanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
} as const;
