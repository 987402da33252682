import { Stack, Text } from '@mantine/core';
import { SharePieChart } from '../../../components/charts';
import { pieSlices } from '../../../domain/advice-portfolio';
import type { Proposal } from '../api/advice';

/** Pie chart of a proposal: slices merged per wine, one colour per region (default grey). */
export function ProposalPie({ profile, size = 260 }: { profile: Proposal; size?: number }) {
  const slices = pieSlices(
    profile.recommendedPositions.map((position) => ({
      label: position.offer.vintage.wine.title,
      region: position.offer.vintage.wine.winery.region.title,
      priceBtl: position.sellPriceBtl,
      amount: position.amount,
      caskOf: position.caskOf,
    })),
  );
  return (
    <Stack align="center" gap={4} data-testid="proposal-pie">
      <SharePieChart
        size={size}
        data={slices.map((slice) => ({ name: slice.label, value: slice.share, color: slice.color }))}
        withTooltip
        tooltipDataSource="segment"
        valueFormatter={(value) => `${value.toLocaleString('de-DE')} %`}
        role="img"
        aria-label="Aufteilung des Portfolios"
      />
      <Text size="xs" c="dimmed">
        Fahren Sie über ein Segment, um Details zu sehen.
      </Text>
    </Stack>
  );
}
