import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router-dom';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import { BarChart } from '../../../components/charts';
import {
  centsToEuros,
  formatEuroAxis,
  formatEuroValue,
  formatShare,
  seriesSummary,
} from '../../../domain/backoffice-analytics';
import { decimalToCents, formatEuro } from '../../../domain/money';
import { useSupplierStats } from '../api/backoffice-analytics';
import { AnalyticsPanel, ChartFigure } from './AnalyticsPanel';

interface SupplierRow {
  key: string;
  company: string;
  email: string | null;
  tranches: number;
  purchasedCases: number;
  purchaseValue: number;
  openCases: number;
  openValue: number;
}

const caseFormat = new Intl.NumberFormat('de-DE');

const columns = (totalPurchase: number): DataTableColumn<SupplierRow>[] => [
  { accessor: 'company', title: 'Lieferant', sortable: true },
  { accessor: 'email', title: 'E-Mail', sortable: true, render: (row) => row.email ?? '–' },
  { accessor: 'tranches', title: 'Tranchen', sortable: true, textAlign: 'right' },
  {
    accessor: 'purchasedCases',
    title: 'Kisten',
    sortable: true,
    textAlign: 'right',
    noWrap: true,
    render: (row) => caseFormat.format(row.purchasedCases),
  },
  {
    accessor: 'purchaseValue',
    title: 'Einkaufswert',
    noWrap: true,
    sortable: true,
    textAlign: 'right',
    render: (row) => formatEuro(row.purchaseValue),
  },
  {
    accessor: 'share',
    title: 'Anteil',
    noWrap: true,
    textAlign: 'right',
    render: (row) => formatShare(row.purchaseValue, totalPurchase),
  },
  {
    accessor: 'openCases',
    title: 'Kisten offen',
    noWrap: true,
    sortable: true,
    textAlign: 'right',
    render: (row) => caseFormat.format(row.openCases),
  },
  {
    accessor: 'openValue',
    title: 'Offener Bestand',
    noWrap: true,
    sortable: true,
    textAlign: 'right',
    render: (row) => formatEuro(row.openValue),
  },
];

/**
 * Lieferanten: the purchases from each supplier (cases and euro of all purchase tranches) and the
 * quantities still open for sale, as charts from the portal's own data with the table beside them.
 */
export function SuppliersTab() {
  const suppliers = useSupplierStats();
  const rows: SupplierRow[] = (suppliers.data ?? []).map((supplier) => ({
    key: String(supplier.offererId ?? 'ohne'),
    company: supplier.company,
    email: supplier.email ?? null,
    tranches: supplier.tranches,
    purchasedCases: supplier.purchasedCases,
    purchaseValue: decimalToCents(supplier.purchaseValue),
    openCases: supplier.openCases,
    openValue: decimalToCents(supplier.openValue),
  }));
  const totalPurchase = rows.reduce((sum, row) => sum + row.purchaseValue, 0);
  const totalOpen = rows.reduce((sum, row) => sum + row.openValue, 0);
  const chartHeight = Math.max(220, rows.length * 56);
  const valueData = rows.map((row) => ({
    company: row.company,
    purchase: centsToEuros(row.purchaseValue),
    open: centsToEuros(row.openValue),
  }));
  const caseData = rows.map((row) => ({
    company: row.company,
    purchased: row.purchasedCases,
    open: row.openCases,
  }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Text size="sm" c="dimmed">
          Aus den Einkaufstranchen des Sortiments berechnet.
        </Text>
        <Anchor component={Link} to={{ hash: 'servicegebuehr' }} size="sm">
          Verkäufe je Monat und Region ansehen (Servicegebühr &amp; Umsatz)
        </Anchor>
      </Group>
      <AnalyticsPanel
        title="Einkauf je Lieferant"
        description="Einkaufswert = eingekaufte Kisten × Flaschen je Kiste × Einkaufspreis je Flasche aller Tranchen; offener Bestand = noch verfügbare Kisten."
        query={suppliers}
        isEmpty={rows.length === 0}
        emptyText="Noch keine Einkaufstranchen vorhanden."
      >
        <Group gap="xl" style={{ rowGap: 4 }}>
          <Text>
            Einkaufswert gesamt: <strong>{formatEuro(totalPurchase)}</strong>
          </Text>
          <Text>
            Offener Bestand: <strong>{formatEuro(totalOpen)}</strong>
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
          <ChartFigure
            title="Einkaufswert und offener Bestand je Lieferant"
            summary={seriesSummary(
              rows.map((row) => ({ label: row.company, value: row.purchaseValue })),
              'Einkaufswert je Lieferant',
            )}
            testId="supplier-value-chart"
          >
            <BarChart
              h={chartHeight}
              data={valueData}
              dataKey="company"
              orientation="vertical"
              series={[
                { name: 'purchase', label: 'Einkaufswert', color: 'wine.8' },
                { name: 'open', label: 'Offener Bestand', color: 'cork.5' },
              ]}
              valueFormatter={formatEuroValue}
              xAxisProps={{ tickFormatter: formatEuroAxis }}
              yAxisProps={{ width: 150 }}
              gridAxis="y"
              maxBarWidth={24}
              withLegend
            />
          </ChartFigure>
          <ChartFigure
            title="Kisten je Lieferant: eingekauft und offen"
            summary={`Eingekauft ${caseFormat.format(rows.reduce((sum, row) => sum + row.purchasedCases, 0))} Kisten, davon ${caseFormat.format(rows.reduce((sum, row) => sum + row.openCases, 0))} noch offen.`}
            testId="supplier-cases-chart"
          >
            <BarChart
              h={chartHeight}
              data={caseData}
              dataKey="company"
              orientation="vertical"
              series={[
                { name: 'purchased', label: 'Kisten eingekauft', color: 'wine.5' },
                { name: 'open', label: 'Kisten offen', color: 'teal.6' },
              ]}
              valueFormatter={(value) => `${caseFormat.format(value)} Kisten`}
              xAxisProps={{ tickFormatter: (value: number) => caseFormat.format(value) }}
              yAxisProps={{ width: 150 }}
              gridAxis="y"
              maxBarWidth={24}
              withLegend
            />
          </ChartFigure>
        </SimpleGrid>
        <BackofficeTable<SupplierRow>
          label="Einkauf je Lieferant"
          testId="supplier-table"
          records={rows}
          columns={columns(totalPurchase)}
          query={suppliers}
          idAccessor="key"
          searchText={(row) => `${row.company} ${row.email ?? ''}`}
          initialSort={{ columnAccessor: 'purchaseValue', direction: 'desc' }}
          pageSize={10}
        />
      </AnalyticsPanel>
    </Stack>
  );
}
