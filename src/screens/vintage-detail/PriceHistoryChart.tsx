import { Paper, Title } from '@mantine/core';
import { LineChart } from '../../components/charts';
import { formatEuro } from '../../domain/money';
import { type PriceHistoryYear, priceHistoryPoints } from '../../domain/vintage-detail';

export interface PriceHistoryChartProps {
  history: readonly PriceHistoryYear[];
  currentPrice: string | null | undefined;
}

const euro = (value: number) => formatEuro(Math.round(value * 100));

/** Market price per year in euro; shown only with more than one point (the last one is this year). */
export function PriceHistoryChart({ history, currentPrice }: PriceHistoryChartProps) {
  const points = priceHistoryPoints(history, currentPrice, new Date().getFullYear());
  if (!points) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Preisentwicklung">
      <Title order={2} size="h4" mb="md">
        Preisentwicklung
      </Title>
      <LineChart
        h={300}
        data={points}
        dataKey="year"
        series={[{ name: 'price', label: 'Marktpreis', color: 'wine.8' }]}
        xAxisLabel="Jahr"
        yAxisLabel="Marktpreis"
        valueFormatter={euro}
        yAxisProps={{ width: 90 }}
        curveType="monotone"
      />
    </Paper>
  );
}
