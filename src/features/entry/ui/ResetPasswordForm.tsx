import {
  Anchor,
  Box,
  Button,
  LoadingOverlay,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { showableRequestErrors } from '../../../api/errors';
import {
  PASSWORD_HINT,
  passwordRuleViolations,
  validateEmail,
  validatePasswordRepeat,
} from '../../../domain/entry-validation';
import { LOGIN_PATH } from '../../../routes/entry-navigation';
import { useResetPassword } from '../api/entry-mutations';
import {
  isResetPasswordEnabled,
  type ResetPasswordForm as ResetPasswordValues,
  resetPasswordPayload,
} from '../model/entry-forms';
import { passwordResetFailureText } from '../model/entry-messages';
import { FieldMessages } from './FieldMessages';
import { showFormError } from './form-notice';
import { PASSWORD_TOGGLE_PROPS } from './password-toggle';
import { SIGN_IN_EMAIL_PROPS } from './sign-in-email';
import { useDebouncedError } from './use-debounced-error';

const EMPTY: ResetPasswordValues = { email: '', newPassword: '', newPasswordRepeat: '' };

/** Sets a new password with the token from the reset link. */
export function ResetPasswordForm() {
  useDocumentTitle('Neues Passwort – Weindepot');
  const { token = '' } = useParams();
  const [values, setValues] = useState<ResetPasswordValues>(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<keyof ResetPasswordValues>>(new Set());
  const resetPassword = useResetPassword();
  const emailError = useDebouncedError(values.email, validateEmail, touched.has('email'));
  const passwordErrors = touched.has('newPassword') ? passwordRuleViolations(values.newPassword) : [];
  const repeatError = touched.has('newPasswordRepeat')
    ? validatePasswordRepeat(values.newPassword, values.newPasswordRepeat)
    : null;
  const enabled = isResetPasswordEnabled(values);

  const update = (field: keyof ResetPasswordValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!enabled) return;
    resetPassword.mutate(resetPasswordPayload(values, token), {
      onSuccess: (result) => {
        if (result.success) {
          // A full reload, as in the original: no state of the reset survives into the login.
          window.location.assign(LOGIN_PATH);
        } else {
          showFormError(passwordResetFailureText(result.errors));
        }
      },
      onError: (error) => showFormError(passwordResetFailureText(showableRequestErrors(error))),
    });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Neues Passwort festlegen</Title>
        <Text c="dimmed" mt={4}>
          Geben Sie Ihre Emailadresse und Ihr neues Passwort ein.
        </Text>
      </div>
      <Box component="form" pos="relative" onSubmit={submit} noValidate>
        <LoadingOverlay visible={resetPassword.isPending} overlayProps={{ blur: 1 }} />
        <Stack gap="md">
          <TextInput
            {...SIGN_IN_EMAIL_PROPS}
            value={values.email}
            onChange={(event) => update('email', event.currentTarget.value)}
            error={emailError}
          />
          <PasswordInput
            label="Neues Passwort"
            autoComplete="new-password"
            description={PASSWORD_HINT}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={values.newPassword}
            onChange={(event) => update('newPassword', event.currentTarget.value)}
            error={passwordErrors.length > 0 && <FieldMessages messages={passwordErrors} />}
            visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
          />
          <PasswordInput
            label="Neues Passwort wiederholen"
            autoComplete="new-password"
            value={values.newPasswordRepeat}
            onChange={(event) => update('newPasswordRepeat', event.currentTarget.value)}
            error={repeatError}
            visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
          />
          <Button type="submit" size="md" fullWidth disabled={!enabled}>
            Passwort speichern
          </Button>
          <Anchor component={Link} to={LOGIN_PATH} size="sm" ta="center">
            Zum Login
          </Anchor>
        </Stack>
      </Box>
    </Stack>
  );
}
