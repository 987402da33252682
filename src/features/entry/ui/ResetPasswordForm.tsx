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
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router-dom';
import { showableRequestErrors } from '../../../api/errors';
import { MutationRefused } from '../../../api/mutation-refused';
import { applyRefusal } from '../../../components/forms/apply-refusal';
import { PASSWORD_HINT, passwordRuleViolations, validateEmail } from '../../../domain/entry-validation';
import { LOGIN_PATH } from '../../../routes/entry-navigation';
import { useResetPassword } from '../api/entry-mutations';
import {
  isResetPasswordEnabled,
  type ResetPasswordForm as ResetPasswordValues,
  resetPasswordErrors,
  resetPasswordPayload,
} from '../model/entry-forms';
import { passwordResetFailureText } from '../model/entry-messages';
import { FieldMessages } from './FieldMessages';
import { showFormError } from './form-notice';
import { PASSWORD_TOGGLE_PROPS } from './password-toggle';
import { SIGN_IN_EMAIL_PROPS } from './sign-in-email';
import { useDebouncedError } from './use-debounced-error';

const EMPTY: ResetPasswordValues = { email: '', newPassword: '', newPasswordRepeat: '' };

/** A field's props: touched by typing only (not by focus), so its message waits for the first change. */
const TYPED = { withFocus: false } as const;

/** Sets a new password with the token from the reset link. */
export function ResetPasswordForm() {
  useDocumentTitle('Neues Passwort – Weindepot');
  const { token = '' } = useParams();
  const form = useForm<ResetPasswordValues>({ initialValues: EMPTY, validate: resetPasswordErrors });
  const { values, errors } = form;
  const resetPassword = useResetPassword();
  // A field speaks up once it was typed in (the e-mail 2 seconds after typing stops); a reason of
  // the server shows under its field until the field changes.
  const emailError = useDebouncedError(values.email, validateEmail, form.isTouched('email'));
  const passwordErrors = form.isTouched('newPassword') ? passwordRuleViolations(values.newPassword) : [];
  const repeatError = form.isTouched('newPasswordRepeat')
    ? resetPasswordErrors(values).newPasswordRepeat
    : null;

  const submit = form.onSubmit((submitted) =>
    resetPassword.mutate(resetPasswordPayload(submitted, token), {
      onSuccess: (result) => {
        if (result.success) {
          // A full reload, as in the original: no state of the reset survives into the login.
          window.location.assign(LOGIN_PATH);
        } else {
          applyRefusal(form, MutationRefused.of(result.errors));
          showFormError(passwordResetFailureText(result.errors));
        }
      },
      onError: (error) => showFormError(passwordResetFailureText(showableRequestErrors(error))),
    }),
  );

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
            {...form.getInputProps('email', TYPED)}
            error={errors.email ?? emailError}
          />
          <PasswordInput
            label="Neues Passwort"
            autoComplete="new-password"
            description={PASSWORD_HINT}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('newPassword', TYPED)}
            error={
              errors.newPassword ?? (passwordErrors.length > 0 && <FieldMessages messages={passwordErrors} />)
            }
            visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
          />
          <PasswordInput
            label="Neues Passwort wiederholen"
            autoComplete="new-password"
            {...form.getInputProps('newPasswordRepeat', TYPED)}
            error={errors.newPasswordRepeat ?? repeatError}
            visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
          />
          <Button type="submit" size="md" fullWidth disabled={!isResetPasswordEnabled(values)}>
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
