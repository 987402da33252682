import { Alert, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { BACKOFFICE_TABLE_TEXTS } from '../../../components/backoffice/BackofficeTable';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { invoiceChoiceLabel } from '../../../domain/backoffice-invoices';
import { invoiceStageLabel } from '../../../domain/invoice-stages';
import { type InvoiceCheckListEntry, useInvoiceCheckList } from '../api/backoffice-invoices';
import { InvoiceCheckDetails } from './InvoiceCheckDetails';

/**
 * Tab "Bestellungen und Rechnungen" (`#orders`): "Rechnung wählen" lists the invoices in the
 * check, checked below (number, date, positions, "Prüfung abschließen"), and those checked, whose
 * date and number can still be corrected until the client pays.
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
      <LoadFailedAlert
        title={BACKOFFICE_TABLE_TEXTS.error}
        retryLabel={BACKOFFICE_TABLE_TEXTS.retry}
        onRetry={list.refetch}
      />
    );
  }

  const optionOf = (invoice: InvoiceCheckListEntry) => ({
    value: String(invoice.id),
    label: invoiceChoiceLabel({
      id: invoice.id,
      date: invoice.invoiceDate ?? invoice.createdAt,
      firstName: invoice.user.firstName,
      lastName: invoice.user.lastName,
      email: invoice.user.email,
      stage: invoice.stage,
    }),
  });
  const waiting = list.data.checkNeeded.map(optionOf);
  const checked = list.data.checkDone.map(optionOf);
  const unpaid = [...list.data.waitingForPayment, ...list.data.paymentFailed].map(optionOf);
  // Cancelled ones with a payment reported afterwards first, until staff mark the refund done (a
  // failed attempt needs no refund and is only checked once).
  const open = (invoice: (typeof list.data.cancelled)[number]) =>
    Boolean(invoice.lateProviderEventAt) &&
    !(invoice.lateProviderEventOutcome === 'paid' && invoice.refundDoneAt);
  const cancelled = [...list.data.cancelled]
    .sort((a, b) => Number(open(b)) - Number(open(a)))
    .map((invoice) => {
      const option = optionOf(invoice);
      if (!open(invoice)) return option;
      const task =
        invoice.lateProviderEventOutcome === 'paid'
          ? 'Erstattung offen'
          : 'Zahlungsmeldung nach Storno prüfen';
      return { ...option, label: `${option.label} · ${task}` };
    });
  const flagged = list.data.cancelled.filter(open).length;
  const groups = [
    { group: `${invoiceStageLabel('CHECK_NEEDED')}: prüfen`, items: waiting },
    { group: `${invoiceStageLabel('CHECK_DONE')}: Datum und Nummer korrigieren`, items: checked },
    { group: 'Zahlung ausstehend oder fehlgeschlagen: stornierbar', items: unpaid },
    { group: 'Storniert', items: cancelled },
  ].filter((group) => group.items.length > 0);
  const options = [...waiting, ...checked, ...unpaid, ...cancelled];
  // A chosen invoice stays shown even when it has just left the list (paid meanwhile, for example).
  const chosenListed = chosenId !== null && options.some((option) => option.value === String(chosenId));

  return (
    <Stack gap="lg">
      {flagged > 0 && (
        <Alert color="red" role="alert" title="Zahlungsmeldung nach Storno">
          {flagged === 1
            ? 'Für eine stornierte Rechnung hat der Zahlungsanbieter nachträglich ein Zahlungsergebnis gemeldet. Sie ist unter „Storniert“ markiert; bitte prüfen und eine eingegangene Zahlung erstatten.'
            : `Für ${flagged} stornierte Rechnungen hat der Zahlungsanbieter nachträglich ein Zahlungsergebnis gemeldet. Sie sind unter „Storniert“ markiert; bitte prüfen und eingegangene Zahlungen erstatten.`}
        </Alert>
      )}
      {options.length === 0 && chosenId === null ? (
        <Text c="dimmed">Keine Rechnungen zur Prüfung.</Text>
      ) : (
        <Select
          label="Rechnung wählen"
          placeholder="Rechnungsnummer, Kunde oder E-Mail"
          description={`${waiting.length} in Prüfung, ${checked.length} geprüft (Datum und Nummer bis zur Zahlung korrigierbar), ${unpaid.length} unbezahlt, ${cancelled.length} storniert.`}
          data={groups}
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
