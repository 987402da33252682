import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AccountUserFragment } from '../../../api/graphql.generated';
import { MutationRefused, type RefusalReason } from '../../../api/mutation-refused';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { applyRefusal } from '../../../components/forms/apply-refusal';
import {
  ACCOUNT_COUNTRIES,
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
import { REQUIRED_FIELD_NOTE } from '../../../domain/texts';
import { useAccountMe, useChangeUser, useRequestPasswordLink } from '../api/account';
import { PushOptIn } from './PushOptIn';

export interface AccountSettingsFormProps {
  mode: AccountDialogMode;
  /** Closes the dialog (after saving, or after the password link was requested). */
  onDone: () => void;
}

const LABELS: Record<AccountTextField, string> = {
  firstName: 'Vorname',
  lastName: 'Nachname',
  company: 'Firma',
  vatId: 'USt-IdNr.',
  email: 'E-Mail',
  phone: 'Telefon',
  streetAndNumber: 'Straße und Hausnummer',
  addressSupplement: 'Adresszusatz',
  postalCode: 'Postleitzahl',
  city: 'Stadt',
  country: 'Land',
};

const VAT_ID_DESCRIPTION =
  'Für Firmenkunden: Mit Firma und USt-IdNr. erhalten Sie Ihre Rechnungen als E-Rechnung (ZUGFeRD/Factur-X).';

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

export function AccountSettingsForm({ mode, onDone }: AccountSettingsFormProps) {
  const account = useAccountMe();
  if (account.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Accountdaten werden geladen" />
      </Group>
    );
  }
  if (!account.data) {
    return (
      <Alert color="red" role="alert">
        {GENERIC_ERROR}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void account.refetch()}>
          Erneut versuchen
        </Button>
      </Alert>
    );
  }
  return <AccountForm user={account.data} mode={mode} onDone={onDone} />;
}

/** The reasons that hold and those that do not, each in order. */
function partition(reasons: readonly RefusalReason[], holds: (reason: RefusalReason) => boolean) {
  return [reasons.filter(holds), reasons.filter((reason) => !holds(reason))] as const;
}

function AccountForm({ user, mode, onDone }: { user: AccountUserFragment } & AccountSettingsFormProps) {
  const changeUser = useChangeUser();
  const passwordLink = useRequestPasswordLink();
  const form = useForm<AccountFormValues>({ initialValues: initialValues(user) });
  const { values, errors } = form;
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

  // Setting a field marks it touched and clears its error (Mantine's clearInputErrorOnChange).
  const setField = (field: AccountTextField, value: string) => form.setFieldValue(field, value);

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
      if (!(error instanceof MutationRefused)) {
        setServerError(GENERIC_ERROR);
        return;
      }
      const [forFields, others] = partition(error.reasons, (reason) =>
        Boolean(reason.field && reason.field in LABELS),
      );
      applyRefusal(form, MutationRefused.of(forFields));
      if (others.length > 0) setServerError(others.map((reason) => reason.message).join(' '));
    }
  };

  const requestPasswordLink = async () => {
    setServerError(null);
    try {
      const result = await passwordLink.mutateAsync();
      if (!result.success) {
        setServerError(result.errors[0]?.message ?? GENERIC_ERROR);
        return;
      }
      onDone();
      showSuccessNotice(ACCOUNT_TEXTS.passwordLinkSent(user.email), { autoClose: PASSWORD_LINK_TOAST_MS });
    } catch {
      setServerError(GENERIC_ERROR);
    }
  };

  const input = (field: AccountTextField) => {
    if (field === 'country') {
      return (
        <Select
          key={field}
          label={LABELS.country}
          data={ACCOUNT_COUNTRIES.map((country) => ({ value: country.code, label: country.label }))}
          value={values.country}
          allowDeselect={false}
          error={errors.country}
          onChange={(value) => setField('country', value ?? '')}
        />
      );
    }
    return (
      <TextInput
        key={field}
        label={LABELS[field]}
        withAsterisk={required.has(field)}
        type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
        description={field === 'vatId' ? VAT_ID_DESCRIPTION : undefined}
        value={values[field]}
        error={errors[field]}
        onChange={(event) => setField(field, event.currentTarget.value)}
      />
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!saveDisabled) void save();
      }}
    >
      <Stack gap="md">
        {mode === 'nudging' && <Text>{ACCOUNT_TEXTS.nudgingIntro}</Text>}
        {mode === 'default' && (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={3} size="h5">
              Persönliche Daten
            </Title>
            <Text size="sm" c="dimmed" data-testid="customer-number">
              Kundennummer: {user.customerNumber}
            </Text>
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {fields.map(input)}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {REQUIRED_FIELD_NOTE}
        </Text>
        {mode === 'default' && (
          <>
            <Divider />
            <Title order={3} size="h5">
              Passwort ändern
            </Title>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm">Wir senden Ihnen einen Link, über den Sie ein neues Passwort festlegen.</Text>
              <Button
                variant="light"
                onClick={() => void requestPasswordLink()}
                loading={passwordLink.isPending}
              >
                Passwort-Link anfordern
              </Button>
            </Group>
            <Divider />
            <Checkbox
              label="Ich möchte den Newsletter erhalten."
              checked={values.newsletter}
              onChange={(event) => {
                form.setFieldValue('newsletter', event.currentTarget.checked);
              }}
            />
            <Divider />
            <PushOptIn />
          </>
        )}
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        {/* The dialog's content scrolls (on a 900 px screen the form is taller than the dialog): the
            save button stays at its bottom edge, visible without scrolling. */}
        <Group
          justify="flex-end"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}
          data-testid="account-settings-actions"
        >
          <Button type="submit" disabled={saveDisabled} loading={changeUser.isPending}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
