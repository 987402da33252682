import type { ManualQuote } from '../../../src/features/backoffice-quotes/api/backoffice-quotes';

/** A manual quote of one position (2 cases Opus One 2019) as `getAllManualQuotes` answers it. */
export function manualQuote(changes: Partial<ManualQuote> = {}): ManualQuote {
  return {
    id: 12,
    uid: 'q-12',
    email: 'kunde@example.org',
    userId: null,
    datetime: '2026-11-20T09:00:00Z',
    setPasswordLink: null,
    investmentSumPicked: '4200.00',
    investmentSumPickedStr: '4.200,00 €',
    bucket: null,
    hostedInvoiceUrl: null,
    invoice: null,
    recommendedPosition: [
      {
        id: 81,
        amount: 2,
        caskOf: 6,
        sellPriceBtl: '350.00',
        ekpBtl: '300.00',
        wineTitle: 'Opus One',
        year: 2019,
        region: 'Napa Valley',
        offer: { id: 9, bottleSize: { title: '0,75l' } },
      },
    ],
    ...changes,
  };
}

/** Answers a quote change with `quote`, or refuses it with `refusal`. */
export const quoteAnswer = (quote: ManualQuote | null, refusal?: string) =>
  refusal
    ? { success: false, errors: [{ message: refusal, code: 'REFUSED', field: null }], manualQuote: null }
    : { success: true, errors: [], manualQuote: quote };
