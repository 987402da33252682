import type { InvoiceCheckInvoice } from '../../../src/features/backoffice-invoices/api/backoffice-invoices';

/** An invoice of 2 cases Opus One in the check, as the server answers `getInvoiceById`. */
export function invoiceInCheck(changes: Partial<InvoiceCheckInvoice> = {}): InvoiceCheckInvoice {
  return {
    id: 31,
    stage: 'CHECK_NEEDED',
    invoiceDate: '2026-11-20',
    invoiceNumber: null,
    createdAt: '2026-11-20T09:00:00Z',
    stripeInvoicePdfUrl: null,
    eInvoiceXmlUrl: null,
    hostedInvoiceUrl: null,
    cancelledAt: null,
    cancellationReason: null,
    lateProviderEventAt: null,
    lateProviderEventOutcome: null,
    refundDoneAt: null,
    cancellationInvoice: null,
    user: { id: 5, firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.org' },
    positions: [
      {
        id: 71,
        vintageTitle: 'Opus One 2019',
        amount: 2,
        caskOf: 6,
        buyPriceBtl: '350.00',
        buyPriceBtlStr: '350,00 €',
        sumStr: '4.200,00 €',
        conditionReport: false,
        bottleSize: { id: 1, title: '0,75l' },
        offer: { id: 9, availableCases: 4 },
      },
    ],
    sums: {
      cases: 2,
      vintagesSumStr: '4.200,00 €',
      logisticsSumStr: '30,00 €',
      conditionReportSumStr: '0,00 €',
      upfrontStorageSumStr: '24,00 €',
      managementFeeMonthlyStr: '0,00 €',
      overallSumStr: '4.254,00 €',
    },
    ...changes,
  };
}
