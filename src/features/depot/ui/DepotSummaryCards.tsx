import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { formatDate } from '../../../domain/dates';
import { formatGainPercent } from '../../../domain/depot-valuation';
import { type Cents, formatEuro } from '../../../domain/money';
import { pluralForm } from '../../../domain/plural';
import type { DepotMarketValueBasis } from '../model/depot-rows';
import { elapsedParts } from '../model/invested-since';
import { Figure } from './hidden-figures';
import { useCountUp } from './use-count-up';
import { useNow } from './use-now';
import { ValuationAsOf } from './ValuationAsOf';

export interface DepotSummaryCardsProps {
  /** Total invested in cents. */
  invested: Cents;
  /** Market value of the positions held today (not sold) at the Wine-Searcher Europe average, in cents. */
  marketValue: Cents;
  /** Gain of that market value against the buy value of the same positions. */
  gainPercent: number | null;
  /** Source and date of that market value, and the held positions without a valuation. */
  basis: DepotMarketValueBasis;
  /** Earliest purchase date; null shows no counter. */
  investedSince: Date | null;
}

function CountingEuro({ cents }: { cents: Cents }) {
  const shown = useCountUp(cents);
  return <Figure>{formatEuro(Math.round(shown))}</Figure>;
}

/**
 * How long the client has been invested, in years, months and days, and since which day: a
 * wealth product counts days, so nothing ticks (also for readers who asked for reduced motion).
 * Re-read once a minute, so the day turns over on a page left open.
 */
function InvestedSinceCounter({ since }: { since: Date }) {
  const now = useNow(60_000);
  const parts = elapsedParts(since, now);
  const units = [
    [parts.years, 'Jahr'],
    [parts.months, 'Monat'],
    [parts.days, 'Tag'],
  ] as const;
  return (
    <Stack gap={2} data-testid="invested-since">
      <Text fz="lg">
        {units.map(([count, noun], index) => (
          <Fragment key={noun}>
            {index > 0 && ', '}
            <Text span fw={700} fz="xl">
              {count}
            </Text>{' '}
            {pluralForm(count, noun)}
          </Fragment>
        ))}
      </Text>
      <Text fz="xs" c="dimmed">
        seit dem {formatDate(since)} (erster Kauf)
      </Text>
    </Stack>
  );
}

/**
 * The three summary cards of the depot: total invested, invested since, and the market value of
 * the held positions at the Wine-Searcher Europe average (a sum, so labelled as the value it is).
 */
export function DepotSummaryCards({
  invested,
  marketValue,
  gainPercent,
  basis,
  investedSince,
}: DepotSummaryCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed" fz="sm">
          Gesamt investiert
        </Text>
        <Text fz={28} fw={700} data-testid="total-invested">
          <CountingEuro cents={invested} />
        </Text>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed" fz="sm" mb={4}>
          Investiert seit
        </Text>
        {investedSince ? <InvestedSinceCounter since={investedSince} /> : <Text fz="xl">–</Text>}
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed" fz="sm">
          Marktwert zum Ø-Preis Europa
        </Text>
        <Text fz={28} fw={700} data-testid="market-value">
          <CountingEuro cents={marketValue} />
        </Text>
        <Text fz="xs" c="dimmed" data-testid="market-value-source">
          <ValuationAsOf line={basis.line} />
          {basis.unvalued}
        </Text>
        {gainPercent !== null && (
          <Text fz="sm" c={gainPercent >= 0 ? 'teal.9' : 'red.9'}>
            <Figure>{formatGainPercent(gainPercent)}</Figure> gegenüber Kaufpreis (gehaltene Positionen)
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}
