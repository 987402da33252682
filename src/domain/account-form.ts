/**
 * Rules of the account settings dialog (spec client-area sections 3 and 5) and of `changeUser`
 * on the server: countries, required fields, the nudge and the "adress-only" save rule.
 */
import { DEFAULT_COUNTRY } from './entry-constants';
import { VALIDATION_MESSAGES } from './entry-validation';
import { VAT_ID_MESSAGE } from './vat-id';

/** The countries the account form offers (spec entry-checkout-backoffice section 9), default DE. */
export const ACCOUNT_COUNTRIES = [
  { code: 'DE', label: 'Deutschland' },
  { code: 'AT', label: 'Österreich' },
  { code: 'CH', label: 'Schweiz' },
  { code: 'CZ', label: 'Tschechien' },
  { code: 'GB', label: 'Vereinigtes Königreich' },
  { code: 'NL', label: 'Niederlande' },
  { code: 'BE', label: 'Belgien' },
  { code: 'LU', label: 'Luxemburg' },
  { code: 'FR', label: 'Frankreich' },
  { code: 'IT', label: 'Italien' },
  { code: 'ES', label: 'Spanien' },
  { code: 'US', label: 'Vereinigte Staaten' },
  { code: 'NO', label: 'Norwegen' },
  { code: 'SE', label: 'Schweden' },
  { code: 'FI', label: 'Finnland' },
  { code: 'PL', label: 'Polen' },
  { code: 'AE', label: 'Vereinigte Arabische Emirate' },
] as const;

export type AccountCountry = (typeof ACCOUNT_COUNTRIES)[number]['code'];
export const ACCOUNT_DEFAULT_COUNTRY: AccountCountry = DEFAULT_COUNTRY;

export function isAccountCountry(code: string): code is AccountCountry {
  return ACCOUNT_COUNTRIES.some((country) => country.code === code);
}

/** The modes of the dialog: everything, only the address, or asking for missing data. */
export type AccountDialogMode = 'default' | 'adress-only' | 'nudging';

export const ACCOUNT_TEXTS = {
  title: 'Accounteinstellungen',
  addressTitle: 'Ihre Adresse',
  nudgingTitle: 'Bitte vervollständigen Sie Ihre Accountdaten',
  nudgingIntro:
    'Damit wir Ihre Weine sicher einlagern und Ihnen Rechnungen ausstellen können, benötigen wir noch ein paar Angaben.',
  saved: 'Ihre Accountdaten wurden aktualisiert.',
  passwordLinkSent: (email: string) => `Wir haben Ihnen einen Passwort-Link an ${email} gesendet.`,
  emailChangePending: (email: string) =>
    `Wir haben Ihnen einen Bestätigungslink an ${email} gesendet. Ihre neue Emailadresse gilt, sobald Sie ihn geöffnet haben.`,
} as const;

/** Toast durations (spec client-area section 9). */
export const ACCOUNT_SAVED_TOAST_MS = 2000;
export const PASSWORD_LINK_TOAST_MS = 3000;

export const ACCOUNT_MESSAGES = {
  firstName: VALIDATION_MESSAGES.firstName,
  lastName: VALIDATION_MESSAGES.lastName,
  email: VALIDATION_MESSAGES.email,
  phoneRequired: 'Bitte geben Sie eine Telefonnummer an.',
  phoneInvalid: VALIDATION_MESSAGES.phone,
  streetAndNumber: 'Bitte geben Sie Straße und Hausnummer an.',
  postalCode: 'Bitte geben Sie eine Postleitzahl an.',
  city: 'Bitte geben Sie eine Stadt an.',
  country: 'Bitte wählen Sie ein Land aus der Liste.',
  vatId: VAT_ID_MESSAGE,
  emailTaken: 'Diese Emailadresse ist bereits vergeben.',
  emailChangeInvalid: 'Dieser Bestätigungslink ist ungültig oder abgelaufen.',
} as const;

/** The editable account data, as the form holds it (strings; empty = not given). */
export interface AccountFormValues {
  firstName: string;
  lastName: string;
  company: string;
  /** USt-IdNr. of a business client (optional; with a company name, invoices become e-invoices). */
  vatId: string;
  email: string;
  phone: string;
  streetAndNumber: string;
  addressSupplement: string;
  postalCode: string;
  city: string;
  country: string;
  newsletter: boolean;
}

export type AccountTextField = Exclude<keyof AccountFormValues, 'newsletter'>;

/** The fields the nudge asks for (spec client-area section 5). */
export const NUDGE_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'city',
  'postalCode',
  'streetAndNumber',
] as const;

type NudgeSubject = Partial<Record<(typeof NUDGE_FIELDS)[number], string | null | undefined>>;

export function missingAccountFields(user: NudgeSubject): (typeof NUDGE_FIELDS)[number][] {
  return NUDGE_FIELDS.filter((field) => !user[field]?.trim());
}

/** Complete = every nudge field present; otherwise the dialog opens in "nudging" mode on load. */
export function isAccountComplete(user: NudgeSubject): boolean {
  return missingAccountFields(user).length === 0;
}

/** The fields shown in each mode. */
export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'streetAndNumber',
  'addressSupplement',
  'postalCode',
  'city',
  'country',
] as const satisfies readonly AccountTextField[];

/** Fields whose edit to an empty string disables "Speichern" in adress-only mode. */
export const ADDRESS_ONLY_BLOCKING_FIELDS = [
  'firstName',
  'lastName',
  'streetAndNumber',
  'phone',
  'postalCode',
  'city',
  'country',
] as const satisfies readonly AccountTextField[];

/**
 * Adress-only mode: "Speichern" is disabled when any edited field among the blocking fields is an
 * empty string; untouched fields do not block.
 */
export function isAddressOnlySaveDisabled(
  values: Pick<AccountFormValues, (typeof ADDRESS_ONLY_BLOCKING_FIELDS)[number]>,
  edited: ReadonlySet<string>,
): boolean {
  return ADDRESS_ONLY_BLOCKING_FIELDS.some((field) => edited.has(field) && values[field].trim() === '');
}

/** Telefon is a required field when a phone is already stored, and in the nudge (it completes the account). */
export function isPhoneRequired(options: { phoneStored: boolean; mode: AccountDialogMode }): boolean {
  return options.phoneStored || options.mode === 'nudging';
}
