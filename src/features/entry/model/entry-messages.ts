import { type ApiError, RATE_LIMITED, SERVICE_UNAVAILABLE } from '../../../domain/api-errors';
import { GENERIC_ERROR } from '../../../domain/error-texts';
import { SUPPORT_EMAIL } from '../../../domain/texts';

/** Texts of the entry screen's error catalogue and its success notices (spec section 8 and 2.1). */
export const ENTRY_MESSAGES = {
  invalidCredentials: 'Bitte überprüfen Sie Ihre Emailadresse und Ihr Passwort.',
  notActivated:
    'Ihr Nutzerkonto wurde noch nicht aktiviert. Den Aktivierungslink finden Sie in Ihrem Email-Postfach.',
  emailAlreadyRegistered: 'Für diese Emailadresse wurde bereits ein Konto registriert.',
  registrationSuccess:
    'Bitte bestätigen Sie nun Ihre Emailadresse mit der Aktivierungsemail, die wir Ihnen zugesendet haben.',
  resetRequestSuccess:
    'Wir haben Ihnen einen Link für die Passwortwiederherstellung zugesendet. Bitte überprüfen Sie Ihr Postfach.',
  checkEmailAddress: 'Bitte überprüfen Sie die angegebene Email-Adresse.',
  activationRunning: 'Ihr Benutzerkonto wird verifiziert...',
  activationSuccess: 'Konto erfolgreich aktiviert!',
  activationRedirect: '...Sie werden weitergeleitet.',
  /** The original only logged a failed activation; the portal tells the user (docs/deviations.md). */
  activationFailure:
    'Ihr Benutzerkonto konnte nicht aktiviert werden. Der Aktivierungslink ist ungültig oder wurde bereits verwendet.',
} as const;

/** Server messages of `tokenAuth` that the PWA maps; everything else is an unknown error. */
export const LOGIN_SERVER_MESSAGES = {
  invalidCredentials: 'Please enter valid credentials',
  notActivated: 'Bitte aktivieren Sie zuerst Ihr Nutzerkonto.',
} as const;

/** Errors whose server message is written for the user and is shown as it is. */
const passThrough = (error: ApiError | null | undefined) =>
  error?.code === RATE_LIMITED || error?.code === SERVICE_UNAVAILABLE;
export const EMAIL_ALREADY_REGISTERED = 'EMAIL_ALREADY_REGISTERED';
const LEGACY_EMAIL_ALREADY_REGISTERED = 'Email already registered.';

export function loginUnknownErrorText(supportEmail: string = SUPPORT_EMAIL): string {
  return `Es ist ein Fehler aufgetreten. Bei Fragen, melden Sie sich gerne unter ${supportEmail}.`;
}

export interface LoginErrorOutcome {
  text: string;
  /** A not yet activated account resets the login form (spec section 4). */
  resetForm: boolean;
}

/** Maps the first GraphQL error of a failed login (null for a network failure) to what is shown. */
export function loginErrorOutcome(firstError: ApiError | null, supportEmail?: string): LoginErrorOutcome {
  if (firstError && passThrough(firstError)) return { text: firstError.message, resetForm: false };
  switch (firstError?.message.trim()) {
    case LOGIN_SERVER_MESSAGES.invalidCredentials:
      return { text: ENTRY_MESSAGES.invalidCredentials, resetForm: false };
    case LOGIN_SERVER_MESSAGES.notActivated:
      return { text: ENTRY_MESSAGES.notActivated, resetForm: true };
    default:
      return { text: loginUnknownErrorText(supportEmail), resetForm: false };
  }
}

/**
 * What a failed registration shows. `errors` is null for a network or unexpected failure;
 * otherwise the errors of the answer, whose messages are German.
 */
export function registrationFailureText(errors: readonly ApiError[] | null): string {
  const first = errors?.[0];
  if (!first) return GENERIC_ERROR;
  const alreadyRegistered = errors.some(
    (error) =>
      error.code === EMAIL_ALREADY_REGISTERED || error.message.trim() === LEGACY_EMAIL_ALREADY_REGISTERED,
  );
  if (alreadyRegistered) return ENTRY_MESSAGES.emailAlreadyRegistered;
  return first.message.trim() || GENERIC_ERROR;
}

/** Reset request and password reset share one failure text; a rate limit or outage shows its own message. */
export function passwordResetFailureText(errors: readonly ApiError[] | null): string {
  const shown = errors?.find(passThrough);
  return shown ? shown.message : ENTRY_MESSAGES.checkEmailAddress;
}
