import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface BindingOrderDialogProps {
  opened: boolean;
  /** Whether the request is being sent. */
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Verbindliche Bestellung": confirm the binding request of the selected wines and services. */
export function BindingOrderDialog({ opened, pending, onConfirm, onClose }: BindingOrderDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Verbindliche Bestellung" centered>
      <Stack>
        <Text>Möchten Sie die ausgewählten Weine und Leistungen jetzt verbindlich anfragen?</Text>
        <Text size="sm" c="dimmed">
          Im Anschluss prüfen wir die Verfügbarkeit. Sie werden per Email und in Ihrem Weindepot informiert.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Zurück
          </Button>
          <Button onClick={onConfirm} loading={pending}>
            Verbindlich bestellen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
