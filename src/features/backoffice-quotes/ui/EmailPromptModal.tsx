import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { validateEmail } from '../../../domain/entry-validation';

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
  onSubmit: (email: string) => void;
  onCancel: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setEmail(initialEmail);
      setError(null);
    }
  }, [opened, initialEmail]);

  const submit = () => {
    const problem = validateEmail(email);
    setError(problem);
    if (!problem) onSubmit(email.trim().toLowerCase());
  };

  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="E-Mail-Adresse des Kunden"
            type="email"
            data-autofocus
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              if (error) setError(validateEmail(event.currentTarget.value));
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
