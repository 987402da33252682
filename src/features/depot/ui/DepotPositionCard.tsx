import { Anchor, Badge, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { businessDay } from '../../../domain/dates';
import { regionColor } from '../../../domain/depot-region-colors';
import { DEPOT_STATUS_LABELS, type DepotStatus } from '../../../domain/depot-status';
import { formatGainPercent } from '../../../domain/depot-valuation';
import { formatEuro } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import { storageStateLabel } from '../../../domain/storage-state';
import { valuationAsOfLabel } from '../../../domain/valuation-as-of';
import { formatHoldingYears } from '../model/depot-holding';
import type { DepotRow } from '../model/depot-rows';
import { formatDate, formatDay } from './format';
import { Figure } from './hidden-figures';
import { ValuationAsOf } from './ValuationAsOf';

const STATUS_COLORS: Record<DepotStatus, string> = {
  PURCHASED: 'blue',
  SHIPPING: 'orange',
  IN_BOND: 'teal',
  FOR_SALE: 'grape',
  SOLD: 'gray',
};

export interface DepotPositionCardProps {
  row: DepotRow;
  /** URL of the condition report PDF, when one exists. */
  conditionReportUrl?: string | null;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/** Valuation, tax-free day, advice and holding forecast of a position held today. */
function HeldFacts({ row }: { row: DepotRow }) {
  const { valuation } = row;
  return (
    <>
      <Fact label="Marktwert/Flasche">
        <Figure>{valuation.marketValueBtl === null ? '–' : formatEuro(valuation.marketValueBtl)}</Figure>
      </Fact>
      <Fact label="Marktwert/Kiste">
        <Figure>{valuation.marketValueCase === null ? '–' : formatEuro(valuation.marketValueCase)}</Figure>
      </Fact>
      <Fact label="Marktwert gesamt">
        <Figure>
          <span data-testid="position-market-value">
            {formatEuro(valuation.marketValueTotal ?? valuation.invested)}
          </span>
        </Figure>
      </Fact>
      <Fact label="Bewertung">
        <span data-testid="position-valuation-source">
          {row.valuationSource && row.valuationDate ? (
            <ValuationAsOf line={valuationAsOfLabel(row.valuationSource, row.valuationDate, businessDay())} />
          ) : (
            'Noch keine – zum Kaufpreis'
          )}
        </span>
      </Fact>
      <Fact label="steuerfrei ab">
        <Figure>
          <span data-testid="position-tax-free-from">{formatDay(row.taxFreeFrom)}</span>
        </Figure>
      </Fact>
      <Fact label="Wertentwicklung">
        <Figure>{valuation.gainPercent === null ? '–' : formatGainPercent(valuation.gainPercent)}</Figure>
      </Fact>
      <Fact label="Empfehlung">{valuation.advice}</Fact>
      {row.holdingYears !== null && (
        <Fact label="Erwartete Haltedauer">noch {formatHoldingYears(row.holdingYears)}</Fact>
      )}
    </>
  );
}

/** Storage numbers, the warehouse's confirmation and the invoice of a position. */
function StorageAndInvoiceFacts({ row }: { row: DepotPositionCardProps['row'] }) {
  return (
    <>
      {/* Storage numbers only for cases that count as stored (as the storage certificate):
          those the warehouse's signed stock report confirmed. */}
      {row.stored && row.storageId && <Fact label="Lagernummern">{row.storageId}</Fact>}
      {row.stored && row.warehouseConfirmedOn && (
        <Fact label="Lager">
          <span data-testid="position-warehouse-confirmed">
            im Lager bestätigt am {formatDay(row.warehouseConfirmedOn)}
          </span>
        </Fact>
      )}
      {/* Booked in bond by staff, but no stock report of the warehouse holds it (yet): said so. */}
      {!row.stored && !row.enPrimeur && (row.status === 'IN_BOND' || row.status === 'FOR_SALE') && (
        <Fact label="Lager">
          <span data-testid="position-warehouse-unconfirmed">
            {storageStateLabel({ kind: 'ENTRY_UNCONFIRMED' })}
          </span>
        </Fact>
      )}
      {row.invoice?.invoiceNumber && (
        <Fact label="Rechnung">
          {row.invoice.pdfUrl ? (
            <Anchor
              href={row.invoice.pdfUrl}
              target="_blank"
              rel="noopener"
              fz="sm"
              data-testid="position-invoice"
              aria-label={`Rechnung ${row.invoice.invoiceNumber} (PDF)`}
            >
              {row.invoice.invoiceNumber} (PDF)
            </Anchor>
          ) : (
            row.invoice.invoiceNumber
          )}
        </Fact>
      )}
    </>
  );
}

/**
 * One depot position: wine, status, purchase, valuation and holding forecast; greyed while en
 * primeur. A sold position shows its sale day and proceeds instead of a market value.
 */
export function DepotPositionCard({ row, conditionReportUrl }: DepotPositionCardProps) {
  const { valuation } = row;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="depot-position-card"
      data-en-primeur={row.enPrimeur || undefined}
      // Greyed out without transparency, so its text keeps AA contrast.
      style={
        row.enPrimeur ? { filter: 'grayscale(1)', backgroundColor: 'var(--mantine-color-gray-1)' } : undefined
      }
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        {row.image ? (
          <Image src={row.image} alt={row.title} w={64} h={96} fit="contain" />
        ) : (
          <div
            style={{ width: 64, height: 96, background: 'var(--mantine-color-gray-1)', borderRadius: 4 }}
          />
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text fw={700} lineClamp={2}>
              {row.title}
            </Text>
            <Group gap={6}>
              {row.enPrimeur && (
                <Badge color="dark" variant="filled">
                  En Primeur
                </Badge>
              )}
              {row.status && (
                <Badge color={STATUS_COLORS[row.status]} variant="light">
                  {DEPOT_STATUS_LABELS[row.status]}
                </Badge>
              )}
            </Group>
          </Group>
          <Group gap={6} wrap="nowrap">
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: 5,
                background: regionColor(row.region),
                flexShrink: 0,
              }}
            />
            <Text fz="sm" c="dimmed" truncate>
              {row.winery} · {row.region}
            </Text>
          </Group>
          {row.enPrimeur && row.enPrimeurDeliveryDate && (
            <Text fz="sm">Voraussichtliche Lieferung: {formatDate(row.enPrimeurDeliveryDate)}</Text>
          )}
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" verticalSpacing={6}>
            <Fact label="Kaufdatum">{formatDate(row.date)}</Fact>
            <Fact label="Jahrgang">{row.year}</Fact>
            <Fact label="Gebinde">
              {row.gebinde} ({countLabel(row.bottles, 'Flasche')})
            </Fact>
            <Fact label="Kaufpreis/Flasche">
              <Figure>{formatEuro(valuation.buyPriceBtl)}</Figure>
            </Fact>
            <Fact label="Kaufpreis/Kiste">
              <Figure>{formatEuro(valuation.buyPriceCase)}</Figure>
            </Fact>
            {row.soldDate === null ? (
              <HeldFacts row={row} />
            ) : (
              <>
                <Fact label="Verkauft am">{formatDay(row.soldDate)}</Fact>
                <Fact label="Erlös nach Provision">
                  <span data-testid="position-sale-proceeds">
                    {row.saleProceedsNet === null ? (
                      'nicht erfasst'
                    ) : (
                      <Figure>{formatEuro(row.saleProceedsNet)}</Figure>
                    )}
                  </span>
                </Fact>
              </>
            )}
            <StorageAndInvoiceFacts row={row} />
          </SimpleGrid>
          {conditionReportUrl && (
            <Anchor href={conditionReportUrl} target="_blank" rel="noreferrer" fz="sm">
              Zustandsbericht (PDF)
            </Anchor>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
