import { Group, Paper, SimpleGrid, Slider, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LineChart } from '../../../components/charts';
import { RiskNotice } from '../../../components/RiskNotice';
import { RETURN_SLIDER, sliderToRate } from '../../../domain/advice-simulation';
import { formatBasisPoints } from '../../../domain/backoffice-analytics';
import { decimalToCents, formatEuro } from '../../../domain/money';
import { DEFAULT_FEE_SCHEDULE } from '../../../domain/order-costs';
import { useSalesCalculation } from '../api/advice';

const euro = (value: string | number) => formatEuro(decimalToCents(String(value)));
const wholeEuro = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Five round ticks from 0 that cover `value` (steps of 1, 2, 2.5 or 5 times a power of ten), so
 * that the euro axis reads in order and never ends on the raw maximum (formerly "… 80.000 /
 * 31.871 €").
 */
export function roundTicks(value: number): number[] {
  const positive = value > 0 ? value : 1;
  const magnitude = 10 ** Math.floor(Math.log10(positive / 4));
  const step =
    [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate * 4 >= positive) ??
    10 * magnitude;
  return [0, step, 2 * step, 3 * step, 4 * step];
}

/** The 15-year simulation: value and cumulative service fee by year, with the return slider 4–12 %. */
export function SimulationChart({ uid }: { uid: string }) {
  const [rate, setRate] = useState<number>(RETURN_SLIDER.initial);
  const [moved, setMoved] = useState(false);
  const simulation = useSalesCalculation(uid, sliderToRate(rate));
  const result = simulation.data;
  const seriesName = `Portfoliowert bei ${percent.format(rate)} % p.a.`;
  const data =
    result?.timeseries.map((point) => ({
      year: String(point.year),
      value: Number(point.value),
      fee: Number(point.fee),
    })) ?? [];
  const ticks = result ? roundTicks(Math.max(Number(result.yAxisMax), Number(result.value15))) : undefined;

  return (
    <Stack gap="md" data-testid="portfolio-simulation">
      <Title order={4}>Portfolio-Simulation über 15 Jahre</Title>
      <RiskNotice />
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm">Erwartete Rendite pro Jahr</Text>
          <Text size="sm" fw={700} data-testid="simulation-rate">
            {percent.format(rate)} %
          </Text>
        </Group>
        <Slider
          min={RETURN_SLIDER.min}
          max={RETURN_SLIDER.max}
          step={RETURN_SLIDER.step}
          value={rate}
          label={(value) => `${percent.format(value)} %`}
          onChange={(value) => {
            setRate(value);
            setMoved(true);
          }}
          thumbLabel="Erwartete Rendite pro Jahr"
        />
        {!moved && (
          <Text size="xs" c="dimmed">
            Bewegen Sie den Regler, um verschiedene Renditen zu simulieren.
          </Text>
        )}
      </Stack>
      {result && (
        <>
          <LineChart
            h={280}
            data={data}
            dataKey="year"
            series={[
              { name: 'value', label: seriesName, color: 'wine.7' },
              { name: 'fee', label: 'Servicegebühr (kumuliert)', color: 'gray.6' },
            ]}
            yAxisProps={{ domain: [0, ticks?.at(-1) ?? 'auto'], ticks, width: 96, interval: 0 }}
            tickLine="y"
            gridAxis="x"
            legendProps={{ verticalAlign: 'bottom' }}
            valueFormatter={(value) => `${wholeEuro.format(value)} €`}
            withLegend
            curveType="monotone"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Paper withBorder p="sm">
              <Text size="xs" c="dimmed">
                Wert nach 15 Jahren
              </Text>
              <Text fw={700} data-testid="simulation-value15">
                {euro(result.value15)}
              </Text>
            </Paper>
            <Paper withBorder p="sm">
              <Text size="xs" c="dimmed">
                Servicegebühr über 15 Jahre (inkl. MwSt.)
              </Text>
              <Text fw={700} data-testid="simulation-fee-total">
                {euro(result.serviceFeeTotal)}
              </Text>
              <Text size="xs" c="dimmed" data-testid="simulation-fee-months">
                monatlich {euro(result.serviceFee1)} im 1. Monat, {euro(result.serviceFee15)} im 15. Jahr
              </Text>
            </Paper>
            <Paper withBorder p="sm">
              <Text size="xs" c="dimmed">
                Gewinn nach Kosten (inkl. 3,5 % Verkaufsprovision {euro(result.saleProvision)})
              </Text>
              <Text fw={700} data-testid="simulation-profit">
                {euro(result.profit)} ({percent.format(result.profitPerc)} %)
              </Text>
            </Paper>
          </SimpleGrid>
          <Text size="xs" c="dimmed" data-testid="simulation-fee-rule">
            Servicegebühr wie in der Orderliste abgerechnet:{' '}
            {formatBasisPoints(DEFAULT_FEE_SCHEDULE.managementFeeBasisPoints)} p. a. des simulierten
            Portfoliowerts inkl. {formatBasisPoints(DEFAULT_FEE_SCHEDULE.vatBasisPoints)} MwSt., jeden Monat
            ein Zwölftel auf den Wert zu Monatsbeginn. Simulation, keine Zusage künftiger Werte.
          </Text>
        </>
      )}
    </Stack>
  );
}
