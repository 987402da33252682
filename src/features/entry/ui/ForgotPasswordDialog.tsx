import { Box, Button, Group, LoadingOverlay, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { showableRequestErrors } from '../../../api/errors';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { normalizeEmail, validateEmail } from '../../../domain/entry-validation';
import { useSendPasswordResetHash } from '../api/entry-mutations';
import { isResetRequestEnabled } from '../model/entry-forms';
import { ENTRY_MESSAGES, passwordResetFailureText } from '../model/entry-messages';
import { FORM_NOTICE, showFormError } from './form-notice';
import { useDebouncedError } from './use-debounced-error';

export interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /** What the login form holds; it pre-fills the dialog. */
  initialEmail: string;
}

/** "Passwort vergessen": asks for the e-mail to which the reset link is sent. */
export function ForgotPasswordDialog({ opened, onClose, initialEmail }: ForgotPasswordDialogProps) {
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const sendResetLink = useSendPasswordResetHash();
  const emailError = useDebouncedError(email, validateEmail, touched);

  useEffect(() => {
    if (opened) {
      setEmail(initialEmail);
      setTouched(false);
    }
  }, [opened, initialEmail]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isResetRequestEnabled(email)) return;
    sendResetLink.mutate(normalizeEmail(email), {
      onSuccess: (result) => {
        if (result.success) {
          showSuccessNotice(ENTRY_MESSAGES.resetRequestSuccess, FORM_NOTICE);
          onClose();
        } else {
          showFormError(passwordResetFailureText(result.errors));
        }
      },
      onError: (error) => showFormError(passwordResetFailureText(showableRequestErrors(error))),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Passwort vergessen" centered>
      <Box component="form" pos="relative" onSubmit={submit} noValidate>
        <LoadingOverlay visible={sendResetLink.isPending} overlayProps={{ blur: 1 }} />
        <Stack gap="md">
          <Text size="sm">
            Geben Sie die Emailadresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues
            Passwort festlegen können.
          </Text>
          <TextInput
            label="E-Mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            data-autofocus
            value={email}
            error={emailError}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setTouched(true);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={!isResetRequestEnabled(email)}>
              Link anfordern
            </Button>
          </Group>
        </Stack>
      </Box>
    </Modal>
  );
}
