import { Box, Modal, Overlay, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { LineChart } from '../../../components/charts';
import { formatDate, formatMonthYear } from '../../../domain/dates';
import { formatEuro } from '../../../domain/money';
import type { DepotRow } from '../model/depot-rows';
import { depotTimeSeries } from '../model/depot-time-series';

const axisFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** Tooltip label: the day of a data point (recharts also asks without an active point). */
function formatDay(time: unknown): string {
  const value = Number(time);
  return Number.isFinite(value) ? formatDate(value) : '';
}

export interface TimeSeriesDialogProps {
  rows: readonly DepotRow[];
  opened: boolean;
  onClose: () => void;
  /** Blurs the amounts ("Zahlen verbergen"). */
  hidden: boolean;
}

/** "Zeitverlauf": the cumulative invested amount with a projected point to today. */
export function TimeSeriesDialog({ rows, opened, onClose, hidden }: TimeSeriesDialogProps) {
  const series = useMemo(
    () =>
      depotTimeSeries(
        rows.map((row) => ({ date: row.date, amount: row.valuation.invested })),
        new Date(),
      ),
    [rows],
  );
  const data = useMemo(() => {
    if (!series) return [];
    const lastActual = series.points.filter((point) => !point.projected).at(-1);
    return series.points.map((point) => ({
      time: point.time,
      Investiert: point.projected ? null : point.cumulative / 100,
      Prognose: point.projected || point === lastActual ? point.cumulative / 100 : null,
    }));
  }, [series]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Portfolio-Zeitreihe (kumuliert)"
      size={1000}
      centered
      closeButtonProps={{ 'aria-label': 'Schließen' }}
    >
      <Box pos="relative" mih={380} data-testid="time-series">
        {series ? (
          <Stack gap="xs" style={hidden ? { filter: 'blur(7px)' } : undefined}>
            <LineChart
              h={380}
              data={data}
              dataKey="time"
              connectNulls
              curveType="stepAfter"
              series={[
                { name: 'Investiert', color: 'wine.7' },
                { name: 'Prognose', color: 'gray.6', strokeDasharray: '6 4' },
              ]}
              gridAxis="xy"
              withLegend
              valueFormatter={(value) => formatEuro(Math.round(value * 100))}
              yAxisProps={{ width: 90, tickFormatter: (value: number) => `${axisFormat.format(value)} €` }}
              xAxisProps={{
                type: 'number',
                scale: 'time',
                // Room for the first and the last dot (today's projection), which sit on the domain's ends.
                padding: { left: 12, right: 16 },
                domain: ['dataMin', 'dataMax'],
                ticks: series.grid,
                tickFormatter: (time: number) => (Number.isFinite(time) ? formatMonthYear(time) : ''),
              }}
              tooltipProps={{ labelFormatter: (time) => formatDay(time) }}
            />
            <Text fz="xs" c="dimmed">
              Raster: {series.gridUnit === 'month' ? 'monatlich' : 'quartalsweise'}; gestrichelt: Prognose bis
              heute
            </Text>
          </Stack>
        ) : (
          <Overlay color="#fff" backgroundOpacity={0.85} blur={2} center>
            <Text fw={600} ta="center" px="md">
              Nicht genügend Daten. Erweitern Sie jetzt Ihr Portfolio.
            </Text>
          </Overlay>
        )}
      </Box>
    </Modal>
  );
}
