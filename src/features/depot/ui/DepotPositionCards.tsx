import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  DEFAULT_CARD_SORT,
  DEPOT_CARD_SORT_LABELS,
  type DepotCardSortKey,
  type DepotRow,
  sortDepotCards,
} from '../model/depot-rows';
import { nextSort } from '../model/depot-sorting';
import { DepotPositionCard } from './DepotPositionCard';
import { ShowMoreButton, useListPage } from './show-more';

const SORT_KEYS = Object.keys(DEPOT_CARD_SORT_LABELS) as DepotCardSortKey[];

export function DepotPositionCards({ rows }: { rows: readonly DepotRow[] }) {
  const [sort, setSort] = useState(DEFAULT_CARD_SORT);
  const sorted = useMemo(() => sortDepotCards(rows, sort), [rows, sort]);
  // Cards are shown in pages so that a depot of thousands of positions stays responsive.
  const page = useListPage(sorted);
  return (
    <Stack gap="md">
      <Group gap="xs" aria-label="Positionen sortieren" role="group">
        <Text fz="sm" c="dimmed">
          Sortieren nach:
        </Text>
        {SORT_KEYS.map((key) => {
          const active = sort.key === key;
          return (
            <Button
              key={key}
              size="xs"
              variant={active ? 'filled' : 'default'}
              aria-pressed={active}
              onClick={() => setSort((current) => nextSort(current, key))}
              rightSection={active ? (sort.direction === 'asc' ? '↑' : '↓') : null}
            >
              {DEPOT_CARD_SORT_LABELS[key]}
            </Button>
          );
        })}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {page.visible.map((row) => (
          <DepotPositionCard key={row.id} row={row} />
        ))}
      </SimpleGrid>
      <ShowMoreButton remaining={page.remaining} onClick={page.showMore} />
    </Stack>
  );
}
