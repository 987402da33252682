import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  DEFAULT_CARD_SORT,
  DEPOT_CARD_SORT_LABELS,
  type DepotCardSortKey,
  type DepotRow,
  sortDepotCards,
} from '../../domain/depot-rows';
import { nextSort } from '../../domain/depot-sorting';
import { DepotPositionCard } from './DepotPositionCard';

/** Cards are shown in pages so that a depot of thousands of positions stays responsive. */
const CARDS_PER_PAGE = 24;
const SORT_KEYS = Object.keys(DEPOT_CARD_SORT_LABELS) as DepotCardSortKey[];

export function DepotPositionCards({ rows }: { rows: readonly DepotRow[] }) {
  const [sort, setSort] = useState(DEFAULT_CARD_SORT);
  const [shown, setShown] = useState(CARDS_PER_PAGE);
  const sorted = useMemo(() => sortDepotCards(rows, sort), [rows, sort]);
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
        {sorted.slice(0, shown).map((row) => (
          <DepotPositionCard key={row.id} row={row} />
        ))}
      </SimpleGrid>
      {shown < sorted.length && (
        <Group justify="center">
          <Button variant="default" onClick={() => setShown((count) => count + CARDS_PER_PAGE)}>
            Weitere Positionen anzeigen ({sorted.length - shown})
          </Button>
        </Group>
      )}
    </Stack>
  );
}
