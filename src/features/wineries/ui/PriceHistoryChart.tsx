import { Paper, Text, Title } from '@mantine/core';
import { LineChart } from '../../../components/charts';
import { formatEuro } from '../../../domain/money';
import { type PriceHistoryYear, priceHistoryPoints } from '../../../domain/vintage-detail';

export interface PriceHistoryChartProps {
  history: readonly PriceHistoryYear[];
  currentPrice: string | null | undefined;
}

const euro = (value: number) => formatEuro(Math.round(value * 100));
const wholeEuro = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
/** Axis ticks in whole euros ("1.200 €"): cent places made the labels too wide for the axis. */
const euroTick = (value: number) => `${wholeEuro.format(value)} €`;

/** Market price per year in euro; shown only with more than one point (the last one is this year). */
export function PriceHistoryChart({ history, currentPrice }: PriceHistoryChartProps) {
  const points = priceHistoryPoints(history, currentPrice, new Date().getFullYear());
  if (!points) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Preisentwicklung">
      <Title order={2} size="h4" mb="md">
        Preisentwicklung
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        Marktpreis pro Flasche in Euro, je Jahr
      </Text>
      <LineChart
        h={300}
        data={points}
        dataKey="year"
        series={[{ name: 'price', label: 'Marktpreis', color: 'wine.8' }]}
        valueFormatter={euro}
        // The axis titles stood over the ticks; the caption above names both axes instead.
        yAxisProps={{ width: 80, tickFormatter: euroTick, tickCount: 5, allowDecimals: false }}
        xAxisProps={{ minTickGap: 16, interval: 'preserveStartEnd', padding: { left: 12, right: 12 } }}
        curveType="monotone"
      />
    </Paper>
  );
}
