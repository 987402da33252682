import {
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  LoadingOverlay,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useField } from '@mantine/form';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { firstGraphQLError } from '../../../api/errors';
import { lazyComponent, OpenAfterMount } from '../../../components/lazy-component';
import { useHydrated } from '../../../components/use-hydrated';
import { afterLoginPath, registerPath, screenPathAfterLogin } from '../../../routes/entry-navigation';
import { useTokenAuth } from '../api/auth';
import { useSignIn } from '../api/use-sign-in';
import { normalizeLoginCredentials } from '../model/entry-forms';
import { loginErrorOutcome } from '../model/entry-messages';
import { hideFormNotice, showFormError } from './form-notice';
import { PASSWORD_TOGGLE_PROPS } from './password-toggle';
import { recordedFrom } from './redirect-state';
import { SIGN_IN_EMAIL_PROPS } from './sign-in-email';

// The dialog (and Mantine's modal with it) loads on the first click, not with the login page.
const ForgotPasswordDialog = lazyComponent(() =>
  import('./ForgotPasswordDialog').then((module) => module.ForgotPasswordDialog),
);

export function LoginForm() {
  useDocumentTitle('Login – Weindepot');
  // Two fields of @mantine/form (`useField`, not `useForm`): `useForm` adds 6.4 KB gzipped and
  // would take /login over its 150 KB first-load budget. The login checks nothing before it is sent.
  const email = useField({ initialValue: '' });
  const password = useField({ initialValue: '' });
  const [forgotOpened, forgotDialog] = useDisclosure(false);
  const [forgotRequested, setForgotRequested] = useState(false);
  const tokenAuth = useTokenAuth();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  // Keystrokes before the JavaScript has taken over the server's HTML would be lost.
  const readOnly = !useHydrated();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    tokenAuth.mutate(normalizeLoginCredentials({ email: email.getValue(), password: password.getValue() }), {
      onSuccess: ({ token, user }) => {
        hideFormNotice();
        signIn({ token, user });
        navigate(afterLoginPath(recordedFrom(location.state)), { replace: true });
      },
      onError: (error) => {
        const outcome = loginErrorOutcome(firstGraphQLError(error), __SUPPORT_EMAIL__);
        showFormError(outcome.text);
        if (outcome.resetForm) {
          email.reset();
          password.reset();
        }
      },
    });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Login</Title>
        <Text c="dimmed" mt={4}>
          Melden Sie sich an, um Ihr Weindepot zu sehen.
        </Text>
      </div>
      {/* POST: a submit before the JavaScript has taken over the page never puts the fields into the address. */}
      {/* The page the sign-in leads to fetches its code once the form is used (src/app/router.tsx);
          named after the take-over of the server's HTML, which knows no redirect state. */}
      <Box
        component="form"
        method="post"
        pos="relative"
        onSubmit={submit}
        noValidate
        data-preload-route={
          readOnly ? undefined : screenPathAfterLogin(afterLoginPath(recordedFrom(location.state)))
        }
      >
        <LoadingOverlay visible={tokenAuth.isPending} overlayProps={{ blur: 1 }} />
        <Stack gap="md">
          <TextInput {...SIGN_IN_EMAIL_PROPS} readOnly={readOnly} {...email.getInputProps()} />
          <PasswordInput
            label="Passwort"
            autoComplete="current-password"
            readOnly={readOnly}
            {...password.getInputProps()}
            visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
          />
          <Group justify="flex-end">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setForgotRequested(true);
                forgotDialog.open();
              }}
            >
              Passwort vergessen
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth>
            Einloggen
          </Button>
        </Stack>
      </Box>
      <Divider label="Noch kein Konto?" labelPosition="center" />
      <Button
        component={Link}
        to={registerPath()}
        state={location.state}
        variant="outline"
        size="md"
        fullWidth
      >
        Registrieren
      </Button>
      {forgotRequested && (
        <Suspense fallback={null}>
          <OpenAfterMount opened={forgotOpened}>
            {(opened) => (
              <ForgotPasswordDialog
                opened={opened}
                onClose={forgotDialog.close}
                initialEmail={email.getValue()}
              />
            )}
          </OpenAfterMount>
        </Suspense>
      )}
    </Stack>
  );
}
