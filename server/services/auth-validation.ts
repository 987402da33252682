import {
  validateEmail,
  validateFirstName,
  validateLastName,
  validatePassword,
  validatePasswordRepeat,
  validatePhone,
} from '../../src/domain/entry-validation';
import { limitErrors, passwordResetSchema, registrationInputSchema } from '../../src/domain/input-limits';
import type { MutationError } from './errors';

/** Server-side messages of the entry operations (German; the login ones are mapped by the PWA). */
export const authMessages = {
  invalidCredentials: 'Please enter valid credentials',
  notActivated: 'Bitte aktivieren Sie zuerst Ihr Nutzerkonto.',
  emailAlreadyRegistered: 'Für diese Emailadresse wurde bereits ein Konto registriert.',
  rateLimited: 'Zu viele Anfragen. Bitte warten Sie eine Weile und versuchen Sie es dann erneut.',
  loginRateLimited:
    'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie 15 Minuten und versuchen Sie es dann erneut.',
  loginLocked:
    'Für diese Emailadresse gab es ungewöhnlich viele fehlgeschlagene Anmeldeversuche; sie ist vorübergehend gesperrt. Falls zu ihr ein Konto besteht, haben wir einen Link zum Entsperren an sie geschickt.',
  unlockInvalid: 'Dieser Link zum Entsperren ist ungültig, abgelaufen oder wurde bereits verwendet.',
  activationInvalid: 'Dieser Aktivierungslink ist ungültig, abgelaufen oder wurde bereits verwendet.',
  resetInvalid: 'Bitte überprüfen Sie die angegebene Email-Adresse.',
  salutation: 'Bitte wählen Sie die Anrede Herr oder Frau.',
  title: 'Bitte wählen Sie einen gültigen Titel.',
  sessionExpired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
};

const SALUTATIONS = ['Herr', 'Frau'];
const TITLES = ['-', 'Dr.', 'Prof. Dr.'];

/** Collects the message of each failing rule as a field error (same rules as the entry screen). */
function collect(checks: [field: string, message: string | null][]): MutationError[] {
  return checks.flatMap(([field, message]) => (message ? [{ code: 'INVALID', message, field }] : []));
}

export function validateRegistration(input: {
  email: string;
  password: string;
  passwordRepeat: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  salutation?: string | null;
  title?: string | null;
}): MutationError[] {
  const limits = limitErrors(registrationInputSchema, input);
  const rules = collect([
    ['email', validateEmail(input.email)],
    ['password', validatePassword(input.password)],
    ['passwordRepeat', validatePasswordRepeat(input.password, input.passwordRepeat)],
    ['firstName', validateFirstName(input.firstName)],
    ['lastName', validateLastName(input.lastName)],
    ['phone', validatePhone(input.phone ?? '')],
    [
      'salutation',
      input.salutation && !SALUTATIONS.includes(input.salutation) ? authMessages.salutation : null,
    ],
    ['title', input.title && !TITLES.includes(input.title) ? authMessages.title : null],
  ]);
  // Every field over its limit (also those without other rules: company, address, LWIN, …).
  const checked = new Set(rules.map((error) => error.field));
  return [...rules, ...collect(Object.entries(limits).filter(([field]) => !checked.has(field)))];
}

/** The reset request needs a valid address; setting the password also the password rules. */
export function validatePasswordReset(input: { email: string; password?: string }): MutationError[] {
  const limits = limitErrors(passwordResetSchema, { email: input.email, newPassword: input.password });
  return collect([
    ['email', validateEmail(input.email) ? authMessages.resetInvalid : null],
    [
      'newPassword',
      input.password === undefined ? null : (validatePassword(input.password) ?? limits.newPassword ?? null),
    ],
  ]);
}
