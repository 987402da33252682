import { Button, Group } from '@mantine/core';
import { useState } from 'react';

/** Long lists of a depot (thousands of positions) show this many entries, then more on request. */
export const LIST_PAGE_SIZE = 24;

/** The first `shown` entries of `entries`, and how to show the next page. */
export function useListPage<Entry>(entries: readonly Entry[], pageSize: number = LIST_PAGE_SIZE) {
  const [shown, setShown] = useState(pageSize);
  return {
    visible: entries.slice(0, shown),
    remaining: Math.max(0, entries.length - shown),
    showMore: () => setShown((count) => count + pageSize),
  };
}

/** "Weitere Positionen anzeigen (n)" below a list shown a page at a time; nothing when all are shown. */
export function ShowMoreButton({ remaining, onClick }: { remaining: number; onClick: () => void }) {
  if (remaining === 0) return null;
  return (
    <Group justify="center">
      <Button variant="default" onClick={onClick}>
        Weitere Positionen anzeigen ({remaining})
      </Button>
    </Group>
  );
}
