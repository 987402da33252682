import { Anchor, Box, Button, Group, LoadingOverlay, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { showableRequestErrors } from '../../../api/errors';
import { MutationRefused } from '../../../api/mutation-refused';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { applyRefusal } from '../../../components/forms/apply-refusal';
import { REQUIRED_FIELD_NOTE } from '../../../domain/texts';
import { LOGIN_PATH } from '../../../routes/entry-navigation';
import { useRegister } from '../api/entry-mutations';
import { ENTRY_MESSAGES, registrationFailureText } from '../model/entry-messages';
import { registrationPayload } from '../model/registration';
import { FORM_NOTICE, showFormError } from './form-notice';
import { RegisterAccountFields } from './RegisterAccountFields';
import { RegisterConsents } from './RegisterConsents';
import { RegisterPersonFields } from './RegisterPersonFields';
import { useRegistrationForm } from './use-registration-form';

export function RegisterForm() {
  useDocumentTitle('Registrierung – Weindepot');
  const { lwin } = useParams();
  const state = useRegistrationForm();
  const register = useRegister();
  const navigate = useNavigate();
  const location = useLocation();

  const submit = state.form.onSubmit((values) =>
    register.mutate(registrationPayload(values, lwin), {
      onSuccess: (result) => {
        if (!result.success) {
          applyRefusal(state.form, MutationRefused.of(result.errors));
          showFormError(registrationFailureText(result.errors));
          return;
        }
        state.form.reset();
        showSuccessNotice(ENTRY_MESSAGES.registrationSuccess, FORM_NOTICE);
        navigate(LOGIN_PATH, { state: location.state });
      },
      onError: (error) => showFormError(registrationFailureText(showableRequestErrors(error))),
    }),
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Registrierung</Title>
        <Anchor component={Link} to={LOGIN_PATH} state={location.state}>
          Zum Login
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        {REQUIRED_FIELD_NOTE}
      </Text>
      <Box component="form" pos="relative" onSubmit={submit} noValidate>
        <LoadingOverlay visible={register.isPending} overlayProps={{ blur: 1 }} />
        <Stack gap="md">
          <RegisterAccountFields state={state} />
          <RegisterPersonFields state={state} />
          <RegisterConsents state={state} />
          <Button type="submit" size="md" fullWidth disabled={!state.complete}>
            Registrieren
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
