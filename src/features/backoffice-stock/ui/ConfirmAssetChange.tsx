import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { AssetChangeLine } from '../../../domain/backoffice-stock';

/** "Änderungen speichern?": the position's changes before and after; Abbrechen aborts the edit. */
export function ConfirmAssetChange({
  positionLabel,
  changes,
  saving,
  onCancel,
  onConfirm,
}: {
  positionLabel: string;
  /** Null while no confirmation is asked. */
  changes: AssetChangeLine[] | null;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={changes !== null} onClose={onCancel} title="Änderungen speichern?" size="lg" centered>
      <Stack gap="md">
        <Text>{positionLabel}</Text>
        <Table aria-label="Änderungen">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Feld</Table.Th>
              <Table.Th>Bisher</Table.Th>
              <Table.Th>Neu</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(changes ?? []).map((change) => (
              <Table.Tr key={change.field}>
                <Table.Td>{change.label}</Table.Td>
                <Table.Td>{change.before}</Table.Td>
                <Table.Td>{change.after}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Abbrechen
          </Button>
          <Button onClick={onConfirm} loading={saving}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
