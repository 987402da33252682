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
import type { AccountUserFragment } from '../../../api/graphql.generated';
import {
  ACCOUNT_COUNTRIES,
  ACCOUNT_TEXTS,
  type AccountDialogMode,
  type AccountTextField,
} from '../../../domain/account-form';
import { GENERIC_ERROR } from '../../../domain/error-texts';
import { REQUIRED_FIELD_NOTE } from '../../../domain/texts';
import { useAccountMe } from '../api/account';
import { AccountSessions } from './AccountSessions';
import { PushOptIn } from './PushOptIn';
import { type AccountForm as AccountFormState, useAccountForm } from './use-account-form';

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

/** One input of the form: the country as a choice, the others as text. */
function AccountField({ account, field }: { account: AccountFormState; field: AccountTextField }) {
  const { form } = account;
  // Setting a field marks it touched and clears its error (Mantine's clearInputErrorOnChange).
  const setField = (value: string) => form.setFieldValue(field, value);
  if (field === 'country') {
    return (
      <Select
        label={LABELS.country}
        data={ACCOUNT_COUNTRIES.map((country) => ({ value: country.code, label: country.label }))}
        value={form.values.country}
        allowDeselect={false}
        error={form.errors.country}
        onChange={(value) => setField(value ?? '')}
      />
    );
  }
  return (
    <TextInput
      label={LABELS[field]}
      withAsterisk={account.required.has(field)}
      type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
      description={field === 'vatId' ? VAT_ID_DESCRIPTION : undefined}
      value={form.values[field]}
      error={form.errors[field]}
      onChange={(event) => setField(event.currentTarget.value)}
    />
  );
}

function AccountForm({ user, mode, onDone }: { user: AccountUserFragment } & AccountSettingsFormProps) {
  const account = useAccountForm(user, mode, onDone);
  const { form, saveDisabled } = account;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!saveDisabled) void account.save();
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
          {account.fields.map((field) => (
            <AccountField key={field} account={account} field={field} />
          ))}
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
                onClick={() => void account.requestPasswordLink()}
                loading={account.requestingLink}
              >
                Passwort-Link anfordern
              </Button>
            </Group>
            <Divider />
            <AccountSessions />
            <Divider />
            <Checkbox
              label="Ich möchte den Newsletter erhalten."
              checked={form.values.newsletter}
              onChange={(event) => {
                form.setFieldValue('newsletter', event.currentTarget.checked);
              }}
            />
            <Divider />
            <PushOptIn />
          </>
        )}
        {account.serverError && (
          <Alert color="red" role="alert">
            {account.serverError}
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
          <Button type="submit" disabled={saveDisabled} loading={account.saving}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
