import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { reportSuccess } from '../../../components/feedback/success-notice';
import { applyRefusal } from '../../../components/forms/apply-refusal';
import { DEFAULT_BOTTLE, formatPercent, marginPercent } from '../../../domain/backoffice-tranches';
import { priceInputDecimal } from '../../../domain/backoffice-validation';
import { useCreateOfferAndPartialOffer, useSortimentLookups } from '../api/backoffice-sortiment';
import { type NewOfferValues, newOfferComplete, newOfferProblems } from '../model/backoffice-forms';

/** "Neues Angebot": an offer of a vintage with its first purchase tranche (createOfferAndPartialOffer). */
export function NewOfferModal({ onClose }: { onClose: () => void }) {
  const lookups = useSortimentLookups(true);
  const create = useCreateOfferAndPartialOffer();
  const form = useForm<NewOfferValues>({
    initialValues: {
      vintageId: null,
      bottleSizeId: null,
      caskOf: String(DEFAULT_BOTTLE.caskOf),
      offererId: null,
      buyPriceBtl: '',
      sellPriceBtl: '',
      quantityAvailable: '',
    },
    // A filled field is checked as it is typed.
    validateInputOnChange: true,
    validate: newOfferProblems,
  });
  const { values } = form;

  const standardSize = lookups.data?.allBottleSizes.find(
    (size) => Number(size.factorForLiterPrices) === DEFAULT_BOTTLE.factor,
  );
  const bottleSizeId = values.bottleSizeId ?? (standardSize ? String(standardSize.id) : null);
  const problems = newOfferProblems(values);
  const canSave = newOfferComplete(values, bottleSizeId) && Object.keys(problems).length === 0;
  const buyPriceBtl = priceInputDecimal(values.buyPriceBtl);
  const sellPriceBtl = priceInputDecimal(values.sellPriceBtl);
  const margin = buyPriceBtl && sellPriceBtl ? marginPercent(sellPriceBtl, buyPriceBtl) : null;

  const submit = async () => {
    if (!buyPriceBtl || !sellPriceBtl) return;
    const saving = create.mutateAsync({
      vintageId: Number(values.vintageId),
      bottleSizeId: Number(bottleSizeId),
      offererId: Number(values.offererId),
      caskOf: values.caskOf.trim(),
      buyPriceBtl,
      sellPriceBtl,
      quantityAvailable: values.quantityAvailable.trim(),
    });
    saving.catch((error: unknown) => applyRefusal(form, error));
    if (await reportSuccess(saving, 'Das Angebot wurde angelegt.')) onClose();
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
          {...form.getInputProps('vintageId')}
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
            {...form.getInputProps('bottleSizeId')}
            value={bottleSizeId}
            allowDeselect={false}
            required
          />
          <TextInput label="Flaschen pro Kiste" {...form.getInputProps('caskOf')} required />
          <Select
            label="Lieferant"
            placeholder="Bitte wählen"
            data={(lookups.data?.allOfferers ?? []).map((offerer) => ({
              value: String(offerer.value),
              label: offerer.label,
            }))}
            {...form.getInputProps('offererId')}
            searchable
            required
          />
          <TextInput label="Kisten" {...form.getInputProps('quantityAvailable')} required />
          <TextInput
            label="EKP pro Flasche (€)"
            placeholder="249,00"
            {...form.getInputProps('buyPriceBtl')}
            required
          />
          <TextInput
            label="VK pro Flasche (€)"
            placeholder="299,00"
            {...form.getInputProps('sellPriceBtl')}
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
