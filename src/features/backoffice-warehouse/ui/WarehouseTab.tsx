import { Badge, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { formatDate, formatDateTime } from '../../../domain/dates';
import { countLabel } from '../../../domain/plural';
import { useWarehouseReconciliation, type WarehouseStockReport } from '../api/backoffice-warehouse';
import {
  countsByKind,
  DISCREPANCY_KIND_LABELS,
  type DiscrepancyKindKey,
  filterDiscrepancies,
  isCriticalKind,
  NOT_YET_LABELS,
} from '../model/warehouse-discrepancies';
import { ReportHistory } from './ReportHistory';
import { ReportUpload } from './ReportUpload';

const number = new Intl.NumberFormat('de-DE');

/**
 * Bestandsabgleich: the warehouse's signed stock report (the latest, or one chosen from the
 * history) reconciled with what we owe clients in bond: its facts, the discrepancies with filters,
 * the cases not yet in the warehouse, the history of reports and the upload of a new one.
 */
export function WarehouseTab() {
  const [reportId, setReportId] = useState<number | null>(null);
  const reconciliation = useWarehouseReconciliation(reportId);

  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        Das Lager in Genf bestätigt mit seinem signierten Bestandsbericht, welche Kisten es für welche
        Kundennummer hält. Nur Kisten, die der neueste Bericht bestätigt, nennt das Lagerzertifikat als
        eingelagert.
      </Text>
      {reconciliation.isError ? (
        <LoadFailedAlert
          title="Der Bestandsabgleich konnte nicht geladen werden."
          retryLabel="Erneut versuchen"
          onRetry={() => reconciliation.refetch()}
          retrying={reconciliation.isFetching}
        />
      ) : reconciliation.isPending ? (
        <Text>Bestandsabgleich wird geladen …</Text>
      ) : reconciliation.data === null ? (
        <Text data-testid="warehouse-no-report">
          Es wurde noch kein Bestandsbericht des Lagers übernommen.
        </Text>
      ) : (
        <>
          <ReportFacts report={reconciliation.data.report} latest={reportId === null} />
          <Discrepancies entries={reconciliation.data.discrepancies} />
          <NotYetInWarehouse entries={reconciliation.data.notYetInWarehouse} />
        </>
      )}
      <ReportUpload onImported={() => setReportId(null)} />
      <ReportHistory selectedId={reportId ?? reconciliation.data?.report.id ?? null} onSelect={setReportId} />
    </Stack>
  );
}

function ReportFacts({ report, latest }: { report: WarehouseStockReport; latest: boolean }) {
  return (
    <Paper withBorder p="md" data-testid="warehouse-report">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {latest ? 'Neuester Bestandsbericht' : 'Bestandsbericht'} vom {formatDate(report.asOf)}
        </Title>
        {report.signatureValid ? (
          <Badge color="teal.9" data-testid="warehouse-signature">
            Signatur des Lagers gültig
          </Badge>
        ) : (
          <Badge color="red.9" data-testid="warehouse-signature">
            Signatur ungültig
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Fact label="Stand">{formatDate(report.asOf)}</Fact>
        <Fact label="Übernommen am">{formatDateTime(report.importedAt)}</Fact>
        <Fact label="Kisten im Bericht">{number.format(report.casesTotal)}</Fact>
        <Fact label="Bestätigte Kisten">
          <span data-testid="warehouse-matched">{number.format(report.matchedCases)}</span>
        </Fact>
        <Fact label="Posten im Bericht">{number.format(report.lots)}</Fact>
        <Fact label="Abweichungen">
          <span data-testid="warehouse-discrepancy-count">{number.format(report.discrepancyCount)}</span>
        </Fact>
        <Fact label="Davon kritisch">{number.format(report.criticalCount)}</Fact>
      </SimpleGrid>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </div>
  );
}

type Entry = Parameters<typeof filterDiscrepancies>[0][number] & {
  ledgerCases: number;
  warehouseCases: number;
};

function Discrepancies({ entries }: { entries: readonly Entry[] }) {
  const [kind, setKind] = useState<DiscrepancyKindKey | null>(null);
  const [search, setSearch] = useState('');
  const counts = countsByKind(entries);
  const shown = filterDiscrepancies(entries, { kind, search });
  const kinds = Object.keys(DISCREPANCY_KIND_LABELS) as DiscrepancyKindKey[];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Abweichungen
      </Title>
      {entries.length === 0 ? (
        <Text data-testid="warehouse-matched-all">
          Keine Abweichung: Jede Kiste, die wir Kunden im Zollfreilager schulden, ist im Bericht bestätigt.
        </Text>
      ) : (
        <>
          <Group align="end">
            <Select
              label="Art der Abweichung"
              placeholder="Alle Arten"
              clearable
              value={kind}
              onChange={(value) => setKind((value as DiscrepancyKindKey | null) ?? null)}
              data={kinds.map((key) => ({
                value: key,
                label: `${DISCREPANCY_KIND_LABELS[key]} (${counts[key]})`,
              }))}
            />
            <TextInput
              label="Suche"
              w={{ base: '100%', sm: 340 }}
              placeholder="Lagernummer, LWIN oder Kundennummer"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          </Group>
          <Table.ScrollContainer minWidth={720}>
            <Table striped data-testid="warehouse-discrepancies">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Art</Table.Th>
                  <Table.Th>Lagernummer</Table.Th>
                  <Table.Th>LWIN-11</Table.Th>
                  <Table.Th>Kundennummer</Table.Th>
                  <Table.Th>Kisten laut Depot</Table.Th>
                  <Table.Th>Kisten laut Lager</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((entry, index) => (
                  <Table.Tr key={`${entry.kind}-${entry.lotId ?? index}`}>
                    <Table.Td>
                      <Badge color={isCriticalKind(entry.kind) ? 'red.9' : 'yellow.5'} autoContrast>
                        {DISCREPANCY_KIND_LABELS[entry.kind]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{entry.lotId ?? 'keine vergeben'}</Table.Td>
                    <Table.Td>{entry.lwin11}</Table.Td>
                    <Table.Td>{entry.customerNumber ?? '–'}</Table.Td>
                    <Table.Td>{number.format(entry.ledgerCases)}</Table.Td>
                    <Table.Td>{number.format(entry.warehouseCases)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {shown.length === 0 && <Text c="dimmed">Keine Abweichung passt zum Filter.</Text>}
        </>
      )}
    </Stack>
  );
}

function NotYetInWarehouse({
  entries,
}: {
  entries: readonly {
    depotPositionId: number;
    customerNumber: string;
    lwin11: string;
    cases: number;
    state: keyof typeof NOT_YET_LABELS;
  }[];
}) {
  if (entries.length === 0) return null;
  const cases = entries.reduce((sum, entry) => sum + entry.cases, 0);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Noch nicht im Lager ({countLabel(cases, 'Kiste')})
      </Title>
      <Text c="dimmed" size="sm">
        Bezahlt, im Versand oder en primeur: Diese Kisten schulden wir Kunden, das Lager hält sie noch nicht;
        sie werden nicht abgeglichen.
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table data-testid="warehouse-not-yet">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Kundennummer</Table.Th>
              <Table.Th>LWIN-11</Table.Th>
              <Table.Th>Kisten</Table.Th>
              <Table.Th>Stand</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.depotPositionId}>
                <Table.Td>{entry.customerNumber}</Table.Td>
                <Table.Td>{entry.lwin11}</Table.Td>
                <Table.Td>{number.format(entry.cases)}</Table.Td>
                <Table.Td>{NOT_YET_LABELS[entry.state]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
