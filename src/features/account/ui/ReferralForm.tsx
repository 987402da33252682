import { Alert, Button, CopyButton, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { MutationRefused } from '../../../api/mutation-refused';
import { NameFields } from '../../../components/NameFields';
import { GENERIC_ERROR } from '../../../domain/error-texts';
import {
  canGenerateReferral,
  DEFAULT_FORM_OF_ADDRESS,
  FORMS_OF_ADDRESS,
  type FormOfAddress,
  REFERRAL_SALUTATIONS,
  REFERRAL_TEXTS,
  type ReferralSalutation,
} from '../../../domain/referral';
import { useSendReferral } from '../api/account';

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
  const form = useForm<ReferralValues>({ initialValues });
  const { values } = form;
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const generate = async () => {
    setError(null);
    try {
      const text = await send.mutateAsync({
        salutation: values.salutation,
        formOfAddress: values.formOfAddress,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      });
      if (text) setMessage(text);
      else setError(GENERIC_ERROR);
    } catch (refusal) {
      // Shown in the form (the mutation opts out of the notification).
      setError(refusal instanceof MutationRefused ? refusal.message : GENERIC_ERROR);
    }
  };

  const reset = () => {
    form.reset();
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
        onSubmit={form.onSubmit(() => {
          if (canGenerateReferral(values)) void generate();
        })}
      >
        <Stack gap="sm">
          <Group gap="lg" wrap="wrap">
            <SegmentedControl
              aria-label="Anrede"
              data={REFERRAL_SALUTATIONS.map((salutation) => ({ label: salutation, value: salutation }))}
              {...form.getInputProps('salutation')}
            />
            <SegmentedControl
              aria-label="Du oder Sie"
              data={FORMS_OF_ADDRESS.map((form) => ({ label: form, value: form }))}
              {...form.getInputProps('formOfAddress')}
            />
          </Group>
          <NameFields firstName={values.firstName} lastName={values.lastName} onChange={form.setFieldValue} />
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
