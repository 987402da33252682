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
import { useForm } from '@mantine/form';
import { reportSuccess } from '../../../components/feedback/success-notice';
import { applyRefusal } from '../../../components/forms/apply-refusal';
import { caseNumberCounter, formatCaseNumbers, parseCaseNumbers } from '../../../domain/backoffice-tranches';
import { priceInputDecimal } from '../../../domain/backoffice-validation';
import { decimalToEuroInput } from '../../../domain/money';
import { type SortimentTranche, useSaveTranche, useSortimentLookups } from '../api/backoffice-sortiment';
import { type TrancheValues, trancheComplete, trancheProblems } from '../model/backoffice-forms';

const COUNTER_COLOURS = { below: 'orange.9', equal: 'teal.9', above: 'red.9' } as const;

function initialForm(tranche: SortimentTranche | null): TrancheValues {
  return {
    offererId: tranche?.offerer ? String(tranche.offerer.id) : null,
    buyPriceBtl: decimalToEuroInput(tranche?.buyPriceBtl),
    amount: tranche ? String(tranche.quantityAvailable) : '',
    totalQuantityAvailable: tranche ? String(tranche.totalQuantityAvailable) : '',
    quantityOnInvoice: tranche ? String(tranche.quantityOnInvoice ?? 0) : '0',
    proformaInvoiceNumberSourcing: tranche?.proformaInvoiceNumberSourcing ?? '',
    invoiceNumberSourcing: tranche?.invoiceNumberSourcing ?? '',
    lxTrade: tranche?.livexTrade ?? '',
    mrn: tranche?.mrn ?? '',
    paid: tranche?.paid ?? false,
    storageIds: tranche?.storageIds ?? '',
    storageLocation: tranche?.storageLocation ?? '',
  };
}

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
  const form = useForm<TrancheValues>({
    initialValues: initialForm(tranche),
    // The missing remaining cases are said at once; every field is checked as it is typed.
    initialErrors: trancheProblems(initialForm(tranche)),
    validateInputOnChange: true,
    validate: trancheProblems,
  });
  const { values } = form;
  const lookups = useSortimentLookups(true);
  const saveTranche = useSaveTranche();

  const isNew = tranche === null;
  const total = values.totalQuantityAvailable.trim() === '' ? values.amount : values.totalQuantityAvailable;
  const caseNumbers = parseCaseNumbers(values.storageIds);
  const counter = caseNumberCounter(caseNumbers.caseNumbers.length, Number(total) || 0);
  const canSave = Object.keys(trancheProblems(values)).length === 0 && trancheComplete(values, isNew);

  const submit = async () => {
    const saving = saveTranche.mutateAsync({
      ...(isNew ? { offerId } : { partialOfferId: tranche.id }),
      offererId: values.offererId === null ? null : Number(values.offererId),
      buyPriceBtl: priceInputDecimal(values.buyPriceBtl),
      amount: values.amount.trim(),
      totalQuantityAvailable: total.trim(),
      quantityOnInvoice: values.quantityOnInvoice.trim() || null,
      proformaInvoiceNumberSourcing: values.proformaInvoiceNumberSourcing,
      invoiceNumberSourcing: values.invoiceNumberSourcing,
      lxTrade: values.lxTrade,
      mrn: values.mrn,
      paid: values.paid,
      storageIds: formatCaseNumbers(caseNumbers.caseNumbers),
      storageLocation: values.storageLocation,
    });
    saving.catch((error: unknown) => applyRefusal(form, error));
    const savedText = isNew
      ? 'Die Einkaufstranche wurde angelegt.'
      : 'Die Einkaufstranche wurde gespeichert.';
    if (await reportSuccess(saving, savedText)) onClose();
  };

  return (
    <Modal
      opened
      onClose={saveTranche.isPending ? () => {} : onClose}
      title={isNew ? 'Einkaufstranche hinzufügen' : 'Einkaufstranche updaten'}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {offerTitle}
          {isNew ? '' : ` · Tranche ${tranche.id}`}
        </Text>
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
              lookups.isError
                ? 'Fehler! Die Lieferanten konnten nicht geladen werden.'
                : form.errors.offererId
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
          <TextInput
            label="Proforma-Rechnungsnummer"
            {...form.getInputProps('proformaInvoiceNumberSourcing')}
          />
          <TextInput label="Rechnungsnummer Einkauf" {...form.getInputProps('invoiceNumberSourcing')} />
          <TextInput label="Livex-Trade" {...form.getInputProps('lxTrade')} />
          <TextInput label="Zollnummer (MRN)" {...form.getInputProps('mrn')} />
          <TextInput label="Lagerort" {...form.getInputProps('storageLocation')} />
        </SimpleGrid>
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
          <Button variant="default" onClick={onClose} disabled={saveTranche.isPending}>
            Abbrechen
          </Button>
          <Button onClick={() => void submit()} disabled={!canSave} loading={saveTranche.isPending}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
