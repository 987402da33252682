import { Avatar, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { OfferDetailFragment } from '../../../api/graphql.generated';
import { tileTitle } from '../../../domain/offer-display';

export interface HotDealSelectorProps {
  deals: OfferDetailFragment[];
  selectedIndex: number;
  onSelect: (index: number) => void;
}

/** Up to 3 mini tiles (winery logo, title without "Château"/"Domaine", year) switching the hot deal. */
export function HotDealSelector({ deals, selectedIndex, onSelect }: HotDealSelectorProps) {
  return (
    <Group gap="sm" grow role="tablist" aria-label="Aktuelle Angebote">
      {deals.map((deal, index) => {
        const selected = index === selectedIndex;
        return (
          <UnstyledButton
            key={deal.id}
            role="tab"
            aria-selected={selected}
            onClick={() => onSelect(index)}
            style={{ minWidth: 0 }}
          >
            <Paper
              withBorder
              radius="md"
              p="sm"
              style={{
                borderColor: selected ? 'var(--mantine-color-wine-7)' : undefined,
                borderWidth: selected ? 2 : 1,
              }}
            >
              <Group gap="sm" wrap="nowrap">
                <Avatar src={deal.vintage.wine.winery.logoImage} alt="" radius="sm" visibleFrom="sm" />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  {/* Up to three lines: three tiles share a phone's width, and a cut name is no name. */}
                  <Text fw={600} size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                    {tileTitle(deal.vintage.wine.title)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {deal.vintage.year}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
