/**
 * The USt-IdNr. (VAT identification number) a business client gives in the account settings: its
 * format per EU member state (the patterns of the Commission's VIES service), written without
 * spaces, dots or hyphens and in capitals. Only the format is checked, not whether the number is
 * registered (that needs VIES over the network, at the time of the supply). A client with a
 * company name and a VAT id of this format is a business client: its invoices are e-invoices
 * (`e-invoice.ts`).
 */

/** Prefix (ISO 3166 alpha-2; Greece "EL", Northern Ireland "XI") → what follows it. */
const VAT_ID_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The longest VAT id of any member state, with room for pasted spaces. */
export const VAT_ID_MAX_LENGTH = 20;

export const VAT_ID_MESSAGE =
  'Bitte geben Sie eine gültige USt-IdNr. an: Länderkürzel und Nummer, z. B. DE123456789.';

/** "de 123 456.789" → "DE123456789": how the number is stored and printed. */
export const normalizeVatId = (input: string): string => input.replace(/[\s.\-/]/g, '').toUpperCase();

/** Whether `input` (after `normalizeVatId`) has the format of a VAT id of an EU member state. */
export function isVatId(input: string): boolean {
  const vatId = normalizeVatId(input);
  const format = VAT_ID_FORMATS[vatId.slice(0, 2)];
  return Boolean(format?.test(vatId.slice(2)));
}

/** The message for a given VAT id, or null; an empty field is allowed (the field is optional). */
export function validateVatId(input: string): string | null {
  if (input.trim() === '') return null;
  return isVatId(input) ? null : VAT_ID_MESSAGE;
}

/** A business client: a company name and a VAT id of valid format. */
export const isBusinessClient = (client: { company: string | null; vatId: string | null }): boolean =>
  Boolean(client.company?.trim() && client.vatId && isVatId(client.vatId));
