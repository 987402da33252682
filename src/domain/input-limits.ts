/**
 * The longest text each user-editable field may hold, and one zod schema per input that checks
 * these limits and that the text is well-formed Unicode (no lone UTF-16 surrogate, which no
 * database, mail or URL can carry). The forms (registration, account settings, contact, referral,
 * contact mail) and the server's validation use the same schemas, so a form never sends what the
 * server refuses. The rules of content (required fields, formats) stay in the forms' validators;
 * these schemas add the bounds. Lengths count UTF-16 code units, as the browser's `maxLength` does.
 *
 * The GraphQL layer caps every single string argument at `MAX_STRING_ARGUMENT_LENGTH` on top
 * (server/graphql/input-guards.ts), so no operation without a field limit here sees more.
 */
import * as z from 'zod/mini';

// Zod 4 compiles a fast parser with `new Function` after probing whether eval is allowed; the
// portal's Content-Security-Policy forbids eval, and the probe alone reports a violation in the
// browser. The interpreted path checks the same rules.
z.config({ jitless: true });

export const TEXT_LIMITS = {
  /** Names of people (first, last, a referred friend's). */
  firstName: 100,
  lastName: 100,
  /** "Herr", "Frau" (and whatever a future form offers). */
  salutation: 20,
  /** "Dr.", "Prof. Dr." */
  title: 40,
  company: 200,
  /** USt-IdNr.: the longest of a member state is 14 characters; room for pasted spaces. */
  vatId: 20,
  streetAndNumber: 200,
  addressSupplement: 200,
  postalCode: 20,
  city: 100,
  /** ISO code from the list; generous for a country name. */
  country: 60,
  phone: 40,
  /** RFC 5321: the longest address SMTP delivers to. */
  email: 254,
  /** Longer than any sensible passphrase; bounds the work of hashing. */
  password: 256,
  /** LWIN codes are 7, 11 or 18 digits; a little room for a pasted variant. */
  lwin: 30,
  /** "Du" / "Sie". */
  formOfAddress: 20,
  /** The sender's name on the contact mail (may hold first and last name and a company). */
  sender: 200,
  /** Contact messages and contact mails. */
  message: 5_000,
  /** Public proposal uids (random, short). */
  uid: 100,
} as const;

export type LimitedField = keyof typeof TEXT_LIMITS;

/** Any single string argument of any GraphQL operation (the API's own cap, above every field limit). */
export const MAX_STRING_ARGUMENT_LENGTH = 10_000;

/**
 * A stock report's CSV uploaded in the back office: the `@maxLength` of its GraphQL argument, within
 * the request body limit of 1 MiB (a report of about 12,000 lots).
 */
export const MAX_STOCK_REPORT_LENGTH = 1_000_000;

/** A stock report the warehouse's system posts (`POST /api/warehouse/stock-report`): 10 MiB. */
export const MAX_STOCK_REPORT_API_BYTES = 10 * 1024 * 1024;

const LABELS: Record<LimitedField, string> = {
  firstName: 'Der Vorname',
  lastName: 'Der Nachname',
  salutation: 'Die Anrede',
  title: 'Der Titel',
  company: 'Der Firmenname',
  vatId: 'Die USt-IdNr.',
  streetAndNumber: 'Die Angabe „Straße und Hausnummer“',
  addressSupplement: 'Der Adresszusatz',
  postalCode: 'Die Postleitzahl',
  city: 'Die Stadt',
  country: 'Das Land',
  phone: 'Die Telefonnummer',
  email: 'Die Emailadresse',
  password: 'Das Passwort',
  lwin: 'Die LWIN',
  formOfAddress: 'Die Anredeform',
  sender: 'Der Absendername',
  message: 'Die Nachricht',
  uid: 'Die Kennung',
};

const number = new Intl.NumberFormat('de-DE');

export const limitMessages = {
  tooLong: (field: LimitedField) =>
    `${LABELS[field]} darf höchstens ${number.format(TEXT_LIMITS[field])} Zeichen lang sein.`,
  malformed: (field: LimitedField) =>
    `${LABELS[field]} enthält ein ungültiges Zeichen. Bitte geben Sie den Text erneut ein.`,
} as const;

/** Whether the text is well-formed UTF-16 (every surrogate in a pair). */
export function isWellFormedText(text: string): boolean {
  return !/\p{Surrogate}/u.test(text);
}

// zod/mini: the same checks as zod's chained API in a fraction of the bundle (the account, contact
// and referral forms carry these schemas on the client).
const limited = (field: LimitedField) =>
  z
    .string()
    .check(
      z.maxLength(TEXT_LIMITS[field], limitMessages.tooLong(field)),
      z.refine(isWellFormedText, limitMessages.malformed(field)),
    );

/** An optional field: left out, null or a limited text. */
const optional = (field: LimitedField) => z.nullish(limited(field));

export const registrationInputSchema = z.object({
  email: limited('email'),
  password: limited('password'),
  passwordRepeat: limited('password'),
  salutation: optional('salutation'),
  title: optional('title'),
  firstName: limited('firstName'),
  lastName: limited('lastName'),
  company: optional('company'),
  phone: optional('phone'),
  lwin: optional('lwin'),
  streetAndNumber: optional('streetAndNumber'),
  addressSupplement: optional('addressSupplement'),
  postalCode: optional('postalCode'),
  city: optional('city'),
  country: optional('country'),
});

export const accountChangeSchema = z.object({
  firstName: optional('firstName'),
  lastName: optional('lastName'),
  company: optional('company'),
  vatId: optional('vatId'),
  email: optional('email'),
  phone: optional('phone'),
  streetAndNumber: optional('streetAndNumber'),
  addressSupplement: optional('addressSupplement'),
  postalCode: optional('postalCode'),
  city: optional('city'),
  country: optional('country'),
});

export const contactRequestSchema = z.object({
  salutation: limited('salutation'),
  firstName: limited('firstName'),
  lastName: limited('lastName'),
  message: limited('message'),
  phone: optional('phone'),
  uid: optional('uid'),
});

export const referralSchema = z.object({
  salutation: limited('salutation'),
  formOfAddress: limited('formOfAddress'),
  firstName: limited('firstName'),
  lastName: limited('lastName'),
});

export const contactFormMailSchema = z.object({
  senderEmail: limited('email'),
  sender: limited('sender'),
  message: limited('message'),
});

export const passwordResetSchema = z.object({
  email: limited('email'),
  newPassword: limited('password'),
});

/**
 * The first message per field that breaks a limit (field → German message); fields the schema does
 * not know are ignored, so a validator can pass its whole input.
 */
export function limitErrors(
  schema: z.ZodMiniObject,
  values: Record<string, unknown>,
): Record<string, string> {
  const known = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, values[key]]));
  const result = schema.safeParse(known);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    // Wrong types are the API layer's concern (GraphQL types); only text rules are reported here.
    if (issue.code === 'invalid_type') continue;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
