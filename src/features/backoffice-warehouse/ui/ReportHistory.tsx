import { Badge, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { formatDate, formatDateTime } from '../../../domain/dates';
import { useWarehouseStockReports } from '../api/backoffice-warehouse';
import { REPORT_SOURCE_LABELS } from '../model/warehouse-discrepancies';

const number = new Intl.NumberFormat('de-DE');

/** The imported reports, newest first; choosing one shows its reconciliation above. */
export function ReportHistory({
  selectedId,
  onSelect,
}: {
  /** The report shown above. */
  selectedId: number | null;
  onSelect: (reportId: number) => void;
}) {
  const history = useWarehouseStockReports();
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Bisherige Bestandsberichte
      </Title>
      {history.isError ? (
        <LoadFailedAlert
          title="Die Bestandsberichte konnten nicht geladen werden."
          retryLabel="Erneut versuchen"
          onRetry={() => history.refetch()}
          retrying={history.isFetching}
        />
      ) : history.isPending ? (
        <Text>Bestandsberichte werden geladen …</Text>
      ) : history.data.length === 0 ? (
        <Text c="dimmed">Noch keine.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table data-testid="warehouse-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Stand</Table.Th>
                <Table.Th>Übernommen am</Table.Th>
                <Table.Th>Herkunft</Table.Th>
                <Table.Th>Kisten</Table.Th>
                <Table.Th>Bestätigt</Table.Th>
                <Table.Th>Abweichungen</Table.Th>
                <Table.Th>Signatur</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Anzeigen</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((report) => (
                <Table.Tr key={report.id}>
                  <Table.Td>{formatDate(report.asOf)}</Table.Td>
                  <Table.Td>{formatDateTime(report.importedAt)}</Table.Td>
                  <Table.Td>{REPORT_SOURCE_LABELS[report.source]}</Table.Td>
                  <Table.Td>{number.format(report.casesTotal)}</Table.Td>
                  <Table.Td>{number.format(report.matchedCases)}</Table.Td>
                  <Table.Td>
                    {report.criticalCount > 0 ? (
                      <Badge color="red.9">
                        {number.format(report.discrepancyCount)}, davon {number.format(report.criticalCount)}{' '}
                        kritisch
                      </Badge>
                    ) : (
                      number.format(report.discrepancyCount)
                    )}
                  </Table.Td>
                  <Table.Td>{report.signatureValid ? 'gültig' : 'ungültig'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant={report.id === selectedId ? 'filled' : 'light'}
                      onClick={() => onSelect(report.id)}
                      aria-label={`Bestandsbericht vom ${formatDate(report.asOf)} (Nr. ${report.id}) anzeigen`}
                    >
                      Anzeigen
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
