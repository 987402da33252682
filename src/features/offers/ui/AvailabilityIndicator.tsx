import { Group, Progress, Stack, Text } from '@mantine/core';
import {
  availabilityColor,
  availabilityCountText,
  availabilityLabel,
  availabilityPercent,
  availabilityShare,
  totalCases,
} from '../../../domain/offer-display';

export interface AvailabilityIndicatorProps {
  /** Cases available now (sum of the tranches' quantityAvailable). */
  availableCases: number;
  /** The offer's own total quantity, used when its tranches carry none. */
  offerTotal: number;
  tranches: readonly { totalQuantityAvailable: number }[];
}

/** "Verfügbarkeit: begrenzt" with "12 von 34 Kisten" and a bar of the share left. */
export function AvailabilityIndicator({ availableCases, offerTotal, tranches }: AvailabilityIndicatorProps) {
  const total = totalCases(offerTotal, tranches);
  const label = availabilityLabel(availableCases, total);
  const counts = availabilityCountText(availableCases, total);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">
          Verfügbarkeit: <strong data-testid="availability-label">{label}</strong>
        </Text>
        <Text size="xs" c="dimmed" data-testid="availability-count" style={{ whiteSpace: 'nowrap' }}>
          {counts}
        </Text>
      </Group>
      <Progress
        value={availabilityPercent(availabilityShare(availableCases, total))}
        color={availabilityColor(label)}
        size="sm"
        aria-label={`Verfügbarkeit ${label}, ${counts}`}
      />
    </Stack>
  );
}
