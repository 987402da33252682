import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import { BarChart, DonutChart, LineChart } from '../../../components/charts';
import {
  ANALYTICS_MONTHS,
  centsToEuros,
  formatBasisPoints,
  formatEuroAxis,
  formatEuroValue,
  formatMonth,
  formatShare,
  largestWithRest,
  seriesSummary,
  TOP_CLIENTS,
} from '../../../domain/backoffice-analytics';
import { regionColor } from '../../../domain/depot-region-colors';
import { decimalToCents, formatEuro } from '../../../domain/money';
import { useSalesStats } from '../api/backoffice-analytics';
import { useServiceFeeView } from '../api/use-service-fee-view';
import type { FeeClientRow, FeeMonthRow } from '../model/service-fee';
import { AnalyticsPanel, ChartFigure } from './AnalyticsPanel';

/** Regions shown as their own donut slice; the others are summed. */
const DONUT_REGIONS = 7;
const countFormat = new Intl.NumberFormat('de-DE');

interface SalesMonthRow {
  month: string;
  invoices: number;
  cases: number;
  revenue: number;
}

interface SalesRegionRow {
  region: string;
  cases: number;
  revenue: number;
}

const euroColumn = <Row,>(accessor: keyof Row & string, title: string): DataTableColumn<Row> => ({
  accessor,
  title,
  sortable: true,
  textAlign: 'right',
  noWrap: true,
  render: (row) => formatEuro(row[accessor] as number),
});

const monthColumn = <Row extends { month: string }>(): DataTableColumn<Row> => ({
  accessor: 'month',
  title: 'Monat',
  sortable: true,
  render: (row) => formatMonth(row.month),
});

const feeMonthColumns: DataTableColumn<FeeMonthRow>[] = [
  monthColumn<FeeMonthRow>(),
  { accessor: 'clients', title: 'Depots', sortable: true, textAlign: 'right' },
  euroColumn<FeeMonthRow>('depotValue', 'Depotwert'),
  euroColumn<FeeMonthRow>('feeNet', 'Servicegebühr netto'),
  euroColumn<FeeMonthRow>('feeGross', 'inkl. MwSt.'),
];

const feeClientColumns: DataTableColumn<FeeClientRow>[] = [
  { accessor: 'name', title: 'Kunde', sortable: true },
  { accessor: 'email', title: 'E-Mail', sortable: true },
  euroColumn<FeeClientRow>('depotValue', 'Depotwert'),
  euroColumn<FeeClientRow>('monthlyFeeNet', 'Gebühr/Monat netto'),
  euroColumn<FeeClientRow>('monthlyFeeGross', 'inkl. MwSt.'),
  euroColumn<FeeClientRow>('feeNetTotal', `Summe ${ANALYTICS_MONTHS} Monate netto`),
];

const salesMonthColumns: DataTableColumn<SalesMonthRow>[] = [
  monthColumn<SalesMonthRow>(),
  { accessor: 'invoices', title: 'Rechnungen', sortable: true, textAlign: 'right' },
  { accessor: 'cases', title: 'Kisten', sortable: true, textAlign: 'right' },
  euroColumn<SalesMonthRow>('revenue', 'Umsatz'),
];

const salesRegionColumns = (total: number): DataTableColumn<SalesRegionRow>[] => [
  { accessor: 'region', title: 'Region', sortable: true },
  { accessor: 'cases', title: 'Kisten', sortable: true, textAlign: 'right' },
  euroColumn<SalesRegionRow>('revenue', 'Umsatz'),
  {
    accessor: 'share',
    title: 'Anteil',
    textAlign: 'right',
    render: (row) => formatShare(row.revenue, total),
  },
];

const sum = <Row,>(rows: readonly Row[], value: (row: Row) => number) =>
  rows.reduce((total, row) => total + value(row), 0);

/** The monthly service fee (2.25 % p.a. of the depot values, ÷ 12) over time and per client. */
function ServiceFeeSection() {
  const { stats, months, clients, current, chartData, ...view } = useServiceFeeView();
  const rate = stats.data ? formatBasisPoints(stats.data.feeBasisPoints) : '';

  return (
    <AnalyticsPanel
      title="Servicegebühr"
      description={`Monatlicher Umsatz der Servicegebühr: ${rate || '2,25 %'} p. a. des Depotwerts jedes Kunden am Monatsende, geteilt durch 12. Depotwert zum neuesten Wine-Searcher-Europa-Wert des Monats (ohne Bewertung: Einkaufspreis); verkaufte Positionen zählen nicht mehr.`}
      query={stats}
      isEmpty={months.every((month) => month.feeNet === 0)}
      emptyText="Noch keine Depots mit Servicegebühr."
    >
      {current ? (
        <ServiceFeeFigures
          current={current}
          vatBasisPoints={stats.data?.vatBasisPoints ?? 0}
          clientCount={stats.data?.clientCount ?? 0}
          feeNetOfMonths={view.feeNetOfMonths}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        <ChartFigure
          title="Servicegebühr je Monat (netto)"
          summary={seriesSummary(
            months.map((month) => ({ label: formatMonth(month.month), value: month.feeNet })),
            `Servicegebühr der letzten ${ANALYTICS_MONTHS} Monate`,
          )}
          testId="service-fee-chart"
        >
          <BarChart
            h={280}
            data={chartData}
            dataKey="month"
            series={[{ name: 'feeNet', label: 'Servicegebühr netto', color: 'wine.8' }]}
            valueFormatter={formatEuroValue}
            yAxisProps={{ tickFormatter: formatEuroAxis, width: 90 }}
          />
        </ChartFigure>
        <ChartFigure
          title="Depotwert am Monatsende"
          summary={
            current
              ? `Depotwert aller Kunden im ${formatMonth(current.month)}: ${formatEuro(current.depotValue)}.`
              : ''
          }
          testId="depot-value-chart"
        >
          <LineChart
            h={280}
            data={chartData}
            dataKey="month"
            series={[{ name: 'depotValue', label: 'Depotwert', color: 'cork.7' }]}
            valueFormatter={formatEuroValue}
            yAxisProps={{ tickFormatter: formatEuroAxis, width: 90 }}
            curveType="linear"
          />
        </ChartFigure>
      </SimpleGrid>
      <BackofficeTable<FeeMonthRow>
        label="Servicegebühr je Monat"
        testId="service-fee-month-table"
        records={months}
        columns={feeMonthColumns}
        query={stats}
        idAccessor="month"
        searchText={(row) => `${formatMonth(row.month)} ${row.month}`}
        initialSort={{ columnAccessor: 'month', direction: 'desc' }}
        pageSize={12}
      />
      <ChartFigure
        title={`Servicegebühr je Kunde (Top ${TOP_CLIENTS}, aktueller Monat)`}
        summary={seriesSummary(
          clients.map((client) => ({ label: client.name, value: client.monthlyFeeNet })),
          'Servicegebühr der Top-Kunden',
        )}
        testId="service-fee-client-chart"
      >
        <BarChart
          h={Math.max(160, Math.min(clients.length, 10) * 40)}
          data={clients.slice(0, 10).map((client) => ({
            name: client.name,
            monthlyFeeNet: centsToEuros(client.monthlyFeeNet),
          }))}
          dataKey="name"
          orientation="vertical"
          series={[{ name: 'monthlyFeeNet', label: 'Gebühr/Monat netto', color: 'wine.6' }]}
          valueFormatter={formatEuroValue}
          xAxisProps={{ tickFormatter: formatEuroAxis }}
          yAxisProps={{ width: 160 }}
          gridAxis="y"
          maxBarWidth={28}
        />
      </ChartFigure>
      <BackofficeTable<FeeClientRow>
        label="Servicegebühr je Kunde"
        testId="service-fee-client-table"
        records={clients}
        columns={feeClientColumns}
        query={stats}
        idAccessor="userId"
        searchText={(row) => `${row.name} ${row.email}`}
        initialSort={{ columnAccessor: 'monthlyFeeNet', direction: 'desc' }}
        pageSize={10}
        emptyText="Keine Kunden mit Depot."
      />
    </AnalyticsPanel>
  );
}

/** Sales of paid invoices per month and per region of the wines. */
/** The newest month's fee, the depots and their value, and the fee of the months shown. */
function ServiceFeeFigures({
  current,
  vatBasisPoints,
  clientCount,
  feeNetOfMonths,
}: {
  current: FeeMonthRow;
  vatBasisPoints: number;
  clientCount: number;
  feeNetOfMonths: number;
}) {
  return (
    <Group gap="xl" style={{ rowGap: 4 }}>
      <Text>
        {formatMonth(current.month)}: <strong>{formatEuro(current.feeNet)}</strong> netto (
        {formatEuro(current.feeGross)} inkl. {formatBasisPoints(vatBasisPoints)} MwSt.)
      </Text>
      <Text>
        Depots: <strong>{countFormat.format(clientCount)}</strong>, Depotwert{' '}
        <strong>{formatEuro(current.depotValue)}</strong>
      </Text>
      <Text>
        Letzte {ANALYTICS_MONTHS} Monate: <strong>{formatEuro(feeNetOfMonths)}</strong> netto
      </Text>
    </Group>
  );
}

function SalesSection() {
  const stats = useSalesStats(ANALYTICS_MONTHS);
  const months: SalesMonthRow[] = (stats.data?.months ?? []).map((month) => ({
    ...month,
    revenue: decimalToCents(month.revenue),
  }));
  const regions: SalesRegionRow[] = (stats.data?.regions ?? []).map((region) => ({
    ...region,
    revenue: decimalToCents(region.revenue),
  }));
  const total = sum(months, (month) => month.revenue);
  const donut = largestWithRest(
    regions.map((region) => ({ label: region.region, value: region.revenue })),
    DONUT_REGIONS,
    'Weitere Regionen',
  ).map((slice) => ({
    name: slice.label,
    value: centsToEuros(slice.value),
    color: regionColor(slice.label),
  }));

  return (
    <AnalyticsPanel
      title="Verkäufe"
      description={`Umsatz der bezahlten Rechnungen (Kisten × Flaschen je Kiste × Preis je Flasche) der letzten ${ANALYTICS_MONTHS} Monate nach Rechnungsdatum, und je Region der Weine.`}
      query={stats}
      isEmpty={total === 0}
      emptyText={`Keine bezahlten Rechnungen in den letzten ${ANALYTICS_MONTHS} Monaten.`}
    >
      <Group gap="xl" style={{ rowGap: 4 }}>
        <Text>
          Umsatz: <strong>{formatEuro(total)}</strong>
        </Text>
        <Text>
          Rechnungen: <strong>{countFormat.format(sum(months, (month) => month.invoices))}</strong>, Kisten:{' '}
          <strong>{countFormat.format(sum(months, (month) => month.cases))}</strong>
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        <ChartFigure
          title="Umsatz je Monat"
          summary={seriesSummary(
            months.map((month) => ({ label: formatMonth(month.month), value: month.revenue })),
            `Umsatz der letzten ${ANALYTICS_MONTHS} Monate`,
          )}
          testId="sales-month-chart"
        >
          <BarChart
            h={280}
            data={months.map((month) => ({
              month: formatMonth(month.month),
              revenue: centsToEuros(month.revenue),
            }))}
            dataKey="month"
            series={[{ name: 'revenue', label: 'Umsatz', color: 'wine.8' }]}
            valueFormatter={formatEuroValue}
            yAxisProps={{ tickFormatter: formatEuroAxis, width: 90 }}
          />
        </ChartFigure>
        <ChartFigure
          title="Umsatz je Region"
          summary={seriesSummary(
            regions.map((region) => ({ label: region.region, value: region.revenue })),
            'Umsatz je Region',
          )}
          testId="sales-region-chart"
        >
          <Group justify="center">
            <DonutChart
              data={donut}
              size={220}
              thickness={36}
              withLabelsLine={false}
              valueFormatter={formatEuroValue}
              tooltipDataSource="segment"
              chartLabel={formatEuro(total)}
              withLegend
            />
          </Group>
        </ChartFigure>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        <BackofficeTable<SalesMonthRow>
          label="Umsatz je Monat"
          testId="sales-month-table"
          records={months}
          columns={salesMonthColumns}
          query={stats}
          idAccessor="month"
          searchText={(row) => `${formatMonth(row.month)} ${row.month}`}
          initialSort={{ columnAccessor: 'month', direction: 'desc' }}
          pageSize={12}
        />
        <BackofficeTable<SalesRegionRow>
          label="Umsatz je Region"
          testId="sales-region-table"
          records={regions}
          columns={salesRegionColumns(sum(regions, (region) => region.revenue))}
          query={stats}
          idAccessor="region"
          searchText={(row) => row.region}
          initialSort={{ columnAccessor: 'revenue', direction: 'desc' }}
          pageSize={12}
        />
      </SimpleGrid>
    </AnalyticsPanel>
  );
}

/**
 * Servicegebühr: the portal's recurring revenue (the monthly service fee over time and per client)
 * and its sales (per month and region), as charts from its own data with tables beside them.
 */
export function ServiceFeeTab() {
  return (
    <Stack gap="lg">
      <ServiceFeeSection />
      <SalesSection />
    </Stack>
  );
}
