import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { LineChart } from '../../../components/charts';
import { PublicPageLayout } from '../../../components/discovery/PublicPageLayout';
import { EmptyState, ErrorHeading, ScreenSpinner } from '../../../components/discovery/QueryStates';
import { businessDay } from '../../../domain/dates';
import { valuationAsOfLabel } from '../../../domain/valuation-as-of';
import { usePriceIndex } from '../api/wineries';

const indexFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `/index-chart` (public): the equal-weighted price index of our vintages, with its method. */
export function IndexChartScreen() {
  useDocumentTitle('Weindepot Preisindex');
  const index = usePriceIndex();
  let chart: ReactNode;
  if (index.isPending) chart = <ScreenSpinner />;
  else if (index.isError) chart = <ErrorHeading />;
  else if (index.data.points.length < 2)
    chart = <EmptyState text="Noch nicht genügend Preisdaten für einen Index." />;
  else
    chart = (
      <LineChart
        h={360}
        data={index.data.points.map((point) => ({ year: String(point.year), value: point.value }))}
        dataKey="year"
        series={[{ name: 'value', label: 'Indexwert', color: 'wine.8' }]}
        xAxisLabel="Jahr"
        yAxisLabel="Indexwert"
        valueFormatter={(value) => indexFormat.format(value)}
        curveType="monotone"
        referenceLines={[{ y: 100, label: 'Basis 100', color: 'gray.5', labelPosition: 'insideBottomRight' }]}
      />
    );
  // Source and date as every valuation figure states them; an old price reads as old.
  const asOf =
    index.data &&
    valuationAsOfLabel(index.data.valuationSource, index.data.valuationAsOf ?? null, businessDay());
  const first = index.data?.points[0];
  const last = index.data?.points.at(-1);
  // The current year's point holds this year's prices so far: "bis heute", not a finished year.
  const until = last && String(last.year) === businessDay().slice(0, 4) ? 'heute' : last?.year;
  return (
    <PublicPageLayout>
      <Stack gap="lg">
        <div>
          <Title order={1}>Weindepot Preisindex</Title>
          <Text c="dimmed">Die Marktpreisentwicklung der Jahrgänge unseres Sortiments.</Text>
        </div>
        <Paper withBorder p="md" radius="md">
          {chart}
          {asOf && (
            <Text fz="sm" c={asOf.stale ? 'orange.9' : 'dimmed'} mt="xs" data-testid="index-valuation-as-of">
              Quelle: {asOf.text}
            </Text>
          )}
        </Paper>
        {first && last && last.year !== first.year ? (
          <Text>
            Von {first.year} bis {until} {last.value < first.value ? 'fiel' : 'stieg'} der Index von 100 auf{' '}
            {indexFormat.format(last.value)} Punkte ({index.data?.vintageCount} Jahrgänge).
          </Text>
        ) : null}
        <Paper withBorder p="md" radius="md" component="section" aria-label="Methode">
          <Title order={2} size="h4" mb="xs">
            So wird der Index berechnet
          </Title>
          <List spacing="xs" size="sm">
            <List.Item>
              Grundlage sind die jährlichen Durchschnittspreise (in Euro, bereinigt) aller Jahrgänge unseres
              Sortiments.
            </List.Item>
            <List.Item>Im ersten Jahr mit Preisdaten steht der Index bei 100 Punkten.</List.Item>
            <List.Item>
              Für jedes folgende Jahr wird für jeden Jahrgang mit Preisen in diesem und im Vorjahr die
              Preisänderung berechnet. Der Index bewegt sich um den einfachen Durchschnitt dieser Änderungen –
              jeder Jahrgang zählt gleich viel, unabhängig von seinem Preis.
            </List.Item>
            <List.Item>
              Jahrgänge, die später hinzukommen, fließen ab ihrem zweiten Preisjahr ein; so entstehen keine
              Sprünge durch neue Weine.
            </List.Item>
            <List.Item>
              Vergangene Wertentwicklungen sind kein verlässlicher Indikator für künftige Ergebnisse.
            </List.Item>
          </List>
        </Paper>
      </Stack>
    </PublicPageLayout>
  );
}
