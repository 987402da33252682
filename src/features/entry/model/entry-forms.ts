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

/** The German message per field of the new-password form, or null when the field is fine. */
export function resetPasswordErrors(form: ResetPasswordForm): Record<keyof ResetPasswordForm, string | null> {
  return {
    email: validateEmail(form.email),
    newPassword: validatePassword(form.newPassword),
    newPasswordRepeat: validatePasswordRepeat(form.newPassword, form.newPasswordRepeat),
  };
}

export function isResetPasswordEnabled(form: ResetPasswordForm): boolean {
  return Object.values(resetPasswordErrors(form)).every((message) => message === null);
}

export function resetPasswordPayload(
  form: ResetPasswordForm,
  postedToken: string,
): { email: string; newPassword: string; postedToken: string } {
  return { email: normalizeEmail(form.email), newPassword: normalizePassword(form.newPassword), postedToken };
}
