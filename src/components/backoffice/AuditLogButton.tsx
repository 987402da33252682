import { Alert, Button, Code, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatAuditValue } from '../../domain/backoffice-table';
import { type AuditEntity, useAuditLog } from '../../queries/backoffice-audit';

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'medium' });

/** "Verlauf": the audit log of one record (who, when, what, before and after) in a dialog. */
export function AuditLogButton({
  entity,
  entityId,
  label,
}: {
  entity: AuditEntity;
  entityId: number;
  /** What the record is, e.g. "Rechnung 2026-0004" (dialog title). */
  label: string;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const log = useAuditLog(entity, entityId, opened);
  return (
    <>
      <Button variant="subtle" size="compact-sm" onClick={open}>
        Verlauf
      </Button>
      <Modal opened={opened} onClose={close} title={`Verlauf: ${label}`} size="xl">
        {log.isPending ? (
          <Loader role="status" aria-label="Wird geladen" />
        ) : log.isError ? (
          <Alert color="red" title="Fehler!">
            <Button variant="light" mt="sm" onClick={() => void log.refetch()}>
              Erneut laden
            </Button>
          </Alert>
        ) : log.data.length === 0 ? (
          <Text>Noch keine Änderungen.</Text>
        ) : (
          <Table striped aria-label="Änderungsverlauf">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Wann</Table.Th>
                <Table.Th>Wer</Table.Th>
                <Table.Th>Was</Table.Th>
                <Table.Th>Vorher</Table.Th>
                <Table.Th>Nachher</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.map((entry) => (
                <Table.Tr key={entry.id} data-testid="audit-entry">
                  <Table.Td>{dateTime.format(new Date(entry.at))}</Table.Td>
                  <Table.Td>{entry.actorEmail ?? '–'}</Table.Td>
                  <Table.Td>{entry.action}</Table.Td>
                  <Table.Td>
                    <AuditValues values={entry.before} />
                  </Table.Td>
                  <Table.Td>
                    <AuditValues values={entry.after} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Modal>
    </>
  );
}

function AuditValues({ values }: { values: Record<string, unknown> | null | undefined }) {
  if (!values || Object.keys(values).length === 0) return <Text c="dimmed">–</Text>;
  return (
    <Stack gap={2}>
      {Object.entries(values).map(([key, value]) => (
        <Text key={key} size="sm">
          {key}: <Code>{formatAuditValue(value)}</Code>
        </Text>
      ))}
    </Stack>
  );
}
