import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { OfferDetailFragment } from '../../../api/graphql.generated';
import { formatEuro } from '../../../domain/money';
import { type CaseAmount, canBuy, effectiveAmount, showAmountPicker } from '../../../domain/offer-display';
import { lineTotalCents } from '../../../domain/offer-pricing';
import { countLabel } from '../../../domain/plural';
import { AmountPicker } from './AmountPicker';
import { AvailabilityIndicator } from './AvailabilityIndicator';
import classes from './offer-layout.module.css';

export interface OfferBuyBoxProps {
  offer: OfferDetailFragment;
  /** The buy actions (order list / enquiry, or the register-login modal for visitors). */
  renderActions: (state: { amount: CaseAmount; enabled: boolean }) => ReactNode;
  onOpenDrawer: () => void;
  /** Shown when the vintage has a video and cases are available. */
  onOpenVideo?: () => void;
}

/** Prices, availability, the case-amount picker, the total and the buy buttons. */
export function OfferBuyBox({ offer, renderActions, onOpenDrawer, onOpenVideo }: OfferBuyBoxProps) {
  const [selected, setSelected] = useState<CaseAmount>(1);
  const available = offer.availableCases;
  const amount = effectiveAmount(selected, available);
  const enabled = canBuy(available);
  const total = formatEuro(lineTotalCents(amount, offer.caskOf, offer.priceBtl));
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.buyBox}
      style={enabled ? undefined : { filter: 'grayscale(1)' }}
    >
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed">
            Preis pro Flasche ({offer.bottleSize.title})
          </Text>
          <Title order={2}>{offer.priceBtlStr}</Title>
          <Text size="sm" c="dimmed">
            Kiste à {countLabel(offer.caskOf, 'Flasche')}: {offer.sellPriceCaseStr} · {offer.pricePerLiterStr}{' '}
            pro Liter
          </Text>
        </div>
        <AvailabilityIndicator
          availableCases={available}
          offerTotal={offer.totalQuantityAvailable}
          tranches={offer.partialOfferRel}
        />
        {showAmountPicker(available) && (
          <AmountPicker value={amount} onChange={setSelected} availableCases={available} />
        )}
        <Divider />
        <Group justify="space-between">
          <Text fw={600}>Gesamt</Text>
          <Text fw={700} size="lg" data-testid="offer-total">
            {total}
          </Text>
        </Group>
        {renderActions({ amount, enabled })}
        <div className={classes.infoButtons} data-two={onOpenVideo ? true : undefined}>
          <Button variant="light" onClick={onOpenDrawer}>
            Weininformationen
          </Button>
          {onOpenVideo && (
            <Button variant="light" onClick={onOpenVideo}>
              Video ansehen
            </Button>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
