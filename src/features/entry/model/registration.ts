import { NO_TITLE } from '../../../domain/entry-constants';
import {
  normalizeEmail,
  normalizePassword,
  validateAgeConfirmed,
  validateEmail,
  validateFirstName,
  validateLastName,
  validatePassword,
  validatePasswordRepeat,
  validatePhone,
  validatePrivacyAccepted,
  validateTermsAccepted,
} from '../../../domain/entry-validation';
import { limitErrors, registrationInputSchema } from '../../../domain/input-limits';

/** The registration mode of the entry screen: its form, validation entries and payload. */

export interface RegistrationForm {
  email: string;
  password: string;
  passwordRepeat: string;
  salutation: string;
  title: string;
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  ageConfirmed: boolean;
  termsAccepted: boolean;
  privacyAccepted: boolean;
  newsletter: boolean;
}

export const EMPTY_REGISTRATION_FORM: RegistrationForm = {
  email: '',
  password: '',
  passwordRepeat: '',
  salutation: '',
  title: NO_TITLE,
  firstName: '',
  lastName: '',
  company: '',
  phone: '',
  ageConfirmed: false,
  termsAccepted: false,
  privacyAccepted: false,
  newsletter: false,
};

export type RegistrationField = keyof RegistrationForm;

/** The fields with a rule; each one is a "validation entry" of the spec. */
export const VALIDATED_REGISTRATION_FIELDS = [
  'email',
  'password',
  'passwordRepeat',
  'firstName',
  'lastName',
  'phone',
  'ageConfirmed',
  'termsAccepted',
  'privacyAccepted',
] as const satisfies readonly RegistrationField[];

export type ValidatedRegistrationField = (typeof VALIDATED_REGISTRATION_FIELDS)[number];

/** The German message per validated field, or null when the field is fine. */
export function registrationErrors(
  form: RegistrationForm,
): Record<ValidatedRegistrationField, string | null> {
  const limits = limitErrors(registrationInputSchema, { ...form });
  return {
    email: validateEmail(form.email) ?? limits.email ?? null,
    password: validatePassword(form.password) ?? limits.password ?? null,
    passwordRepeat:
      validatePasswordRepeat(form.password, form.passwordRepeat) ?? limits.passwordRepeat ?? null,
    firstName: validateFirstName(form.firstName) ?? limits.firstName ?? null,
    lastName: validateLastName(form.lastName) ?? limits.lastName ?? null,
    phone: validatePhone(form.phone) ?? limits.phone ?? null,
    ageConfirmed: validateAgeConfirmed(form.ageConfirmed),
    termsAccepted: validateTermsAccepted(form.termsAccepted),
    privacyAccepted: validatePrivacyAccepted(form.privacyAccepted),
  };
}

/** The register button is enabled only when every validation entry is true. */
export function isRegistrationComplete(form: RegistrationForm): boolean {
  return Object.values(registrationErrors(form)).every((message) => message === null);
}

export interface RegistrationPayload {
  email: string;
  password: string;
  passwordRepeat: string;
  salutation?: string;
  title?: string;
  firstName: string;
  lastName: string;
  company?: string;
  phone?: string;
  newsletter: boolean;
  lwin?: string;
}

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Empty optional fields (and the title '-') are left out rather than sent as empty strings. */
export function registrationPayload(form: RegistrationForm, lwin?: string): RegistrationPayload {
  return {
    email: normalizeEmail(form.email),
    password: normalizePassword(form.password),
    passwordRepeat: normalizePassword(form.passwordRepeat),
    salutation: optional(form.salutation),
    title: form.title === NO_TITLE ? undefined : optional(form.title),
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    company: optional(form.company),
    phone: optional(form.phone),
    newsletter: form.newsletter,
    lwin: optional(lwin ?? ''),
  };
}
