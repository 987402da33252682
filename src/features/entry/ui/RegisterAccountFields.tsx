import { PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PASSWORD_HINT } from '../../../domain/entry-validation';
import { FieldMessages } from './FieldMessages';
import { PASSWORD_TOGGLE_PROPS } from './password-toggle';
import { REQUIRED_FIELD_PROPS } from './required-field';
import type { RegistrationFormState } from './use-registration-form';

/** E-mail, password and its repeat. */
export function RegisterAccountFields({ state }: { state: RegistrationFormState }) {
  const { inputProps, visibleError, visiblePasswordErrors } = state;
  return (
    <Stack gap="md">
      <TextInput
        label="E-Mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        {...REQUIRED_FIELD_PROPS}
        {...inputProps('email')}
        error={visibleError('email')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PasswordInput
          label="Passwort"
          autoComplete="new-password"
          {...REQUIRED_FIELD_PROPS}
          description={PASSWORD_HINT}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...inputProps('password')}
          error={visiblePasswordErrors.length > 0 && <FieldMessages messages={visiblePasswordErrors} />}
          visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
        />
        <PasswordInput
          label="Passwort wiederholen"
          autoComplete="new-password"
          {...REQUIRED_FIELD_PROPS}
          {...inputProps('passwordRepeat')}
          error={visibleError('passwordRepeat')}
          visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
        />
      </SimpleGrid>
    </Stack>
  );
}
