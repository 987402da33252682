/**
 * The checks of the back office's sortiment forms ("Neues Angebot", "Einkaufstranche
 * hinzufügen/updaten"): pure, field by field, as `@mantine/form` validates them. An empty optional
 * field is fine; what must be filled before saving is answered by the `…Complete` functions.
 * Prices are typed the German way ("1.520,00") and sent as the API's decimal (`priceInputDecimal`).
 */
import { checkMrn } from '../../../domain/backoffice-stock';
import { parseCaseNumbers } from '../../../domain/backoffice-tranches';
import { priceInputProblem, validateAmount } from '../../../domain/backoffice-validation';

type Problems<Field extends string> = Partial<Record<Field, string>>;

/** A message for a filled field; an empty field is fine. */
const ifFilled = (value: string, validate: (input: string) => string | null) =>
  value.trim() === '' ? null : validate(value);

/** Keeps the fields with a message. */
function problemsOf<Field extends string>(messages: Record<Field, string | null>): Problems<Field> {
  return Object.fromEntries(
    Object.entries(messages).filter(([, message]) => message !== null),
  ) as Problems<Field>;
}

export const CASK_OF_ZERO = 'Eine Kiste muss mindestens eine Flasche enthalten.';
export const TRANCHE_AMOUNT_MISSING = 'Bitte geben Sie die verbleibenden Kisten an.';

export interface NewOfferValues {
  vintageId: string | null;
  bottleSizeId: string | null;
  caskOf: string;
  offererId: string | null;
  buyPriceBtl: string;
  sellPriceBtl: string;
  quantityAvailable: string;
}

export type NewOfferField = 'caskOf' | 'buyPriceBtl' | 'sellPriceBtl' | 'quantityAvailable';

/** "Neues Angebot": prices above 0 with at most two decimals, whole numbers of bottles (at least one) and cases. */
export function newOfferProblems(values: NewOfferValues): Problems<NewOfferField> {
  return problemsOf({
    buyPriceBtl: ifFilled(values.buyPriceBtl, priceInputProblem),
    sellPriceBtl: ifFilled(values.sellPriceBtl, priceInputProblem),
    caskOf: ifFilled(values.caskOf, validateAmount) ?? (values.caskOf.trim() === '0' ? CASK_OF_ZERO : null),
    quantityAvailable: ifFilled(values.quantityAvailable, validateAmount),
  });
}

/** Every field of "Neues Angebot" is filled (the bottle size may default to the standard one). */
export function newOfferComplete(values: NewOfferValues, bottleSizeId: string | null): boolean {
  return (
    values.vintageId !== null &&
    bottleSizeId !== null &&
    values.offererId !== null &&
    [values.buyPriceBtl, values.sellPriceBtl, values.caskOf, values.quantityAvailable].every(
      (value) => value.trim() !== '',
    )
  );
}

export interface TrancheValues {
  offererId: string | null;
  buyPriceBtl: string;
  amount: string;
  totalQuantityAvailable: string;
  quantityOnInvoice: string;
  proformaInvoiceNumberSourcing: string;
  invoiceNumberSourcing: string;
  lxTrade: string;
  mrn: string;
  paid: boolean;
  storageIds: string;
  storageLocation: string;
}

export type TrancheField =
  | 'buyPriceBtl'
  | 'amount'
  | 'totalQuantityAvailable'
  | 'quantityOnInvoice'
  | 'storageIds'
  | 'mrn';

/**
 * A purchase tranche: the remaining cases are mandatory (said at once), a filled price is above 0
 * with at most two decimals, amounts are whole numbers, the case numbers parse and the MRN has its format.
 */
export function trancheProblems(values: TrancheValues): Problems<TrancheField> {
  return problemsOf({
    buyPriceBtl: ifFilled(values.buyPriceBtl, priceInputProblem),
    amount: values.amount.trim() === '' ? TRANCHE_AMOUNT_MISSING : validateAmount(values.amount),
    totalQuantityAvailable: ifFilled(values.totalQuantityAvailable, validateAmount),
    quantityOnInvoice: ifFilled(values.quantityOnInvoice, validateAmount),
    storageIds: parseCaseNumbers(values.storageIds).error,
    mrn: checkMrn(values.mrn).error,
  });
}

/** What a new tranche needs before saving beyond valid fields: a supplier and a price. */
export function trancheComplete(values: TrancheValues, isNew: boolean): boolean {
  return !isNew || (values.offererId !== null && values.buyPriceBtl.trim() !== '');
}
