import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** The German "new version" notice; the reload happens only on the user's click. */
export function showUpdatePrompt(applyUpdate: () => void): void {
  notifications.show({
    id: 'app-update',
    title: 'Neue Version verfügbar',
    autoClose: false,
    withCloseButton: true,
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">Laden Sie die Seite neu, sobald Sie Ihre Eingaben abgeschlossen haben.</Text>
        <Button size="xs" onClick={applyUpdate}>
          Jetzt aktualisieren
        </Button>
      </Group>
    ),
  });
}
