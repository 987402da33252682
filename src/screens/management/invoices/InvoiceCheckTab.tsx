import { Alert, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { invoiceChoiceLabel } from '../../../domain/backoffice-invoices';
import { useInvoiceCheckList } from '../../../queries/backoffice-invoices';
import { InvoiceCheckDetails } from './InvoiceCheckDetails';

/**
 * Tab "Orders and Invoices" (`#orders`): 'Choose ID' lists the invoices in stage check needed;
 * the chosen one is checked below (number, date, positions, "check done").
 */
export function InvoiceCheckTab() {
  const list = useInvoiceCheckList();
  const [chosenId, setChosenId] = useState<number | null>(null);

  if (list.isPending) {
    return (
      <Group gap="xs">
        <Loader size="sm" role="status" aria-label="Rechnungen werden geladen" />
        <Text>Rechnungen werden geladen …</Text>
      </Group>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" role="alert" title="Fehler!">
        <Button variant="light" mt="sm" onClick={() => void list.refetch()}>
          Erneut laden
        </Button>
      </Alert>
    );
  }

  const options = list.data.map((invoice) => ({
    value: String(invoice.id),
    label: invoiceChoiceLabel({
      id: invoice.id,
      date: invoice.invoiceDate ?? invoice.createdAt,
      firstName: invoice.user.firstName,
      lastName: invoice.user.lastName,
      email: invoice.user.email,
    }),
  }));
  // A chosen invoice stays shown even when it has just left the list (checked here or elsewhere).
  const chosenListed = chosenId !== null && options.some((option) => option.value === String(chosenId));

  return (
    <Stack gap="lg">
      {options.length === 0 && chosenId === null ? (
        <Text c="dimmed">Keine Rechnungen zur Prüfung.</Text>
      ) : (
        <Select
          label="Choose ID"
          placeholder="Rechnung wählen"
          description={`${options.length} ${options.length === 1 ? 'Rechnung wartet' : 'Rechnungen warten'} auf die Prüfung (check needed).`}
          data={options}
          value={chosenListed ? String(chosenId) : null}
          onChange={(value) => setChosenId(value ? Number(value) : null)}
          searchable
          clearable
          nothingFoundMessage="Keine passende Rechnung."
          maw={640}
        />
      )}
      {chosenId !== null && (
        <InvoiceCheckDetails key={chosenId} invoiceId={chosenId} onChecked={() => setChosenId(null)} />
      )}
    </Stack>
  );
}
