import { Alert, Button, Group, List, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyMutationError } from '../../../api/mutation-errors';
import { MAX_ORDER_CASES, MIN_ORDER_CASES } from '../../../domain/order-costs';
import { countLabel } from '../../../domain/plural';
import { useQueuedChangeEditing, useRetryOrderChange } from '../api/order-changes';
import { orderErrorMeta } from '../api/orders';
import { discardOutboxEntry } from '../api/outbox-store';
import { changeAmount, isEditable, type OutboxEntry, replayOrder, waitingText } from '../model/outbox-queue';

function describeChange(entry: OutboxEntry): string {
  const { change } = entry;
  if (change.kind === 'create') return `${change.title}: ${countLabel(change.amount, 'Kiste')} hinzufügen`;
  if (change.kind === 'change') {
    const parts = [
      change.amount !== undefined ? countLabel(change.amount, 'Kiste') : null,
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

/** A change the server refused: its German reason, a corrected amount to send again, or discard it. */
function RefusedChange({ entry }: { entry: OutboxEntry }) {
  const retry = useRetryOrderChange();
  const original = changeAmount(entry.change);
  const [amount, setAmount] = useState<number | string>(original ?? MIN_ORDER_CASES);
  const [sending, setSending] = useState(false);
  const cases = Number(amount);
  const valid =
    original === undefined ||
    (Number.isInteger(cases) && cases >= MIN_ORDER_CASES && cases <= MAX_ORDER_CASES);
  const send = async () => {
    setSending(true);
    try {
      await retry(entry, original === undefined ? undefined : cases);
    } finally {
      setSending(false);
    }
  };
  return (
    <Alert color="red" role="alert" title={`Nicht übernommen: ${describeChange(entry)}`}>
      <Stack gap="xs">
        <Text size="sm">{entry.reason}</Text>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          {original !== undefined ? (
            <NumberInput
              label="Kisten"
              size="xs"
              w={120}
              min={MIN_ORDER_CASES}
              max={MAX_ORDER_CASES}
              allowDecimal={false}
              allowNegative={false}
              value={amount}
              onChange={setAmount}
            />
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => void send()} loading={sending} disabled={!valid}>
              Erneut senden
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => void discardOutboxEntry(entry.id)}>
              Verwerfen
            </Button>
          </Group>
        </Group>
      </Stack>
    </Alert>
  );
}

/** A change waiting for the connection: "Zurückziehen" until it is on its way. */
function WaitingChange({ entry }: { entry: OutboxEntry }) {
  const { withdraw } = useQueuedChangeEditing();
  const [withdrawing, setWithdrawing] = useState(false);
  const description = describeChange(entry);
  return (
    <List.Item>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{description}</Text>
        {isEditable(entry) ? (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            aria-label={`${description} zurückziehen`}
            loading={withdrawing}
            onClick={() => {
              setWithdrawing(true);
              withdraw(entry)
                .catch((error: unknown) => notifyMutationError(error, orderErrorMeta('Nicht zurückgezogen')))
                .finally(() => setWithdrawing(false));
            }}
          >
            Zurückziehen
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            wird übertragen
          </Text>
        )}
      </Group>
    </List.Item>
  );
}

/**
 * Order-list changes still on this device: those waiting for the connection (each can be withdrawn
 * until it is on its way), and those the server refused when they were replayed, each with its
 * German reason and the choice to correct the amount and send it again, or to discard it.
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
              <WaitingChange key={entry.id} entry={entry} />
            ))}
          </List>
          <Text size="xs" c="dimmed" mt="xs">
            Die Änderungen werden automatisch übertragen, sobald wieder eine Verbindung besteht.
          </Text>
        </Alert>
      )}
      {refused.map((entry) => (
        <RefusedChange key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}
