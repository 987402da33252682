import {
  normalizeEmail,
  normalizePassword,
  validateEmail,
  validatePassword,
  validatePasswordRepeat,
} from '../../../domain/entry-validation';

/** Login, reset request and reset password of the entry screen. */

export interface LoginCredentials {
  email: string;
  password: string;
}

/** Login trims and lower-cases the e-mail and trims the password. */
export function normalizeLoginCredentials(credentials: LoginCredentials): LoginCredentials {
  return { email: normalizeEmail(credentials.email), password: normalizePassword(credentials.password) };
}

/** The "Passwort vergessen" button is enabled only with a valid e-mail. */
export function isResetRequestEnabled(email: string): boolean {
  return validateEmail(email) === null;
}

export interface ResetPasswordForm {
  email: string;
  newPassword: string;
  newPasswordRepeat: string;
}

export function isResetPasswordEnabled(form: ResetPasswordForm): boolean {
  return (
    validatePassword(form.newPassword) === null &&
    validatePasswordRepeat(form.newPassword, form.newPasswordRepeat) === null &&
    validateEmail(form.email) === null
  );
}

export function resetPasswordPayload(
  form: ResetPasswordForm,
  postedToken: string,
): { email: string; newPassword: string; postedToken: string } {
  return { email: normalizeEmail(form.email), newPassword: normalizePassword(form.newPassword), postedToken };
}
