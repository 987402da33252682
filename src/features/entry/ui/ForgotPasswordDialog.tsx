import { Box, Button, Group, LoadingOverlay, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { showableRequestErrors } from '../../../api/errors';
import { MutationRefused } from '../../../api/mutation-refused';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { applyRefusal } from '../../../components/forms/apply-refusal';
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
  const form = useForm({ initialValues: { email: initialEmail }, validate: { email: validateEmail } });
  const sendResetLink = useSendPasswordResetHash();
  // Checked 2 seconds after typing stops; a reason of the server shows until the address changes.
  const checkedError = useDebouncedError(form.values.email, validateEmail, form.isTouched('email'));
  const emailError = form.errors.email ?? checkedError;

  useEffect(() => {
    if (!opened) return;
    form.setInitialValues({ email: initialEmail });
    form.reset();
  }, [opened, initialEmail, form.setInitialValues, form.reset]);

  const submit = form.onSubmit(({ email }) =>
    sendResetLink.mutate(normalizeEmail(email), {
      onSuccess: (result) => {
        if (result.success) {
          showSuccessNotice(ENTRY_MESSAGES.resetRequestSuccess, FORM_NOTICE);
          onClose();
        } else {
          applyRefusal(form, MutationRefused.of(result.errors));
          showFormError(passwordResetFailureText(result.errors));
        }
      },
      onError: (error) => showFormError(passwordResetFailureText(showableRequestErrors(error))),
    }),
  );

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
            {...form.getInputProps('email', { withFocus: false })}
            error={emailError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={!isResetRequestEnabled(form.values.email)}>
              Link anfordern
            </Button>
          </Group>
        </Stack>
      </Box>
    </Modal>
  );
}
