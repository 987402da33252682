import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { formatEuro } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import type { DepotRow } from '../model/depot-rows';
import { formatDate, formatDay } from './format';
import { Figure } from './hidden-figures';
import { ShowMoreButton, useListPage } from './show-more';

/**
 * The sold positions, apart from the held ones: they count in no value figure and in neither the
 * table nor its count; each shows its buy value and, where a Zweitmarkt sell order recorded them,
 * the net proceeds and the settlement PDF. The depot's one list of its sales (the Zweitmarkt
 * section shows only what is for sale), in the client's own depot and in the staff view of it.
 */
export function DepotSoldPositions({ rows }: { rows: readonly DepotRow[] }) {
  const sorted = useMemo(
    () => [...rows].sort((a, b) => (b.soldDate ?? '').localeCompare(a.soldDate ?? '')),
    [rows],
  );
  const page = useListPage(sorted);
  if (rows.length === 0) return null;
  const known = rows.filter((row) => row.saleProceedsNet !== null);
  const proceeds = known.reduce((sum, row) => sum + (row.saleProceedsNet ?? 0), 0);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sold-positions-title">
      <Stack gap="sm" data-testid="sold-positions">
        <div>
          <Title order={2} size="h3" id="sold-positions-title">
            Verkaufte Positionen
          </Title>
          <Text fz="sm" c="dimmed">
            Nicht in Marktwert, Gewinn, Rendite, Netto-Exit-Wert und Steuerfrei-Anteil enthalten.
          </Text>
        </div>
        {page.visible.map((row) => (
          <Group
            key={row.id}
            justify="space-between"
            align="flex-start"
            wrap="wrap"
            gap="xs"
            data-testid="sold-position"
            data-position-id={row.id}
          >
            <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
              <Text fw={500}>{row.title}</Text>
              <Text fz="sm" c="dimmed">
                Jahrgang {row.year} · {row.gebinde} ({countLabel(row.bottles, 'Flasche')}) · gekauft{' '}
                {formatDate(row.date)} · verkauft {formatDay(row.soldDate)}
              </Text>
              {row.invoice?.invoiceNumber && row.invoice.pdfUrl && (
                <Anchor
                  href={row.invoice.pdfUrl}
                  target="_blank"
                  rel="noopener"
                  fz="sm"
                  data-testid="position-invoice"
                >
                  Rechnung {row.invoice.invoiceNumber} (PDF)
                </Anchor>
              )}
            </div>
            <Box ta={{ base: 'left', xs: 'right' }} style={{ flex: '0 1 auto' }}>
              <Text fz="sm">
                Kaufwert <Figure>{formatEuro(row.valuation.invested)}</Figure>
              </Text>
              <Text fz="sm" fw={500} data-testid="sold-position-proceeds">
                {row.saleProceedsNet === null ? (
                  'Erlös nicht erfasst'
                ) : (
                  <>
                    Erlös nach Provision <Figure>{formatEuro(row.saleProceedsNet)}</Figure>
                  </>
                )}
              </Text>
              {row.settlementPdfUrl && (
                <Anchor href={row.settlementPdfUrl} target="_blank" rel="noopener" fz="sm">
                  Abrechnung (PDF)
                </Anchor>
              )}
            </Box>
          </Group>
        ))}
        <ShowMoreButton remaining={page.remaining} onClick={page.showMore} />
        {known.length > 0 && (
          <Text fz="sm" ta={{ base: 'left', xs: 'right' }} data-testid="sold-positions-total">
            Erlöse nach Provision{known.length < rows.length ? ' (soweit erfasst)' : ''}:{' '}
            <Figure>{formatEuro(proceeds)}</Figure>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
