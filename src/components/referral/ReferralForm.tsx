import { Alert, Button, CopyButton, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { GENERIC_ERROR } from '../../domain/error-texts';
import {
  canGenerateReferral,
  DEFAULT_FORM_OF_ADDRESS,
  FORMS_OF_ADDRESS,
  type FormOfAddress,
  REFERRAL_SALUTATIONS,
  REFERRAL_TEXTS,
  type ReferralSalutation,
} from '../../domain/referral';
import { useSendReferral } from '../../queries/account';
import { NameFields } from '../NameFields';

interface ReferralValues {
  salutation: ReferralSalutation;
  formOfAddress: FormOfAddress;
  firstName: string;
  lastName: string;
}

const initialValues: ReferralValues = {
  salutation: 'Herr',
  formOfAddress: DEFAULT_FORM_OF_ADDRESS,
  firstName: '',
  lastName: '',
};

/** Input form → generated message with copy button → "Weitere Person empfehlen" resets. */
export function ReferralForm() {
  const send = useSendReferral();
  const [values, setValues] = useState<ReferralValues>(initialValues);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const set = <Field extends keyof ReferralValues>(field: Field, value: ReferralValues[Field]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const generate = async () => {
    setError(null);
    try {
      const result = await send.mutateAsync({
        salutation: values.salutation,
        formOfAddress: values.formOfAddress,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      });
      if (result.success && result.message) setMessage(result.message);
      else setError(result.errors[0]?.message ?? GENERIC_ERROR);
    } catch {
      setError(GENERIC_ERROR);
    }
  };

  const reset = () => {
    setValues(initialValues);
    setMessage(null);
    setError(null);
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Empfehlen Sie das Weindepot weiter: Wir erstellen Ihnen einen persönlichen Text, den Sie kopieren und
        versenden können.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canGenerateReferral(values)) void generate();
        }}
      >
        <Stack gap="sm">
          <Group gap="lg" wrap="wrap">
            <SegmentedControl
              aria-label="Anrede"
              data={REFERRAL_SALUTATIONS.map((salutation) => ({ label: salutation, value: salutation }))}
              value={values.salutation}
              onChange={(value) => set('salutation', value as ReferralSalutation)}
            />
            <SegmentedControl
              aria-label="Du oder Sie"
              data={FORMS_OF_ADDRESS.map((form) => ({ label: form, value: form }))}
              value={values.formOfAddress}
              onChange={(value) => set('formOfAddress', value as FormOfAddress)}
            />
          </Group>
          <NameFields firstName={values.firstName} lastName={values.lastName} onChange={set} />
          <Group justify="flex-end">
            <Button type="submit" disabled={!canGenerateReferral(values)} loading={send.isPending}>
              {message === null ? REFERRAL_TEXTS.generate : REFERRAL_TEXTS.regenerate}
            </Button>
          </Group>
        </Stack>
      </form>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {message !== null && (
        <Stack gap="sm">
          <Paper withBorder p="md" radius="md" bg="gray.0">
            <Text style={{ whiteSpace: 'pre-line' }} data-testid="referral-message">
              {message}
            </Text>
          </Paper>
          <Group justify="space-between" wrap="wrap">
            <CopyButton value={message} timeout={3000}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                >
                  {copied ? REFERRAL_TEXTS.copied : REFERRAL_TEXTS.copy}
                </Button>
              )}
            </CopyButton>
            <Button variant="subtle" onClick={reset}>
              {REFERRAL_TEXTS.another}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
