import { Group, Progress, Stack, Text } from '@mantine/core';
import {
  availabilityColor,
  availabilityLabel,
  availabilityPercent,
  availabilityShare,
  canBuy,
  totalCases,
} from '../../domain/offer-display';
import { countLabel } from '../../domain/plural';

export interface AvailabilityIndicatorProps {
  /** Cases available now (sum of the tranches' quantityAvailable). */
  availableCases: number;
  /** The offer's own total quantity, used when its tranches carry none. */
  offerTotal: number;
  tranches: readonly { totalQuantityAvailable: number }[];
}

/** "Verfügbarkeit: sehr gering / gering" and the orange/red bar of an offer. */
export function AvailabilityIndicator({ availableCases, offerTotal, tranches }: AvailabilityIndicatorProps) {
  const share = availabilityShare(availableCases, totalCases(offerTotal, tranches));
  const soldOut = !canBuy(availableCases);
  const label = soldOut ? 'ausverkauft' : availabilityLabel(share);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          Verfügbarkeit: <strong>{label}</strong>
        </Text>
        {!soldOut && (
          <Text size="xs" c="dimmed">
            {countLabel(availableCases, 'Kiste')}
          </Text>
        )}
      </Group>
      <Progress
        value={availabilityPercent(share)}
        color={availabilityColor(share)}
        size="sm"
        aria-label={`Verfügbarkeit ${label}`}
      />
    </Stack>
  );
}
