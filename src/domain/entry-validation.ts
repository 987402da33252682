import { PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH_EXCLUSIVE } from './entry-constants';

/** Validation messages of the entry screen, verbatim from the specification (section 5). */
export const VALIDATION_MESSAGES = {
  email: 'Bitte geben Sie eine gültige Emailadresse ein.',
  passwordLength: 'Ihr Passwort benötigt mindestens 8 Zeichen.',
  passwordLetter: 'Ihr Passwort muss mindestens einen Buchstaben enthalten.',
  passwordUppercase: 'Ihr Passwort muss mindestens einen Großbuchstaben enthalten.',
  passwordDigit: 'Ihr Passwort muss mindestens eine Zahl enthalten.',
  passwordRepeat: 'Die Passwörter stimmen nicht überein',
  firstName: 'Bitte geben Sie einen Vornamen an.',
  lastName: 'Bitte geben Sie einen Nachnamen an.',
  phone: 'Bitte geben Sie eine gültige Telefonnummer ein.',
  ageConfirmed: 'Bitte bestätigen Sie, dass Sie älter als 18 Jahre sind.',
  termsAccepted: 'Bitte bestätigen Sie die AGB.',
  privacyAccepted: 'Bitte bestätigen Sie die Datenschutzrichtlinien.',
} as const;

/** The hint names a special character too; the rules deliberately do not enforce it (spec). */
export const PASSWORD_HINT =
  'Mindestens 8 Zeichen, darunter ein Großbuchstabe, eine Zahl und ein Sonderzeichen.';

const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

const PASSWORD_RULES: ReadonlyArray<{ passes: (password: string) => boolean; message: string }> = [
  {
    passes: (password) => password.length >= PASSWORD_MIN_LENGTH,
    message: VALIDATION_MESSAGES.passwordLength,
  },
  { passes: (password) => /\p{L}/u.test(password), message: VALIDATION_MESSAGES.passwordLetter },
  { passes: (password) => /\p{Lu}/u.test(password), message: VALIDATION_MESSAGES.passwordUppercase },
  { passes: (password) => /\d/.test(password), message: VALIDATION_MESSAGES.passwordDigit },
];

/** Lower-cased and trimmed, as the e-mail is sent on login, registration and password reset. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Passwords are sent trimmed everywhere, so that what login sends (trimmed, spec) always matches. */
export function normalizePassword(password: string): string {
  return password.trim();
}

/** The longest address SMTP can deliver to (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

export function validateEmail(email: string): string | null {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed) ? null : VALIDATION_MESSAGES.email;
}

/** Every password rule the value breaks, in the order of the specification. */
export function passwordRuleViolations(password: string): string[] {
  const value = normalizePassword(password);
  return PASSWORD_RULES.filter((rule) => !rule.passes(value)).map((rule) => rule.message);
}

export function validatePassword(password: string): string | null {
  return passwordRuleViolations(password)[0] ?? null;
}

export function validatePasswordRepeat(password: string, passwordRepeat: string): string | null {
  return normalizePassword(password) === normalizePassword(passwordRepeat)
    ? null
    : VALIDATION_MESSAGES.passwordRepeat;
}

export function validateFirstName(firstName: string): string | null {
  return firstName.trim() ? null : VALIDATION_MESSAGES.firstName;
}

export function validateLastName(lastName: string): string | null {
  return lastName.trim() ? null : VALIDATION_MESSAGES.lastName;
}

/** Optional while empty; otherwise it must be longer than 5 characters. */
export function validatePhone(phone: string): string | null {
  const value = phone.trim();
  if (value === '') return null;
  return value.length > PHONE_MIN_LENGTH_EXCLUSIVE ? null : VALIDATION_MESSAGES.phone;
}

export function validateAgeConfirmed(checked: boolean): string | null {
  return checked ? null : VALIDATION_MESSAGES.ageConfirmed;
}

export function validateTermsAccepted(checked: boolean): string | null {
  return checked ? null : VALIDATION_MESSAGES.termsAccepted;
}

export function validatePrivacyAccepted(checked: boolean): string | null {
  return checked ? null : VALIDATION_MESSAGES.privacyAccepted;
}
