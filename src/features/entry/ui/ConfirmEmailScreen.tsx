import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BrandMark } from '../../../components/BrandMark';
import { ACCOUNT_MESSAGES } from '../../../domain/account-form';
import { GENERIC_ERROR } from '../../../domain/error-texts';
import { useConfirmEmailChange } from '../../account';

export const EMAIL_CONFIRMED =
  'Ihre neue Emailadresse ist bestätigt. Bitte melden Sie sich künftig mit ihr an.';

/** `/confirm-email/:token` (public): applies a changed e-mail address from the link mailed to it. */
export function ConfirmEmailScreen() {
  useDocumentTitle('Emailadresse bestätigen – Weindepot');
  const { token = '' } = useParams();
  const confirm = useConfirmEmailChange();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  const result = confirm.data;
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={480} w="100%">
        <Stack gap="md" align="flex-start">
          <BrandMark size={36} />
          <Title order={1} size="h3">
            Emailadresse bestätigen
          </Title>
          {confirm.isPending || (!result && !confirm.isError) ? (
            <Loader aria-label="Bestätigung läuft" />
          ) : result?.success ? (
            <Alert color="teal" role="status" w="100%">
              {EMAIL_CONFIRMED}
            </Alert>
          ) : (
            <Alert color="red" role="alert" w="100%">
              {result?.errors[0]?.message ??
                (confirm.isError ? GENERIC_ERROR : ACCOUNT_MESSAGES.emailChangeInvalid)}
            </Alert>
          )}
          <Text>
            <Anchor component={Link} to="/login">
              Zum Login
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
