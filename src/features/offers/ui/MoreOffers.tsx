import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useEffect } from 'react';
import { countLabel } from '../../../domain/plural';
import type { MoreOffers as More } from '../api/use-offer-search';

/** How far below the visible part the next page is asked for, so it is there when scrolled to. */
const LOAD_AHEAD = '600px 0px';

/**
 * The end of the top offers' list: how many are shown of how many there are, and the next page,
 * loaded when this end comes near the visible part (and by its button, for the keyboard and for
 * browsers that do not report it). Also asks again while the end stays in view after a page.
 */
export function MoreOffers({ more, shown }: { more: More; shown: number }) {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: LOAD_AHEAD });
  const near = entry?.isIntersecting ?? false;
  const { hasMore, isLoadingMore, loadFailed, loadMore, total } = more;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` asks again after each page while the end stays near.
  useEffect(() => {
    if (near && hasMore && !isLoadingMore && !loadFailed) loadMore();
  }, [near, hasMore, isLoadingMore, loadFailed, loadMore, shown]);

  const incomplete = total !== null && shown < total;
  if (!hasMore && !incomplete) return null;
  return (
    <Stack ref={ref} gap="sm" align="center" data-testid="more-offers">
      {total !== null && (
        <Text c="dimmed" fz="sm" role="status">
          {countLabel(shown, 'Angebot')} angezeigt, insgesamt {countLabel(total, 'Angebot')}
        </Text>
      )}
      {loadFailed && (
        <Text c="red" fz="sm" role="alert">
          Weitere Angebote konnten nicht geladen werden.
        </Text>
      )}
      {isLoadingMore ? (
        <Center role="status" aria-label="Weitere Angebote werden geladen">
          <Loader size="sm" />
        </Center>
      ) : hasMore ? (
        <Button variant="default" onClick={loadMore}>
          {loadFailed ? 'Erneut versuchen' : 'Weitere Angebote laden'}
        </Button>
      ) : (
        <Text c="dimmed" fz="sm">
          Weitere Angebote folgen, sobald Sie wieder online sind.
        </Text>
      )}
    </Stack>
  );
}
