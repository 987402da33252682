import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ComparableOfferFragment, OfferDetailFragment } from '../../../api/graphql.generated';
import { marketValueBasis } from '../../../domain/market-value';
import { decimalToCents, formatEuro } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import { OFFER_KIND_LABELS } from '../../../domain/secondary-market';
import { ResaleOrigin } from '../../secondary-market';

export interface OfferComparisonProps {
  offer: OfferDetailFragment;
  /** The action of another line (the order list's button); none on the public page. */
  renderAction?: (line: ComparableOfferFragment) => ReactNode;
}

/**
 * Every offer of this vintage and bottle size a client can buy now, the house's and each
 * Zweitmarkt listing, cheapest first (the server's order): price per bottle, kind and, beside a
 * resale price, the market value with its source and day.
 */
export function OfferComparison({ offer, renderAction }: OfferComparisonProps) {
  const lines = offer.comparableOffers;
  if (lines.length === 0) return null;
  const title = `Alle Angebote: ${offer.vintage.wine.title} ${offer.vintage.year}, ${offer.bottleSize.title}`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Alle Angebote dieses Weins">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text fz="sm" c="dimmed">
          {countLabel(lines.length, 'Angebot')} dieses Jahrgangs in dieser Flaschengröße, günstigstes zuerst.
        </Text>
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => {
            const current = line.id === offer.id;
            return (
              <Paper
                key={line.id}
                component="li"
                withBorder
                radius="sm"
                p="sm"
                bg={current ? 'cork.0' : undefined}
                data-testid="comparable-offer"
              >
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                  <Stack gap={4} style={{ flex: '1 1 18rem', minWidth: 0 }}>
                    <Group gap="xs">
                      <Badge color={line.secondaryMarket ? 'grape' : 'wine'} variant="light">
                        {line.secondaryMarket ? OFFER_KIND_LABELS.resale : OFFER_KIND_LABELS.house}
                      </Badge>
                      {current && (
                        <Text fz="sm" fw={600}>
                          Dieses Angebot
                        </Text>
                      )}
                    </Group>
                    <Text fw={700} fz="lg">
                      {formatEuro(decimalToCents(line.priceBtl))}{' '}
                      <Text span fz="sm" fw={400}>
                        je Flasche · {countLabel(line.availableCases, 'Kiste')} à{' '}
                        {countLabel(line.caskOf, 'Flasche')} verfügbar
                      </Text>
                    </Text>
                    {line.secondaryMarket && (
                      <Text fz="sm" data-testid="comparable-market-value">
                        {line.marketValue
                          ? `Marktwert je Flasche: ${formatEuro(decimalToCents(line.marketValue.valueBtl))} (${marketValueBasis(line.marketValue.source, line.marketValue.date)})`
                          : 'Für diesen Jahrgang liegt keine Marktbewertung vor.'}
                      </Text>
                    )}
                    {line.resaleOrigin && <ResaleOrigin origin={line.resaleOrigin} compact />}
                  </Stack>
                  {!current && renderAction?.(line)}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
