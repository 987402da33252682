import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BACKOFFICE_TABLE_TEXTS } from '../../../components/backoffice/BackofficeTable';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';

/**
 * One block of the back office's analytics: a title, and for its query the loading state,
 * "Fehler!" with retry, an empty state, or the content (charts with their tables).
 */
export function AnalyticsPanel({
  title,
  description,
  query,
  isEmpty,
  emptyText,
  children,
}: {
  title: string;
  /** One line under the title: what the figures are and how they are computed. */
  description: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {query.isPending ? (
          <Center mih={200}>
            <Loader role="status" aria-label="Wird geladen …" />
          </Center>
        ) : query.isError ? (
          <LoadFailedAlert
            title={BACKOFFICE_TABLE_TEXTS.error}
            retryLabel={BACKOFFICE_TABLE_TEXTS.retry}
            onRetry={query.refetch}
          />
        ) : isEmpty ? (
          <Text>{emptyText}</Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A chart with its title and a one-sentence summary as caption (read by screen readers; the
 * figures themselves are in the table next to it).
 */
export function ChartFigure({
  title,
  summary,
  testId,
  children,
}: {
  title: string;
  summary: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Stack component="figure" gap="xs" m={0} aria-label={title} data-testid={testId}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
      <Text component="figcaption" size="sm" c="dimmed">
        {summary}
      </Text>
    </Stack>
  );
}
