import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useOnline } from '../../components/offline/use-online';
import { countLabel, isSingular } from '../../domain/plural';
import { LOG_OUT } from '../../domain/texts';
import { unsentEntries, useOrderOutbox, useSendOutboxNow } from '../../features/order-list';
import { useLogout } from '../session/use-logout';

/** Shown when the waiting changes went out while the dialog was open (the connection returned). */
export const ALL_CHANGES_SENT = 'Alle Änderungen sind gesendet.';

/** "n Änderungen sind noch nicht gesendet" (1 Änderung ist …), counted through `countLabel`. */
export function unsentChangesText(count: number): string {
  return `${countLabel(count, 'Änderung')} ${isSingular(count) ? 'ist' : 'sind'} noch nicht gesendet.`;
}

/**
 * The logout of the top bar. A logout removes everything of the user from the device; order-list
 * changes still waiting there are never kept or dropped silently: the user sends them now
 * (online) or discards them first.
 */
export function LogoutButton() {
  const logout = useLogout();
  const queue = useOrderOutbox();
  const sendNow = useSendOutboxNow();
  const online = useOnline();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  // Changes the server already applied are not lost by the logout.
  const unsent = unsentEntries(queue).length;

  const start = () => {
    if (unsent > 0) setAsking(true);
    else void logout();
  };
  const send = async () => {
    setSending(true);
    let left = unsent;
    try {
      left = (await sendNow()) ?? unsent;
    } finally {
      setSending(false);
    }
    // All sent: the logout goes on; otherwise the dialog shows what is left.
    if (left === 0) await logout();
  };

  return (
    <>
      <Button variant="subtle" px={{ base: 6, sm: 'md' }} onClick={start}>
        {LOG_OUT}
      </Button>
      {/* Stays open when the changes go out meanwhile (the connection returned): it says so and
          the logout is one click, instead of a dialog that vanishes under the pointer. */}
      <Modal opened={asking} onClose={() => setAsking(false)} title="Abmelden" centered>
        {unsent === 0 ? (
          <Stack gap="md">
            <Text data-testid="unsent-changes">{ALL_CHANGES_SENT}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAsking(false)}>
                Abbrechen
              </Button>
              <Button onClick={() => void logout()}>Abmelden</Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            <Text data-testid="unsent-changes">{unsentChangesText(unsent)}</Text>
            <Text size="sm" c="dimmed">
              Beim Abmelden werden alle Daten von diesem Gerät entfernt. Senden Sie die Änderungen jetzt oder
              verwerfen Sie sie.
            </Text>
            {online ? null : (
              <Text size="sm" c="dimmed">
                Zum Senden wird eine Internetverbindung benötigt.
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAsking(false)}>
                Abbrechen
              </Button>
              <Button variant="light" color="red" onClick={() => void logout()}>
                Verwerfen und abmelden
              </Button>
              <Button onClick={() => void send()} loading={sending} disabled={!online}>
                Jetzt senden
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
