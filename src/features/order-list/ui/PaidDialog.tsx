import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DEPOT_PATH } from '../../../domain/order-list-texts';

/** Thank-you dialog after a payment, with a link to the depot. */
export function PaidDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Vielen Dank für Ihre Zahlung!" centered>
      <Stack>
        <Text>
          Ihre Zahlung ist eingegangen. Ihre Weine lagern ab sofort für Sie im Zollfreilager in Genf und sind
          in Ihrem Weindepot zu sehen.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Schließen
          </Button>
          <Button component={Link} to={DEPOT_PATH} onClick={onClose}>
            Zum Weindepot
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
