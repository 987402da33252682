import { Box, Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { LineChart } from '../../../components/charts';
import { businessDay, formatDate, formatMonthShortYear } from '../../../domain/dates';
import { dayNumber, type PerformanceRange, performanceRange } from '../../../domain/depot-performance';
import { formatEuro } from '../../../domain/money';
import { valuationAsOfLabel } from '../../../domain/valuation-as-of';
import type { DepotPerformanceData } from '../api/depot';
import { axisTicks } from '../model/axis-ticks';
import { ValuationAsOf } from './ValuationAsOf';

const DAY_MS = 24 * 60 * 60 * 1000;
const euroAxis = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });
const indexFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const MARKET = 'Marktwert';
const INVESTED = 'Investiert (gehaltene Positionen)';
const INDEX = 'Weindepot Preisindex';

/** At most `count` ticks on the first of a month, evenly stepped in whole months. */
function monthTicks(first: number, last: number, count: number): number[] {
  const start = new Date(first);
  const months =
    (new Date(last).getUTCFullYear() - start.getUTCFullYear()) * 12 +
    new Date(last).getUTCMonth() -
    start.getUTCMonth();
  const step = Math.max(1, Math.ceil(months / count));
  const ticks: number[] = [];
  for (let month = 0; month <= months; month += step) {
    const tick = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + month, 1);
    if (tick >= first && tick <= last) ticks.push(tick);
  }
  return ticks;
}

interface TooltipEntry {
  name?: string | number;
  value?: unknown;
  color?: string;
}

function ChartTooltip({ label, payload }: { label?: unknown; payload?: readonly TooltipEntry[] }) {
  if (!payload?.length) return null;
  const time = Number(label);
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm" maw={240}>
      <Text fz="sm" fw={600}>
        {Number.isFinite(time) ? formatDate(time) : ''}
      </Text>
      {payload.map((entry) => (
        <Text key={String(entry.name)} fz="sm" c={entry.color}>
          {entry.name}:{' '}
          {entry.name === INDEX
            ? indexFormat.format(Number(entry.value))
            : formatEuro(Math.round(Number(entry.value) * 100))}
        </Text>
      ))}
    </Paper>
  );
}

export interface PerformanceChartProps {
  performance: DepotPerformanceData;
  range: PerformanceRange;
  /** Blurs the chart ("Zahlen verbergen"). */
  hidden: boolean;
  /** Fewer ticks on a narrow screen. */
  compact: boolean;
}

/** The "Wertentwicklung" chart: market value and invested (€, left), the portal's index (right, 100 = start). */
export function PerformanceChart({ performance, range, hidden, compact }: PerformanceChartProps) {
  const points = useMemo(
    () => performanceRange(performance.points, performance.index, range),
    [performance, range],
  );
  const data = useMemo(
    () =>
      points.map((point) => ({
        time: dayNumber(point.day) * DAY_MS,
        [MARKET]: point.marketValue / 100,
        [INVESTED]: point.invested / 100,
        [INDEX]: point.index,
      })),
    [points],
  );
  const first = data[0]?.time ?? 0;
  const last = data.at(-1)?.time ?? 0;
  const withIndex = points.some((point) => point.index !== null);
  // The server's day of the figures (the last point is today) and the index's newest price.
  const today = performance.points.at(-1)?.date ?? businessDay();
  const indexAsOf = performance.index.at(-1)?.newestPriceDate ?? null;
  const euroTicks = useMemo(() => {
    const top = Math.max(0, ...data.flatMap((point) => [point[MARKET] as number, point[INVESTED] as number]));
    return axisTicks(0, top, 4, 1);
  }, [data]);
  const indexTicks = useMemo(() => {
    const values = points.flatMap((point) => (point.index === null ? [] : [point.index]));
    return values.length === 0 ? [] : axisTicks(Math.min(...values), Math.max(...values), 4, 0.5);
  }, [points]);
  if (points.length < 2) {
    return (
      <Box mih={120} data-testid="performance-chart-empty">
        <Text c="dimmed">
          Für einen Verlauf braucht es mindestens einen Monatsanfang seit dem ersten Kauf.
        </Text>
      </Box>
    );
  }
  return (
    <Stack gap={4} data-testid="performance-chart" aria-hidden={hidden || undefined}>
      <Box style={hidden ? { filter: 'blur(7px)', userSelect: 'none' } : undefined}>
        <LineChart
          h={compact ? 260 : 320}
          data={data}
          dataKey="time"
          curveType="linear"
          withDots={false}
          gridAxis="y"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: compact ? 64 : 40 }}
          series={[
            { name: MARKET, color: 'wine.7' },
            { name: INVESTED, color: 'gray.6', strokeDasharray: '6 4' },
            ...(withIndex ? [{ name: INDEX, color: 'teal.7', yAxisId: 'right' }] : []),
          ]}
          withRightYAxis={withIndex}
          yAxisProps={{
            width: compact ? 64 : 84,
            domain: [euroTicks[0] ?? 0, euroTicks.at(-1) ?? 'auto'],
            ticks: euroTicks,
            interval: 0,
            tickFormatter: (value: number) =>
              compact && (euroTicks.at(-1) ?? 0) >= 10_000
                ? `${euroAxis.format(value / 1000)} T€`
                : `${euroAxis.format(value)} €`,
          }}
          rightYAxisProps={{
            width: 44,
            domain: [indexTicks[0] ?? 'auto', indexTicks.at(-1) ?? 'auto'],
            ticks: indexTicks,
            interval: 0,
            tickFormatter: (value: number) => euroAxis.format(value),
          }}
          xAxisProps={{
            type: 'number',
            scale: 'time',
            domain: [first, last],
            ticks: monthTicks(first, last, compact ? 4 : 8),
            tickFormatter: (time: number) => (Number.isFinite(time) ? formatMonthShortYear(time) : ''),
          }}
          tooltipProps={{
            content: ({ label, payload }) => (
              <ChartTooltip label={label} payload={payload as readonly TooltipEntry[] | undefined} />
            ),
          }}
        />
      </Box>
      <Text fz="xs" c="dimmed" data-testid="performance-chart-sources">
        Monatsanfänge und heute. Marktwert:{' '}
        {performance.valuationAsOf ? (
          <ValuationAsOf
            line={valuationAsOfLabel(performance.valuationSource, performance.valuationAsOf, today)}
          />
        ) : (
          `${performance.valuationSource}: noch keine Bewertung`
        )}{' '}
        (ohne Bewertung zum Kaufpreis).
        {withIndex && (
          <>
            {' '}
            {INDEX}: der eigene Index der Plattform, monatlich gleichgewichtet und verkettet aus den
            Bewertungen aller Jahrgänge (100 = Beginn des Zeitraums, rechte Achse);{' '}
            <ValuationAsOf
              testId="performance-index-as-of"
              line={valuationAsOfLabel(performance.valuationSource, indexAsOf, today)}
            />
            .
          </>
        )}
      </Text>
    </Stack>
  );
}
