import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AccountUserFragment } from '../../../api/graphql.generated';
import { MutationRefused } from '../../../api/mutation-refused';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { applyRefusalToShown } from '../../../components/forms/apply-refusal';
import {
  ACCOUNT_DEFAULT_COUNTRY,
  ACCOUNT_SAVED_TOAST_MS,
  ACCOUNT_TEXTS,
  type AccountDialogMode,
  type AccountFormValues,
  type AccountTextField,
  ADDRESS_FIELDS,
  isAddressOnlySaveDisabled,
  isPhoneRequired,
  PASSWORD_LINK_TOAST_MS,
} from '../../../domain/account-form';
import { validateAccountChange } from '../../../domain/account-validation';
import { GENERIC_ERROR } from '../../../domain/error-texts';
import { useChangeUser, useRequestPasswordLink } from '../api/account';

/** The fields of the full settings, in the form's order (the address-only mode: `ADDRESS_FIELDS`). */
const DEFAULT_FIELDS: readonly AccountTextField[] = [
  'firstName',
  'lastName',
  'company',
  'vatId',
  'email',
  'phone',
  'streetAndNumber',
  'addressSupplement',
  'postalCode',
  'city',
  'country',
];

function initialValues(user: AccountUserFragment): AccountFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    company: user.company ?? '',
    vatId: user.vatId ?? '',
    email: user.email,
    phone: user.phone ?? '',
    streetAndNumber: user.streetAndNumber ?? '',
    addressSupplement: user.addressSupplement ?? '',
    postalCode: user.postalCode ?? '',
    city: user.city ?? '',
    country: user.country || ACCOUNT_DEFAULT_COUNTRY,
    newsletter: user.newsletter,
  };
}

/**
 * The account form of `mode` and what it decides: its fields and which are required, whether it
 * may be saved, the save (reasons for a field under it, the others in `serverError`) and the
 * request of a password link.
 */
export function useAccountForm(user: AccountUserFragment, mode: AccountDialogMode, onDone: () => void) {
  const changeUser = useChangeUser();
  const passwordLink = useRequestPasswordLink();
  const form = useForm<AccountFormValues>({ initialValues: initialValues(user) });
  const { values } = form;
  const [serverError, setServerError] = useState<string | null>(null);

  const fields = mode === 'default' ? DEFAULT_FIELDS : ADDRESS_FIELDS;
  const phoneRequired = isPhoneRequired({ phoneStored: Boolean(user.phone?.trim()), mode });
  const required = new Set<AccountTextField>([
    'firstName',
    'lastName',
    'streetAndNumber',
    'postalCode',
    'city',
  ]);
  if (phoneRequired) required.add('phone');
  // A field counts as edited once the client changed it (even back to what it was).
  const edited = new Set(fields.filter((field) => form.isTouched(field)));
  const saveDisabled = mode === 'adress-only' && isAddressOnlySaveDisabled(values, edited);

  const save = async () => {
    setServerError(null);
    // adress-only: only edited fields are sent, untouched ones stay as they are.
    const sentFields = mode === 'adress-only' ? fields.filter((field) => edited.has(field)) : fields;
    const change = Object.fromEntries(sentFields.map((field) => [field, values[field]])) as Partial<
      Record<AccountTextField, string>
    >;
    const invalid = validateAccountChange(change, { phoneRequired });
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      return;
    }
    try {
      const result = await changeUser.mutateAsync({
        ...change,
        ...(mode === 'default' ? { newsletter: values.newsletter } : {}),
      });
      showSuccessNotice(ACCOUNT_TEXTS.saved, { autoClose: ACCOUNT_SAVED_TOAST_MS });
      if (result.pendingEmail) {
        notifications.show({ message: ACCOUNT_TEXTS.emailChangePending(result.pendingEmail), color: 'blue' });
      }
      // The nudge closes itself once `me` is complete; the other modes close now.
      if (mode !== 'nudging') onDone();
    } catch (error) {
      // Reasons for a field of the form go under it; the others (and network errors) above the button.
      if (!(error instanceof MutationRefused)) return setServerError(GENERIC_ERROR);
      const others = applyRefusalToShown(form, error, DEFAULT_FIELDS);
      if (others.length > 0) setServerError(others.map((reason) => reason.message).join(' '));
    }
  };

  const requestPasswordLink = async () => {
    setServerError(null);
    try {
      const result = await passwordLink.mutateAsync();
      if (!result.success) return setServerError(result.errors[0]?.message ?? GENERIC_ERROR);
      onDone();
      showSuccessNotice(ACCOUNT_TEXTS.passwordLinkSent(user.email), { autoClose: PASSWORD_LINK_TOAST_MS });
    } catch {
      setServerError(GENERIC_ERROR);
    }
  };

  return {
    form,
    fields,
    required,
    saveDisabled,
    serverError,
    save,
    saving: changeUser.isPending,
    requestPasswordLink,
    requestingLink: passwordLink.isPending,
  };
}

export type AccountForm = ReturnType<typeof useAccountForm>;
