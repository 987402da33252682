import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { INVOICE_FEE_LINES } from '../../../domain/invoice-labels';
import type { CostSummaryStrings } from '../../../domain/order-costs';

export interface CostSummaryCardProps {
  /** The sums as '1.234,56 €' strings. */
  sums: CostSummaryStrings;
  /** Heading; default "Zusammenfassung". */
  title?: string;
}

// The fee lines named as the invoice PDF and the pay page name them.
const rows: [keyof CostSummaryStrings, string][] = [
  ['vintagesSumStr', 'Weine'],
  ...INVOICE_FEE_LINES.map(({ key, label }): [keyof CostSummaryStrings, string] => [`${key}Str`, label]),
];

/** The cost summary: vintages, logistics, condition report, storage, management fee, overall. */
export function CostSummaryCard({ sums, title = 'Zusammenfassung' }: CostSummaryCardProps) {
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap={6}>
        {rows.map(([key, label]) => (
          <Group key={key} justify="space-between" wrap="nowrap">
            <Text size="sm">{label}</Text>
            <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
              {sums[key]}
            </Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          Managementgebühr jährlich (2,25 % p. a. des Portfoliowerts, inkl. MwSt.):{' '}
          {sums.managementFeeYearlyStr}
        </Text>
        <Divider />
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>Gesamtsumme</Text>
          <Text fw={700} data-testid="order-overall-sum">
            {sums.overallSumStr}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
