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
import { useState } from 'react';
import { checkMrn } from '../../../domain/backoffice-stock';
import { caseNumberCounter, formatCaseNumbers, parseCaseNumbers } from '../../../domain/backoffice-tranches';
import { validateAmount, validatePrice } from '../../../domain/backoffice-validation';
import {
  type SortimentTranche,
  useSaveTranche,
  useSortimentLookups,
} from '../../../queries/backoffice-sortiment';
import { reportChange, reportFailure } from './mutation-feedback';

const COUNTER_COLOURS = { below: 'orange.9', equal: 'teal.9', above: 'red.9' } as const;

interface TrancheForm {
  offererId: string | null;
  buyPriceBtl: string;
  amount: string;
  totalQuantityAvailable: string;
  quantityOnInvoice: string;
  proformaInvoiceNumberSourcing: string;
  invoiceNumberSourcing: string;
  lxTrade: string;
  mrn: string;
  paid: boolean;
  storageIds: string;
  storageLocation: string;
}

function initialForm(tranche: SortimentTranche | null): TrancheForm {
  return {
    offererId: tranche?.offerer ? String(tranche.offerer.id) : null,
    buyPriceBtl: tranche?.buyPriceBtl ?? '',
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

/** A message for a filled field; an empty optional field is fine. */
const ifFilled = (value: string, validate: (input: string) => string | null) =>
  value.trim() === '' ? null : validate(value);

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
  const [form, setForm] = useState(() => initialForm(tranche));
  const lookups = useSortimentLookups(true);
  const saveTranche = useSaveTranche();
  const set = <Key extends keyof TrancheForm>(key: Key, value: TrancheForm[Key]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const isNew = tranche === null;
  const total = form.totalQuantityAvailable.trim() === '' ? form.amount : form.totalQuantityAvailable;
  const caseNumbers = parseCaseNumbers(form.storageIds);
  const counter = caseNumberCounter(caseNumbers.caseNumbers.length, Number(total) || 0);
  const errors = {
    buyPriceBtl: isNew ? validatePrice(form.buyPriceBtl) : ifFilled(form.buyPriceBtl, validatePrice),
    amount: form.amount.trim() === '' ? null : validateAmount(form.amount),
    totalQuantityAvailable: ifFilled(form.totalQuantityAvailable, validateAmount),
    quantityOnInvoice: ifFilled(form.quantityOnInvoice, validateAmount),
    storageIds: caseNumbers.error,
    mrn: checkMrn(form.mrn).error,
  };
  const touchedPrice = form.buyPriceBtl.trim() !== '';
  const canSave =
    form.amount.trim() !== '' &&
    Object.values(errors).every((message) => message === null) &&
    (!isNew || form.offererId !== null);

  const submit = async () => {
    try {
      const answer = await saveTranche.mutateAsync({
        ...(isNew ? { offerId } : { partialOfferId: tranche.id }),
        offererId: form.offererId === null ? null : Number(form.offererId),
        buyPriceBtl: form.buyPriceBtl.trim() || null,
        amount: form.amount.trim(),
        totalQuantityAvailable: total.trim(),
        quantityOnInvoice: form.quantityOnInvoice.trim() || null,
        proformaInvoiceNumberSourcing: form.proformaInvoiceNumberSourcing,
        invoiceNumberSourcing: form.invoiceNumberSourcing,
        lxTrade: form.lxTrade,
        mrn: form.mrn,
        paid: form.paid,
        storageIds: formatCaseNumbers(caseNumbers.caseNumbers),
        storageLocation: form.storageLocation,
      });
      if (
        reportChange(
          answer,
          isNew ? 'Die Einkaufstranche wurde angelegt.' : 'Die Einkaufstranche wurde gespeichert.',
        )
      ) {
        onClose();
      }
    } catch {
      reportFailure();
    }
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
            value={form.offererId}
            onChange={(value) => set('offererId', value)}
            required={isNew}
            searchable
            error={lookups.isError ? 'Fehler! Die Lieferanten konnten nicht geladen werden.' : null}
          />
          <TextInput
            label="EKP pro Flasche (€)"
            placeholder="249.00"
            value={form.buyPriceBtl}
            onChange={(event) => set('buyPriceBtl', event.currentTarget.value)}
            error={touchedPrice || !isNew ? errors.buyPriceBtl : null}
            required={isNew}
          />
          <TextInput
            label="Verbleibende Kisten"
            value={form.amount}
            onChange={(event) => set('amount', event.currentTarget.value)}
            error={form.amount.trim() === '' ? 'Bitte geben Sie die verbleibenden Kisten an.' : errors.amount}
            required
          />
          <TextInput
            label="Gesamtmenge (Kisten)"
            placeholder={isNew ? 'wie verbleibende Kisten' : undefined}
            value={form.totalQuantityAvailable}
            onChange={(event) => set('totalQuantityAvailable', event.currentTarget.value)}
            error={errors.totalQuantityAvailable}
          />
          <TextInput
            label="Kisten auf Rechnung"
            value={form.quantityOnInvoice}
            onChange={(event) => set('quantityOnInvoice', event.currentTarget.value)}
            error={errors.quantityOnInvoice}
          />
          <TextInput
            label="Proforma-Rechnungsnummer"
            value={form.proformaInvoiceNumberSourcing}
            onChange={(event) => set('proformaInvoiceNumberSourcing', event.currentTarget.value)}
          />
          <TextInput
            label="Rechnungsnummer Einkauf"
            value={form.invoiceNumberSourcing}
            onChange={(event) => set('invoiceNumberSourcing', event.currentTarget.value)}
          />
          <TextInput
            label="Livex-Trade"
            value={form.lxTrade}
            onChange={(event) => set('lxTrade', event.currentTarget.value)}
          />
          <TextInput
            label="Zollnummer (MRN)"
            value={form.mrn}
            onChange={(event) => set('mrn', event.currentTarget.value)}
            error={errors.mrn}
          />
          <TextInput
            label="Lagerort"
            value={form.storageLocation}
            onChange={(event) => set('storageLocation', event.currentTarget.value)}
          />
        </SimpleGrid>
        <Checkbox
          label="Bezahlt"
          checked={form.paid}
          onChange={(event) => set('paid', event.currentTarget.checked)}
        />
        <Textarea
          label="Kistennummern"
          description="Kommagetrennt; „a, ..., b“ steht für alle Nummern von a bis b (Abstand unter 250)."
          autosize
          minRows={2}
          maxRows={6}
          value={form.storageIds}
          onChange={(event) => set('storageIds', event.currentTarget.value)}
          error={caseNumbers.error}
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
