import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { businessDay } from '../../../domain/dates';
import { SALES_COMMISSION, sharePercent, TAX_NOTE } from '../../../domain/depot-performance';
import { formatGainPercent } from '../../../domain/depot-valuation';
import { decimalToCents, formatEuro } from '../../../domain/money';
import { pluralForm } from '../../../domain/plural';
import { valuationAsOfLabel } from '../../../domain/valuation-as-of';
import type { DepotPerformanceData } from '../api/depot';
import { Figure } from './hidden-figures';
import { ValuationAsOf } from './ValuationAsOf';

const countFormat = new Intl.NumberFormat('de-DE');
const percentFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function Card({
  label,
  testId,
  children,
  note,
}: {
  label: string;
  testId: string;
  children: React.ReactNode;
  note?: React.ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'sm', xs: 'md' }} radius="md">
      <Text c="dimmed" fz="sm">
        {label}
      </Text>
      <Text fz={{ base: 17, xs: 22 }} fw={700} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {children}
      </Text>
      {note && (
        <Text fz="xs" c="dimmed" mt={2}>
          {note}
        </Text>
      )}
    </Paper>
  );
}

export interface DepotPerformanceCardsProps {
  performance: DepotPerformanceData | undefined;
  /** True while the figures load (skeletons); false with an error (a message). */
  loading: boolean;
}

/**
 * The "Wertentwicklung" cards: market value, gain, annual return, net exit value and tax-free
 * share of the positions held today, and their buy value labelled apart from "Gesamt investiert".
 */
export function DepotPerformanceCards({ performance, loading }: DepotPerformanceCardsProps) {
  if (!performance) {
    return loading ? (
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
          <Skeleton key={index} h={96} radius="md" />
        ))}
      </SimpleGrid>
    ) : (
      <Text c="red.8" role="alert">
        Die Wertentwicklung konnte nicht geladen werden.
      </Text>
    );
  }
  const marketValue = decimalToCents(performance.marketValue);
  const invested = decimalToCents(performance.invested);
  const gain = marketValue - invested;
  const taxFree = decimalToCents(performance.taxFreeValue);
  const taxFreeShare = sharePercent(taxFree, marketValue);
  const sold = performance.soldPositions;
  // The server's day of the figures: the last point is today.
  const today = performance.points.at(-1)?.date ?? businessDay();
  return (
    <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" data-testid="performance-cards">
      <Card
        label="Marktwert"
        testId="performance-market-value"
        note={
          <>
            {sold > 0
              ? `ohne ${countFormat.format(sold)} verkaufte ${pluralForm(sold, 'Position')}`
              : 'gehaltene Positionen'}
            {performance.valuationAsOf && (
              <>
                {' · '}
                <ValuationAsOf
                  testId="performance-valuation-as-of"
                  line={valuationAsOfLabel(performance.valuationSource, performance.valuationAsOf, today)}
                />
              </>
            )}
          </>
        }
      >
        <Figure>{formatEuro(marketValue)}</Figure>
      </Card>
      <Card
        label="Investiert (gehaltene Positionen)"
        testId="performance-invested"
        note="Kaufwert der heute gehaltenen Weine"
      >
        <Figure>{formatEuro(invested)}</Figure>
      </Card>
      <Card
        label="Gewinn"
        testId="performance-gain"
        note={
          performance.gainPercent === null ? undefined : (
            <Figure>
              <span data-testid="performance-gain-percent">{formatGainPercent(performance.gainPercent)}</span>
            </Figure>
          )
        }
      >
        <Text span inherit c={gain >= 0 ? 'teal.9' : 'red.9'}>
          <Figure>
            {gain > 0 ? '+' : gain < 0 ? '−' : ''}
            {formatEuro(Math.abs(gain))}
          </Figure>
        </Text>
      </Card>
      <Card label="Rendite p. a." testId="performance-annual-return" note="geldgewichtet (XIRR)">
        <Figure>
          {performance.annualizedReturnPercent === null
            ? '–'
            : formatGainPercent(performance.annualizedReturnPercent)}
        </Figure>
      </Card>
      <Card
        label="Netto-Exit-Wert"
        testId="performance-net-exit"
        note={`nach ${percentFormat.format(SALES_COMMISSION * 100)} % Verkaufsprovision`}
      >
        <Figure>{formatEuro(decimalToCents(performance.netExitValue))}</Figure>
      </Card>
      <Card
        label="Steuerfrei (über 1 Jahr gehalten)"
        testId="performance-tax-free"
        note={
          <>
            <Figure>{formatEuro(taxFree)}</Figure> · {TAX_NOTE}
          </>
        }
      >
        <Figure>{taxFreeShare === null ? '–' : `${percentFormat.format(taxFreeShare)} %`}</Figure>
      </Card>
    </SimpleGrid>
  );
}
