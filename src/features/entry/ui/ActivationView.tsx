import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ACTIVATION_REDIRECT_MS } from '../../../domain/entry-constants';
import { afterActivationPath, LOGIN_PATH } from '../../../routes/entry-navigation';
import { useActivate } from '../api/entry-mutations';
import { ENTRY_MESSAGES } from '../model/entry-messages';

/** Activates the account at once on load, then forwards after 2 seconds. */
export function ActivationView() {
  useDocumentTitle('Kontoaktivierung – Weindepot');
  const { uid = '', lwin } = useParams();
  const activate = useActivate();
  const navigate = useNavigate();
  const requestedFor = useRef<string | null>(null);

  useEffect(() => {
    // Once per uid, also when React mounts the effect twice in development.
    if (requestedFor.current === uid) return;
    requestedFor.current = uid;
    activate.mutate(uid);
  }, [uid, activate.mutate]);

  const activated = activate.isSuccess && activate.data.success;
  const failed = activate.isError || (activate.isSuccess && !activate.data.success);

  useEffect(() => {
    if (!activated) return;
    const timer = setTimeout(
      () => navigate(afterActivationPath(lwin), { replace: true }),
      ACTIVATION_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [activated, lwin, navigate]);

  if (failed) {
    return (
      <Stack gap="lg" align="stretch">
        <Title order={1}>Kontoaktivierung</Title>
        <Alert color="red" role="alert">
          {ENTRY_MESSAGES.activationFailure}
        </Alert>
        <Button component={Link} to={LOGIN_PATH} variant="outline">
          Zum Login
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md" align="center" py="xl" role="status" aria-live="polite">
      {activated ? (
        <>
          <Title order={1} ta="center">
            {ENTRY_MESSAGES.activationSuccess}
          </Title>
          <Text c="dimmed">{ENTRY_MESSAGES.activationRedirect}</Text>
        </>
      ) : (
        <>
          <Loader size="lg" />
          <Text>{ENTRY_MESSAGES.activationRunning}</Text>
        </>
      )}
    </Stack>
  );
}
