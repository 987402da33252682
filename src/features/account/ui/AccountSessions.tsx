import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { AccountSessionsQuery } from '../../../api/graphql.generated';
import { useOnline } from '../../../components/offline/use-online';
import { formatDateTime } from '../../../domain/dates';
import { GENERIC_ERROR } from '../../../domain/error-texts';
import { countLabel } from '../../../domain/plural';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/sessions';

export const SESSION_TEXTS = {
  title: 'Angemeldete Geräte',
  intro:
    'Hier sehen Sie, wo Ihr Konto angemeldet ist. Kennen Sie ein Gerät nicht, melden Sie es ab und ändern Sie Ihr Passwort.',
  thisDevice: 'Dieses Gerät',
  endOne: 'Abmelden',
  endOthers: 'Überall sonst abmelden',
  offline: 'Die angemeldeten Geräte werden angezeigt, sobald eine Internetverbindung besteht.',
};

type AccountSession = AccountSessionsQuery['mySessions'][number];

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="account-session">
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{session.deviceLabel}</Text>
            {session.current && (
              <Badge variant="light" color="green" autoContrast>
                {SESSION_TEXTS.thisDevice}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Angemeldet am {formatDateTime(session.createdAt)} · zuletzt aktiv{' '}
            {formatDateTime(session.lastSeenAt)}
          </Text>
          <Text size="sm" c="dimmed">
            Netzbereich {session.coarseLocation}
          </Text>
          {end.error && (
            <Text size="sm" c="red" role="alert">
              {end.error.message || GENERIC_ERROR}
            </Text>
          )}
        </Stack>
        {!session.current && (
          <Button
            variant="light"
            color="red"
            size="xs"
            loading={end.isPending}
            onClick={() => end.mutate(session.id)}
            aria-label={`${session.deviceLabel} abmelden`}
          >
            {SESSION_TEXTS.endOne}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function SessionList({ sessions }: { sessions: AccountSession[] }) {
  const endOthers = useEndOtherSessions();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <Stack gap="xs">
      {sessions.map((session) => (
        <SessionRow key={session.id} session={session} />
      ))}
      {others > 0 && (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm">{countLabel(others, 'Gerät')} außer diesem</Text>
          <Button
            variant="light"
            color="red"
            loading={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {SESSION_TEXTS.endOthers}
          </Button>
        </Group>
      )}
      {endOthers.error && (
        <Alert color="red" role="alert">
          {endOthers.error.message || GENERIC_ERROR}
        </Alert>
      )}
    </Stack>
  );
}

/** "Angemeldete Geräte" of the account settings: every open session, each with "Abmelden". */
export function AccountSessions() {
  const sessions = useAccountSessions();
  const online = useOnline();
  let content: React.ReactNode;
  if (sessions.data) content = <SessionList sessions={sessions.data} />;
  else if (!online) content = <Text size="sm">{SESSION_TEXTS.offline}</Text>;
  else if (sessions.isPending) content = <Loader size="sm" aria-label="Angemeldete Geräte werden geladen" />;
  else {
    content = (
      <Alert color="red" role="alert">
        {GENERIC_ERROR}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void sessions.refetch()}>
          Erneut versuchen
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="sm" aria-labelledby="account-sessions-title" component="section">
      <Title order={3} size="h5" id="account-sessions-title">
        {SESSION_TEXTS.title}
      </Title>
      <Text size="sm">{SESSION_TEXTS.intro}</Text>
      {content}
    </Stack>
  );
}
