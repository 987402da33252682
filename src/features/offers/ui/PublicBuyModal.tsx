import { Button, Divider, Modal, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH, type LoginRedirectState, registerPath } from '../../../routes/entry-navigation';
import { offerPath } from './offer-links';

export interface PublicBuyModalProps {
  lwin11: string;
  opened: boolean;
  onClose: () => void;
}

/** Visitors who want to buy: register for this deal, or log in and come back to the offer. */
export function PublicBuyModal({ lwin11, opened, onClose }: PublicBuyModalProps) {
  const navigate = useNavigate();
  const logIn = () => {
    // The entry screen returns to a recorded /admin page after the login (same state as RequireSession).
    const state: LoginRedirectState = { from: offerPath('admin', lwin11) };
    navigate(LOGIN_PATH, { state });
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Deal sichern"
      centered
      closeButtonProps={{ 'aria-label': 'Schließen' }}
    >
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={3}>Noch kein Account?</Title>
          <Text>Registrieren Sie sich jetzt im Weindepot, um sich diesen Deal zu sichern.</Text>
          <Button onClick={() => navigate(registerPath(lwin11))}>Registrieren</Button>
        </Stack>
        <Divider />
        <Stack gap="xs">
          <Title order={3}>Bereits Kunde?</Title>
          <Text>Loggen Sie sich mit Ihrem vorhandenen Account ein.</Text>
          <Button variant="outline" onClick={logIn}>
            Einloggen
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
