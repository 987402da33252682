/**
 * Validation of the back office's amount and price inputs (spec entry-checkout-backoffice 5,
 * "Back office"); the messages are the spec's, in English as the original back office shows them.
 */
export const backofficeMessages = {
  amountNumeric: 'Amount should be numeric',
  amountWhole: 'Amount must be positive whole number',
  priceNumeric: 'Price should be numeric',
  priceFormat: 'Price must be positive with two decimal places and decimal point',
} as const;

/** A non-negative whole number of cases, e.g. "12". */
export function validateAmount(value: string | number): string | null {
  const text = String(value).trim();
  if (text === '' || Number.isNaN(Number(text))) return backofficeMessages.amountNumeric;
  return /^\d+$/.test(text) ? null : backofficeMessages.amountWhole;
}

/** A positive price with exactly two decimals and a decimal point, e.g. "249.00". */
export function validatePrice(value: string | number): string | null {
  const text = String(value).trim();
  if (text === '' || Number.isNaN(Number(text))) return backofficeMessages.priceNumeric;
  return /^\d+\.\d{2}$/.test(text) && Number(text) > 0 ? null : backofficeMessages.priceFormat;
}
