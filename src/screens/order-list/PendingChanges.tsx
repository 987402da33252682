import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { discardOutboxEntry } from '../../db/outbox';
import { type OutboxEntry, replayOrder, waitingText } from '../../domain/order-outbox';

function describeChange(entry: OutboxEntry): string {
  const { change } = entry;
  if (change.kind === 'create') return `${change.title}: ${change.amount} Kiste(n) hinzufügen`;
  if (change.kind === 'change') {
    const parts = [
      change.amount !== undefined ? `${change.amount} Kiste(n)` : null,
      change.conditionReport === undefined
        ? null
        : change.conditionReport
          ? 'mit Zustandsbericht'
          : 'ohne Zustandsbericht',
    ].filter(Boolean);
    return `${change.title}: ${parts.join(', ')}`;
  }
  return `${change.title} entfernen`;
}

/**
 * Order-list changes still on this device: those waiting for the connection, and those the server
 * refused when they were replayed, each with its German reason and the choice to discard it.
 */
export function PendingChanges({ queue }: { queue: OutboxEntry[] }) {
  const waiting = replayOrder(queue);
  const refused = queue.filter((entry) => entry.status === 'refused');
  if (waiting.length === 0 && refused.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="pending-order-changes">
      {waiting.length > 0 && (
        <Alert color="yellow" title={waitingText(queue)} role="status">
          <List size="sm">
            {waiting.map((entry) => (
              <List.Item key={entry.id}>{describeChange(entry)}</List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed" mt="xs">
            Die Änderungen werden automatisch übertragen, sobald wieder eine Verbindung besteht.
          </Text>
        </Alert>
      )}
      {refused.map((entry) => (
        <Alert key={entry.id} color="red" role="alert" title={`Nicht übernommen: ${describeChange(entry)}`}>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">{entry.reason}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void discardOutboxEntry(entry.id)}>
              Verwerfen
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
