import {
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { SortimentTranche } from '../api/backoffice-sortiment';
import { useTrancheForm } from '../api/use-tranche-form';
import type { TrancheValues } from '../model/backoffice-forms';

const COUNTER_COLOURS = { below: 'orange.9', equal: 'teal.9', above: 'red.9' } as const;

/**
 * "Einkaufstranche hinzufügen" (without tranche) and "Einkaufstranche updaten" (with one): the full
 * form of createOrUpdatePartialOffer. The remaining cases are mandatory; the case numbers are
 * stripped of whitespace, "a, ..., b" is expanded, a trailing comma blocks saving with
 * 'Falsches Format! (Komma am Ende?)', and a counter shows entered against total cases. The
 * case numbers are saved as the expanded list.
 */
export function TrancheFormModal({
  offerId,
  offerTitle,
  tranche,
  onClose,
}: {
  offerId: number;
  offerTitle: string;
  /** The tranche to update; null adds a new one. */
  tranche: SortimentTranche | null;
  onClose: () => void;
}) {
  const { form, lookups, isNew, counter, canSave, saving, submit } = useTrancheForm(
    offerId,
    tranche,
    onClose,
  );

  return (
    <Modal
      opened
      onClose={saving ? () => {} : onClose}
      title={isNew ? 'Einkaufstranche hinzufügen' : 'Einkaufstranche updaten'}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {offerTitle}
          {tranche === null ? '' : ` · Tranche ${tranche.id}`}
        </Text>
        <TrancheFields form={form} lookups={lookups} isNew={isNew} />
        <Checkbox label="Bezahlt" {...form.getInputProps('paid', { type: 'checkbox' })} />
        <Textarea
          label="Kistennummern"
          description="Kommagetrennt; „a, ..., b“ steht für alle Nummern von a bis b (Abstand unter 250)."
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('storageIds')}
        />
        <Text
          size="sm"
          c={COUNTER_COLOURS[counter.status]}
          data-testid="case-number-counter"
          aria-live="polite"
        >
          Kistennummern: {counter.text}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Abbrechen
          </Button>
          <Button onClick={() => void submit()} disabled={!canSave} loading={saving}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The tranche's fields beside each other (one column on a phone); supplier and EKP are mandatory for a new one. */
function TrancheFields({
  form,
  lookups,
  isNew,
}: {
  form: UseFormReturnType<TrancheValues>;
  lookups: ReturnType<typeof useTrancheForm>['lookups'];
  isNew: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Lieferant"
        placeholder={lookups.isPending ? 'Wird geladen …' : 'Bitte wählen'}
        data={(lookups.data?.allOfferers ?? []).map((offerer) => ({
          value: String(offerer.value),
          label: offerer.label,
        }))}
        {...form.getInputProps('offererId')}
        required={isNew}
        searchable
        error={
          lookups.isError ? 'Fehler! Die Lieferanten konnten nicht geladen werden.' : form.errors.offererId
        }
      />
      <TextInput
        label="EKP pro Flasche (€)"
        placeholder="249,00"
        {...form.getInputProps('buyPriceBtl')}
        required={isNew}
      />
      <TextInput label="Verbleibende Kisten" {...form.getInputProps('amount')} required />
      <TextInput
        label="Gesamtmenge (Kisten)"
        placeholder={isNew ? 'wie verbleibende Kisten' : undefined}
        {...form.getInputProps('totalQuantityAvailable')}
      />
      <TextInput label="Kisten auf Rechnung" {...form.getInputProps('quantityOnInvoice')} />
      <TextInput label="Proforma-Rechnungsnummer" {...form.getInputProps('proformaInvoiceNumberSourcing')} />
      <TextInput label="Rechnungsnummer Einkauf" {...form.getInputProps('invoiceNumberSourcing')} />
      <TextInput label="Livex-Trade" {...form.getInputProps('lxTrade')} />
      <TextInput label="Zollnummer (MRN)" {...form.getInputProps('mrn')} />
      <TextInput label="Lagerort" {...form.getInputProps('storageLocation')} />
    </SimpleGrid>
  );
}
