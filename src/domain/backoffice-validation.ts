/**
 * Validation of the back office's amount and price inputs (spec entry-checkout-backoffice 5,
 * "Back office"), with German messages. The API takes prices as decimals ("249.00", checked by
 * `validatePrice` on the server); staff type and read them the German way ("1.520,00"), and
 * `EURO_INPUT` converts between the two at the field.
 */
import { centsToDecimal, decimalToEuroInput, parseEuroInput } from './money';

export const backofficeMessages = {
  amountNumeric: 'Die Anzahl muss eine Zahl sein.',
  amountWhole: 'Die Anzahl muss eine ganze Zahl ab 0 sein.',
  priceNumeric: 'Der Preis muss eine Zahl mit Dezimalpunkt sein, z. B. 249.00.',
  priceFormat: 'Der Preis muss über 0 liegen und genau zwei Nachkommastellen haben, z. B. 249.00.',
  priceInput: 'Bitte geben Sie einen Preis über 0 € mit höchstens zwei Nachkommastellen an, z. B. 1.520,00.',
} as const;

/** A non-negative whole number of cases, e.g. "12". */
export function validateAmount(value: string | number): string | null {
  const text = String(value).trim();
  if (text === '' || Number.isNaN(Number(text))) return backofficeMessages.amountNumeric;
  return /^\d+$/.test(text) ? null : backofficeMessages.amountWhole;
}

/** A positive price as the API's decimal, exactly two decimals after a point, e.g. "249.00". */
export function validatePrice(value: string | number): string | null {
  const text = String(value).trim();
  if (text === '' || Number.isNaN(Number(text))) return backofficeMessages.priceNumeric;
  return /^\d+\.\d{2}$/.test(text) && Number(text) > 0 ? null : backofficeMessages.priceFormat;
}

/** A price as staff type it ("1.520,00", "239,5", "239") → the API's decimal ("1520.00"); null unless above 0. */
export function priceInputDecimal(input: string): string | null {
  const cents = parseEuroInput(input);
  return cents !== null && cents > 0 ? centsToDecimal(cents) : null;
}

/** The problem of a typed price: unreadable or not above 0, else what `rule` says of its decimal. */
export function priceInputProblem(input: string, rule: (decimal: string) => string | null = validatePrice) {
  const decimal = priceInputDecimal(input);
  return decimal === null ? backofficeMessages.priceInput : rule(decimal);
}

/** How an edited field shows its stored value and reads back what staff typed. */
export interface InputFormat {
  /** The stored value as the field starts with. */
  show: (stored: string) => string;
  /** The typed text as the value to store and send; null when it cannot be read. */
  read: (typed: string) => string | null;
  /** Said under the field when `read` gives null. */
  unreadable: string;
}

/** Euro amounts: "1.520,00" in the field, "1520.00" stored and sent. */
export const EURO_INPUT: InputFormat = {
  show: decimalToEuroInput,
  read: priceInputDecimal,
  unreadable: backofficeMessages.priceInput,
};
