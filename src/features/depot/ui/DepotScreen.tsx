import {
  Box,
  Button,
  Group,
  LoadingOverlay,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { memo, Suspense, startTransition, useDeferredValue, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { lazyComponent, OpenAfterMount, PartLoading } from '../../../components/lazy-component';
import { QueryFailure } from '../../../components/offline/OfflineUnavailable';
import { PERFORMANCE_RANGE_LABELS, type PerformanceRange } from '../../../domain/depot-performance';
import { LOAD_ERROR } from '../../../domain/error-texts';
import { EXPAND_PORTFOLIO_PATH } from '../../../routes/depot-routes';
import { useContactModal } from '../../contact';
import { type Depot, useDepot, useDepotPerformance } from '../api/depot';
import {
  type DepotExcelDownload,
  useDepotDisplay,
  useDepotExcelExport,
  useDepotFigures,
  useOpenDepotPosition,
} from '../api/depot-view';
import { type DepotRow, depotPositionCountLabel } from '../model/depot-rows';
import { DepotPerformanceCards } from './DepotPerformanceCards';
import { DepotPositionCards } from './DepotPositionCards';
import { DepotPositionDialog } from './DepotPositionDialog';
import { DepotSecondaryMarket } from './DepotSecondaryMarket';
import { DepotSoldPositions } from './DepotSoldPositions';
import { DepotSummaryCards } from './DepotSummaryCards';
import { DepotSunburst } from './DepotSunburst';
import { DepotTable } from './DepotTable';
import { HiddenFiguresProvider } from './hidden-figures';

// The time series chart (recharts) loads when its dialog is first opened.
const TimeSeriesDialog = lazyComponent(() =>
  import('./TimeSeriesDialog').then((module) => module.TimeSeriesDialog),
);

// The "Wertentwicklung" chart (recharts) loads after the depot, so the first load stays small.
const PerformanceChart = lazyComponent(() =>
  import('./PerformanceChart').then((module) => module.PerformanceChart),
);

/** `/admin/depot` ("Weindepot"), and with `:clientsMail` the staff view of a client's depot. */
export function DepotScreen() {
  useDocumentTitle('Weindepot – Weindepot');
  const { clientsMail } = useParams();
  const depot = useDepot(clientsMail);
  // The depot's render (figures, table or sunburst) is the screen's heaviest. When a refetch (the
  // background sync) brings other data, it runs as a deferred update, which React splits into short
  // tasks (input and painting go in between) while the depot shown so far stays. The first
  // data renders at once: there is nothing to keep responsive behind the loading overlay, and a
  // deferred render is begun anew by every urgent update before it commits (the layout's own queries
  // answer meanwhile), which made the first visit of a 2,000-position depot ≈ 270 ms slower.
  const deferred = useDeferredValue(depot.data);
  const data = deferred ?? depot.data;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Weindepot</Title>
        {clientsMail && (
          <Text c="dimmed" data-testid="staff-depot-client">
            Depot von {clientsMail}
          </Text>
        )}
      </div>
      {depot.isPending || (depot.isSuccess && data === undefined) ? (
        <Box pos="relative" mih={360}>
          <LoadingOverlay visible loaderProps={{ 'aria-label': 'Depot wird geladen' }} />
        </Box>
      ) : depot.isError || data === undefined ? (
        <QueryFailure>
          <Text c="red" role="alert">
            {LOAD_ERROR}
          </Text>
        </QueryFailure>
      ) : data.positions.length === 0 ? (
        <EmptyDepot />
      ) : (
        <DepotContent depot={data} clientsMail={clientsMail} />
      )}
    </Stack>
  );
}

function EmptyDepot() {
  const contact = useContactModal();
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="flex-start" gap="md">
        <Text>Sie haben noch keine exquisiten Weine bei Weindepot erworben.</Text>
        <Button onClick={contact.open}>Beratung anfordern</Button>
      </Stack>
    </Paper>
  );
}

// Writes the file with exceljs, which loads only for an export.
const downloadExcel: DepotExcelDownload = async (rows, performance) => {
  const { downloadDepotExcel } = await import('./excel-export');
  await downloadDepotExcel(rows, performance);
};

// Re-rendered only when the depot (the deferred value above) or the client changes.
const DepotContent = memo(function DepotContent({
  depot,
  clientsMail,
}: {
  depot: Depot;
  clientsMail: string | undefined;
}) {
  // The first render shows the figures and the table; the chart and the lists below the table
  // follow in a second render once that is on screen, so that a large depot's table paints at once.
  // That render is a transition: React splits it into short tasks. The chart's code is fetched at
  // once all the same.
  const [complete, setComplete] = useState(false);
  useEffect(() => {
    void PerformanceChart.preload();
    startTransition(() => setComplete(true));
  }, []);
  const { rows, heldPositions, soldPositions, summary } = useDepotFigures(depot);
  const openPosition = useOpenDepotPosition(depot, rows);
  const display = useDepotDisplay();
  const [hidden, setHidden] = useState(false);
  const [timeSeriesOpened, setTimeSeriesOpened] = useState(false);
  const [timeSeriesRequested, setTimeSeriesRequested] = useState(false);

  return (
    <HiddenFiguresProvider value={hidden}>
      <Stack gap="lg">
        <DepotSummaryCards {...summary} />
        <DepotPerformanceSection clientsMail={clientsMail} hidden={hidden} complete={complete} />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="md" wrap="wrap">
            <Switch
              label="Zahlen verbergen"
              checked={hidden}
              onChange={(event) => setHidden(event.currentTarget.checked)}
            />
            <SegmentedControl
              aria-label="Darstellung"
              value={display.showTable ? 'table' : 'chart'}
              onChange={(value) => display.choose(value === 'table' ? 'table' : 'chart')}
              data={[
                { value: 'chart', label: 'Diagramm' },
                { value: 'table', label: 'Tabelle' },
              ]}
            />
          </Group>
          <DepotActions
            rows={rows}
            clientsMail={clientsMail}
            onTimeSeries={() => {
              setTimeSeriesRequested(true);
              setTimeSeriesOpened(true);
            }}
          />
        </Group>
        <Paper withBorder radius="md" p="md">
          <Text fz="sm" c="dimmed" mb="sm" data-testid="depot-position-count">
            {depotPositionCountLabel(rows)}
          </Text>
          {/* Table and sunburst show the holdings; sold positions are listed below ("Verkaufte Positionen"). */}
          {display.showTable ? (
            <DepotTable rows={heldPositions} onOpen={openPosition.show} />
          ) : (
            <DepotSunburst rows={heldPositions} hidden={hidden} />
          )}
        </Paper>
        {complete && (
          <>
            <DepotPositionCards rows={heldPositions} />
            <DepotSoldPositions rows={soldPositions} />
            <DepotSecondaryMarket rows={rows} positions={depot.positions} />
          </>
        )}
      </Stack>
      {timeSeriesRequested && (
        <Suspense fallback={null}>
          <OpenAfterMount opened={timeSeriesOpened}>
            {(opened) => (
              <TimeSeriesDialog
                rows={rows}
                opened={opened}
                onClose={() => setTimeSeriesOpened(false)}
                hidden={hidden}
              />
            )}
          </OpenAfterMount>
        </Suspense>
      )}
      <DepotPositionDialog
        opened={openPosition.opened}
        row={openPosition.row}
        conditionReportUrl={openPosition.position?.conditionReportPdf?.file}
        onClose={openPosition.close}
      />
    </HiddenFiguresProvider>
  );
});

/** "Zeitverlauf", "Excel herunterladen" and the way to expand the portfolio. */
function DepotActions({
  rows,
  clientsMail,
  onTimeSeries,
}: {
  rows: DepotRow[];
  clientsMail: string | undefined;
  onTimeSeries: () => void;
}) {
  const excelExport = useDepotExcelExport(rows, clientsMail, downloadExcel);
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" onClick={onTimeSeries}>
        Zeitverlauf
      </Button>
      <Button variant="default" onClick={() => excelExport.mutate()} loading={excelExport.isPending}>
        Excel herunterladen
      </Button>
      <Button component={Link} to={EXPAND_PORTFOLIO_PATH}>
        Jetzt Portfolio ausbauen
      </Button>
    </Group>
  );
}

/**
 * "Wertentwicklung": the figures and the chart of the depot's value. Its own component, so that the
 * performance's data (it arrives after the depot's) re-renders only this part; the chart renders
 * from a deferred value, in short tasks.
 */
function DepotPerformanceSection({
  clientsMail,
  hidden,
  complete,
}: {
  clientsMail: string | undefined;
  hidden: boolean;
  complete: boolean;
}) {
  const performance = useDepotPerformance(clientsMail);
  const chartData = useDeferredValue(performance.data);
  const [range, setRange] = useState<PerformanceRange>('max');
  const compact = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="performance-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h3" id="performance-title">
            Wertentwicklung
          </Title>
          <SegmentedControl
            aria-label="Zeitraum"
            size="xs"
            value={range}
            onChange={(value) => setRange(value as PerformanceRange)}
            data={(Object.keys(PERFORMANCE_RANGE_LABELS) as PerformanceRange[]).map((value) => ({
              value,
              label: PERFORMANCE_RANGE_LABELS[value],
            }))}
          />
        </Group>
        <DepotPerformanceCards performance={performance.data} loading={performance.isPending} />
        {performance.data &&
          (complete && chartData ? (
            <Suspense fallback={<PartLoading />}>
              <PerformanceChart performance={chartData} range={range} hidden={hidden} compact={compact} />
            </Suspense>
          ) : (
            <Box h={compact ? 300 : 360} />
          ))}
      </Stack>
    </Paper>
  );
}
