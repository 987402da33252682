import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { applyRefusal } from '../../../components/forms/apply-refusal';
import { normalizeEmail, validateEmail } from '../../../domain/entry-validation';

/**
 * Asks for a customer e-mail (creating or duplicating a quote). The address is checked before it
 * is sent; "Abbrechen" closes without a change.
 */
export function EmailPromptModal({
  opened,
  title,
  initialEmail = '',
  loading,
  onSubmit,
  onCancel,
}: {
  opened: boolean;
  title: string;
  /** Pre-filled address; default empty. */
  initialEmail?: string;
  loading: boolean;
  /** Called with the checked, lower-cased address; a refusal it rejects with shows under the field. */
  onSubmit: (email: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  // Checked on saving; once a message shows, it follows the typing until the address is right.
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: { email: validateEmail },
    clearInputErrorOnChange: false,
  });

  useEffect(() => {
    if (!opened) return;
    form.setInitialValues({ email: initialEmail });
    form.reset();
  }, [opened, initialEmail, form.setInitialValues, form.reset]);

  const submit = form.onSubmit(({ email }) =>
    onSubmit(normalizeEmail(email)).catch((error: unknown) => applyRefusal(form, error)),
  );

  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label="E-Mail-Adresse des Kunden"
            type="email"
            data-autofocus
            {...form.getInputProps('email')}
            onChange={(event) => {
              form.setFieldValue('email', event.currentTarget.value);
              if (form.errors.email) form.validateField('email');
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={loading}>
              Abbrechen
            </Button>
            <Button type="submit" loading={loading}>
              Speichern
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
