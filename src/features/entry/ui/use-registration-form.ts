import { useState } from 'react';
import { passwordRuleViolations, validateEmail, validatePhone } from '../../../domain/entry-validation';
import {
  EMPTY_REGISTRATION_FORM,
  isRegistrationComplete,
  type RegistrationField,
  type RegistrationForm,
  registrationErrors,
  type ValidatedRegistrationField,
} from '../model/registration';
import { useDebouncedError } from './use-debounced-error';

export interface RegistrationFormState {
  form: RegistrationForm;
  update: <K extends RegistrationField>(field: K, value: RegistrationForm[K]) => void;
  touch: (field: RegistrationField) => void;
  reset: () => void;
  /** Messages to show: a field speaks up only once the user has been in it. */
  visibleError: (field: Exclude<ValidatedRegistrationField, 'password'>) => string | null;
  visiblePasswordErrors: string[];
  complete: boolean;
}

export function useRegistrationForm(): RegistrationFormState {
  const [form, setForm] = useState<RegistrationForm>(EMPTY_REGISTRATION_FORM);
  const [touched, setTouched] = useState<ReadonlySet<RegistrationField>>(new Set());
  const emailError = useDebouncedError(form.email, validateEmail, touched.has('email'));
  const phoneError = useDebouncedError(form.phone, validatePhone, touched.has('phone'));
  const errors = registrationErrors(form);

  const touch = (field: RegistrationField) =>
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));

  return {
    form,
    update: (field, value) => {
      setForm((previous) => ({ ...previous, [field]: value }));
      touch(field);
    },
    touch,
    reset: () => {
      setForm(EMPTY_REGISTRATION_FORM);
      setTouched(new Set());
    },
    visibleError: (field) => {
      if (field === 'email') return emailError;
      if (field === 'phone') return phoneError;
      return touched.has(field) ? errors[field] : null;
    },
    visiblePasswordErrors: touched.has('password') ? passwordRuleViolations(form.password) : [],
    complete: isRegistrationComplete(form),
  };
}
