import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useCallback, useEffect, useRef } from 'react';
import { countLabel } from '../../../domain/plural';
import type { MoreOffers as More } from '../api/use-offer-search';

/** How far below the visible part (px) the next page is asked for, so it is there when scrolled to. */
const LOAD_AHEAD = 600;

/** Whether the element's top lies within the visible part or `LOAD_AHEAD` below it, as laid out now. */
const nearNow = (element: HTMLElement | null) =>
  element !== null && element.getBoundingClientRect().top < window.innerHeight + LOAD_AHEAD;

/**
 * The end of the top offers' list while more follow: how many are shown, and the next page, loaded
 * when this end comes near the visible part (and by its button, for the keyboard and for browsers
 * that do not report it). Asks again while the end stays in view after a page.
 */
export function MoreOffers({ more, shown }: { more: More; shown: number }) {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: `${LOAD_AHEAD}px 0px` });
  const element = useRef<HTMLDivElement | null>(null);
  const observe = useCallback(
    (node: HTMLDivElement | null) => {
      element.current = node;
      ref(node);
    },
    [ref],
  );
  const near = entry?.isIntersecting ?? false;
  const { hasMore, isLoadingMore, loadFailed, loadMore, waitsForConnection } = more;
  // The observer's last report is older than a page that just arrived: the end is measured again,
  // so a page that moved it away asks for no other, and one that left it in view asks for the next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` measures again after each page.
  useEffect(() => {
    if (near && hasMore && !isLoadingMore && !loadFailed && nearNow(element.current)) loadMore();
  }, [near, hasMore, isLoadingMore, loadFailed, loadMore, shown]);

  if (!hasMore && !waitsForConnection) return null;
  return (
    <Stack ref={observe} gap="sm" align="center" data-testid="more-offers">
      <Text c="dimmed" fz="sm" role="status">
        {countLabel(shown, 'Angebot')} angezeigt, weitere folgen
      </Text>
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
