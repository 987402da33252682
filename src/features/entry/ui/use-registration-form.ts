import { type UseFormReturnType, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
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

/** Props of a field: touched by a change (or `touch` on leaving it), not by focusing it. */
const TYPED = { withFocus: false } as const;
const TICKED = { withFocus: false, type: 'checkbox' } as const;

export interface RegistrationFormState {
  form: UseFormReturnType<RegistrationForm>;
  /** Value (or `checked`) and `onChange` of a field; the error comes from `visibleError`. */
  inputProps: (field: RegistrationField) => ReturnType<UseFormReturnType<RegistrationForm>['getInputProps']>;
  /** Marks a field as visited (on leaving it), so that its message shows. */
  touch: (field: RegistrationField) => void;
  /**
   * Messages to show: a field speaks up only once the user has been in it (e-mail and phone 2
   * seconds after typing stops); a reason of the server shows under its field until it changes.
   */
  visibleError: (field: Exclude<ValidatedRegistrationField, 'password'>) => ReactNode;
  /** Every password rule the value breaks (once typed in), or the server's reason. */
  visiblePasswordErrors: string[];
  complete: boolean;
}

export function useRegistrationForm(): RegistrationFormState {
  const form = useForm<RegistrationForm>({
    initialValues: EMPTY_REGISTRATION_FORM,
    validate: registrationErrors,
  });
  const { values, errors } = form;
  const emailError = useDebouncedError(values.email, validateEmail, form.isTouched('email'));
  const phoneError = useDebouncedError(values.phone, validatePhone, form.isTouched('phone'));
  const ruleErrors = registrationErrors(values);

  return {
    form,
    inputProps: (field) =>
      form.getInputProps(field, typeof EMPTY_REGISTRATION_FORM[field] === 'boolean' ? TICKED : TYPED),
    touch: (field) =>
      form.setTouched((touched) => (touched[field] ? touched : { ...touched, [field]: true })),
    visibleError: (field) => {
      if (errors[field]) return errors[field];
      if (field === 'email') return emailError;
      if (field === 'phone') return phoneError;
      return form.isTouched(field) ? ruleErrors[field] : null;
    },
    visiblePasswordErrors: errors.password
      ? [String(errors.password)]
      : form.isTouched('password')
        ? passwordRuleViolations(values.password)
        : [],
    complete: isRegistrationComplete(values),
  };
}
