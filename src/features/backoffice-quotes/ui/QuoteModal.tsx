import { Anchor, Badge, Button, Divider, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { SunburstChart } from '../../../components/charts';
import { type LabelledQuoteLine, quoteSunburstData, quoteTotals } from '../../../domain/backoffice-quotes';
import { formatEuro } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import { AuditLogButton } from '../../backoffice-audit';
import type { ManualQuote } from '../api/backoffice-quotes';
import { downloadQuoteCsv } from './csv-export';
import { OfferPicker } from './OfferPicker';
import { QuoteInvoiceForm } from './QuoteInvoiceForm';
import { QuoteLinkButtons } from './QuoteLinkButtons';
import { QuotePositionsTable } from './QuotePositionsTable';

const linesOf = (quote: ManualQuote): LabelledQuoteLine[] =>
  quote.recommendedPosition.map((position) => ({
    wine: position.wineTitle,
    year: position.year,
    region: position.region,
    amount: position.amount,
    caskOf: position.caskOf,
    sellPriceBtl: position.sellPriceBtl,
    ekpBtl: position.ekpBtl ?? null,
  }));

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * A manual quote, full width: customer e-mail, adding positions by region, the editable positions
 * with CSV export, the distribution as sunburst, the link to the portfolio page, the totals and
 * the invoice (form or, once created, the provider's link).
 */
export function QuoteModal({ quote, onClose }: { quote: ManualQuote; onClose: () => void }) {
  const lines = useMemo(() => linesOf(quote), [quote]);
  const totals = useMemo(() => quoteTotals(lines), [lines]);
  const sunburst = useMemo(() => quoteSunburstData(lines), [lines]);
  const invoiced = Boolean(quote.invoice);

  return (
    <Modal
      opened
      onClose={onClose}
      size="100%"
      closeOnEscape={false}
      title={<Title order={3}>Angebot für {quote.email}</Title>}
    >
      <Stack gap="lg" data-testid="quote-modal">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Text>
              Kunde: <strong>{quote.email}</strong>
            </Text>
            {quote.userId ? (
              <Badge color="teal" variant="light">
                Kundenkonto vorhanden
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                Noch kein Kundenkonto
              </Badge>
            )}
            {invoiced && <Badge color="blue">Rechnung erstellt</Badge>}
          </Group>
          <Group gap="xs">
            <QuoteLinkButtons quote={quote} />
            <Anchor href={`/portfolio/${quote.uid}`} target="_blank" rel="noopener noreferrer" size="sm">
              Portfolio öffnen
            </Anchor>
            <AuditLogButton entity="manual_quote" entityId={quote.id} label={`Angebot für ${quote.email}`} />
          </Group>
        </Group>

        {invoiced ? (
          <Text size="sm" c="dimmed">
            Die Positionen sind fest, seit die Rechnung erstellt wurde.
          </Text>
        ) : (
          <OfferPicker quote={quote} disabled={invoiced} />
        )}

        <Divider />
        <Group justify="space-between">
          <Title order={4}>Positionen</Title>
          <Button
            variant="default"
            disabled={lines.length === 0}
            onClick={() => downloadQuoteCsv(quote.email, lines)}
          >
            CSV exportieren
          </Button>
        </Group>
        <QuotePositionsTable quote={quote} readOnly={invoiced} />

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm">
            <Title order={4}>Summen</Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Figure label="Umsatz" value={formatEuro(totals.sales)} testId="quote-sales" />
              <Figure label="Kosten (EKP)" value={formatEuro(totals.cost)} testId="quote-cost" />
              <Figure label="Rohertrag" value={formatEuro(totals.grossMargin)} testId="quote-gross-margin" />
              <Figure
                label="Marge"
                value={
                  totals.marginPercent === null
                    ? '–'
                    : `${totals.marginPercent.toLocaleString('de-DE', { minimumFractionDigits: 2 })} %`
                }
                testId="quote-margin"
              />
            </SimpleGrid>
            {totals.withoutEkp > 0 && (
              <Text size="xs" c="orange">
                {countLabel(totals.withoutEkp, 'Position')} ohne EKP{' '}
                {totals.withoutEkp === 1 ? 'zählt' : 'zählen'} ohne Kosten.
              </Text>
            )}
          </Stack>
          <Stack gap="sm" align="center" data-testid="quote-sunburst">
            {sunburst.length > 0 ? (
              <>
                <SunburstChart
                  data={sunburst}
                  size={240}
                  valueFormatter={(value) => formatEuro(Math.round(value * 100))}
                  aria-label="Verteilung nach Region und Wein"
                />
                <Group gap="sm" justify="center">
                  {sunburst.map((region) => (
                    <Group key={region.name} gap={6} wrap="nowrap">
                      <span
                        aria-hidden
                        style={{ width: 12, height: 12, borderRadius: 6, background: region.color }}
                      />
                      <Text fz="sm">{region.name}</Text>
                    </Group>
                  ))}
                </Group>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                Die Verteilung erscheint, sobald das Angebot Positionen hat.
              </Text>
            )}
          </Stack>
        </SimpleGrid>

        <Divider />
        <QuoteInvoiceForm quote={quote} />
      </Stack>
    </Modal>
  );
}
