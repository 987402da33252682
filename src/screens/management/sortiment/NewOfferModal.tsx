import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_BOTTLE, formatPercent, marginPercent } from '../../../domain/backoffice-tranches';
import { validateAmount, validatePrice } from '../../../domain/backoffice-validation';
import { useCreateOfferAndPartialOffer, useSortimentLookups } from '../../../queries/backoffice-sortiment';
import { reportChange, reportFailure } from './mutation-feedback';

interface NewOfferForm {
  vintageId: string | null;
  bottleSizeId: string | null;
  caskOf: string;
  offererId: string | null;
  buyPriceBtl: string;
  sellPriceBtl: string;
  quantityAvailable: string;
}

const filledError = (value: string, validate: (input: string) => string | null) =>
  value.trim() === '' ? null : validate(value);

/** "Neues Angebot": an offer of a vintage with its first purchase tranche (createOfferAndPartialOffer). */
export function NewOfferModal({ onClose }: { onClose: () => void }) {
  const lookups = useSortimentLookups(true);
  const create = useCreateOfferAndPartialOffer();
  const [form, setForm] = useState<NewOfferForm>({
    vintageId: null,
    bottleSizeId: null,
    caskOf: String(DEFAULT_BOTTLE.caskOf),
    offererId: null,
    buyPriceBtl: '',
    sellPriceBtl: '',
    quantityAvailable: '',
  });
  const set = <Key extends keyof NewOfferForm>(key: Key, value: NewOfferForm[Key]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const standardSize = lookups.data?.allBottleSizes.find(
    (size) => Number(size.factorForLiterPrices) === DEFAULT_BOTTLE.factor,
  );
  const bottleSizeId = form.bottleSizeId ?? (standardSize ? String(standardSize.id) : null);
  const errors = {
    buyPriceBtl: filledError(form.buyPriceBtl, validatePrice),
    sellPriceBtl: filledError(form.sellPriceBtl, validatePrice),
    caskOf:
      filledError(form.caskOf, validateAmount) ??
      (form.caskOf.trim() === '0' ? 'Eine Kiste muss mindestens eine Flasche enthalten.' : null),
    quantityAvailable: filledError(form.quantityAvailable, validateAmount),
  };
  const complete =
    form.vintageId !== null &&
    bottleSizeId !== null &&
    form.offererId !== null &&
    [form.buyPriceBtl, form.sellPriceBtl, form.caskOf, form.quantityAvailable].every(
      (value) => value.trim() !== '',
    );
  const canSave = complete && Object.values(errors).every((message) => message === null);
  const margin =
    !errors.buyPriceBtl && !errors.sellPriceBtl && form.buyPriceBtl && form.sellPriceBtl
      ? marginPercent(form.sellPriceBtl.trim(), form.buyPriceBtl.trim())
      : null;

  const submit = async () => {
    try {
      const answer = await create.mutateAsync({
        vintageId: Number(form.vintageId),
        bottleSizeId: Number(bottleSizeId),
        offererId: Number(form.offererId),
        caskOf: form.caskOf.trim(),
        buyPriceBtl: form.buyPriceBtl.trim(),
        sellPriceBtl: form.sellPriceBtl.trim(),
        quantityAvailable: form.quantityAvailable.trim(),
      });
      if (reportChange(answer, 'Das Angebot wurde angelegt.')) onClose();
    } catch {
      reportFailure();
    }
  };

  return (
    <Modal opened onClose={create.isPending ? () => {} : onClose} title="Neues Angebot" size="lg">
      <Stack gap="sm">
        {lookups.isError ? (
          <Text c="red" role="alert">
            Fehler! Jahrgänge, Flaschengrößen und Lieferanten konnten nicht geladen werden.
          </Text>
        ) : null}
        <Select
          label="Jahrgang"
          placeholder={lookups.isPending ? 'Wird geladen …' : 'Wein suchen'}
          data={(lookups.data?.allVintages ?? []).map((vintage) => ({
            value: String(vintage.id),
            label: `${vintage.title} ${vintage.year}`,
          }))}
          value={form.vintageId}
          onChange={(value) => set('vintageId', value)}
          searchable
          limit={50}
          required
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Flaschengröße"
            data={(lookups.data?.allBottleSizes ?? []).map((size) => ({
              value: String(size.id),
              label: size.title,
            }))}
            value={bottleSizeId}
            onChange={(value) => set('bottleSizeId', value)}
            allowDeselect={false}
            required
          />
          <TextInput
            label="Flaschen pro Kiste"
            value={form.caskOf}
            onChange={(event) => set('caskOf', event.currentTarget.value)}
            error={errors.caskOf}
            required
          />
          <Select
            label="Lieferant"
            placeholder="Bitte wählen"
            data={(lookups.data?.allOfferers ?? []).map((offerer) => ({
              value: String(offerer.value),
              label: offerer.label,
            }))}
            value={form.offererId}
            onChange={(value) => set('offererId', value)}
            searchable
            required
          />
          <TextInput
            label="Kisten"
            value={form.quantityAvailable}
            onChange={(event) => set('quantityAvailable', event.currentTarget.value)}
            error={errors.quantityAvailable}
            required
          />
          <TextInput
            label="EKP pro Flasche (€)"
            placeholder="249.00"
            value={form.buyPriceBtl}
            onChange={(event) => set('buyPriceBtl', event.currentTarget.value)}
            error={errors.buyPriceBtl}
            required
          />
          <TextInput
            label="VK pro Flasche (€)"
            placeholder="299.00"
            value={form.sellPriceBtl}
            onChange={(event) => set('sellPriceBtl', event.currentTarget.value)}
            error={errors.sellPriceBtl}
            required
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Marge: {formatPercent(margin)}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            Abbrechen
          </Button>
          <Button onClick={() => void submit()} disabled={!canSave} loading={create.isPending}>
            Angebot anlegen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
