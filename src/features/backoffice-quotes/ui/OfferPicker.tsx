import { Alert, Button, Chip, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { SAVED_NOTICE_MS, showSuccessNotice } from '../../../components/feedback/success-notice';
import {
  parseBucket,
  QUOTE_ADD_AMOUNTS,
  QUOTE_REGIONS,
  type QuoteRegion,
  quoteOfferSections,
  serializeBucket,
} from '../../../domain/backoffice-quotes';
import { decimalToCents, formatEuro } from '../../../domain/money';
import {
  type ManualQuote,
  useAddOfferToManualQuote,
  useEditBucketOnManualQuote,
  useManualQuoteOffers,
} from '../api/backoffice-quotes';

/**
 * "Position hinzufügen": the region filter (stored on the quote), per region the newest listed
 * offers as chips, the cases to add (1–4) and the button that adds them.
 */
export function OfferPicker({ quote, disabled }: { quote: ManualQuote; disabled: boolean }) {
  const offers = useManualQuoteOffers(true);
  const editBucket = useEditBucketOnManualQuote();
  const addOffer = useAddOfferToManualQuote();
  const [regions, setRegions] = useState<QuoteRegion[]>(() => parseBucket(quote.bucket));
  const [offerId, setOfferId] = useState<string | null>(null);
  const [amount, setAmount] = useState('1');

  useEffect(() => setRegions(parseBucket(quote.bucket)), [quote.bucket]);

  const sections = useMemo(() => quoteOfferSections(offers.data ?? [], regions), [offers.data, regions]);
  const chosenOffer = offers.data?.find((offer) => String(offer.id) === offerId) ?? null;

  const changeRegions = (values: string[]) => {
    const next = parseBucket(values.join(','));
    const previous = regions;
    setRegions(next);
    editBucket.mutate(
      { quoteId: quote.id, bucket: serializeBucket(next) },
      {
        onError: () => setRegions(previous),
      },
    );
  };

  const add = () => {
    if (!chosenOffer) return;
    addOffer.mutate(
      { quoteId: quote.id, offerId: chosenOffer.id, amount: Number(amount) },
      {
        onSuccess: () => {
          showSuccessNotice(`${amount} × ${chosenOffer.title} hinzugefügt.`, { autoClose: SAVED_NOTICE_MS });
          setOfferId(null);
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="offer-picker">
      <Title order={4}>Position hinzufügen</Title>
      <Group gap="xs" aria-label="Regionen filtern" role="group" data-testid="region-filter">
        <Text size="sm" fw={500}>
          Regionen:
        </Text>
        <Chip.Group multiple value={regions} onChange={changeRegions}>
          {QUOTE_REGIONS.map((region) => (
            <Chip key={region} value={region} size="sm" disabled={disabled}>
              {region}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
      {offers.isPending ? (
        <Loader size="sm" aria-label="Weine werden geladen" />
      ) : offers.isError ? (
        <Alert color="red" title="Fehler!">
          <Button variant="light" size="xs" onClick={() => void offers.refetch()}>
            Erneut laden
          </Button>
        </Alert>
      ) : (
        <Chip.Group value={offerId} onChange={setOfferId}>
          <Stack gap="xs">
            {sections.map((section) => (
              <Stack key={section.region} gap={4} data-testid={`region-${section.region}`}>
                <Text size="sm" fw={600}>
                  {section.region}
                </Text>
                {section.offers.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    Keine verfügbaren Weine.
                  </Text>
                ) : (
                  <Group gap={6}>
                    {section.offers.map((offer) => (
                      <Chip
                        key={offer.id}
                        value={String(offer.id)}
                        size="xs"
                        variant="outline"
                        disabled={disabled}
                      >
                        {offer.title} · {formatEuro(decimalToCents(offer.sellPriceBtl))} ·{' '}
                        {offer.availableCases} verfügbar
                      </Chip>
                    ))}
                  </Group>
                )}
              </Stack>
            ))}
          </Stack>
        </Chip.Group>
      )}
      <Group gap="xs" align="center" data-testid="amount-chips">
        <Text size="sm" fw={500}>
          Kisten:
        </Text>
        <Chip.Group value={amount} onChange={setAmount}>
          {QUOTE_ADD_AMOUNTS.map((cases) => (
            <Chip key={cases} value={String(cases)} size="sm" disabled={disabled}>
              {cases}
            </Chip>
          ))}
        </Chip.Group>
        <Button onClick={add} disabled={disabled || !chosenOffer} loading={addOffer.isPending}>
          Position hinzufügen
        </Button>
      </Group>
    </Stack>
  );
}
