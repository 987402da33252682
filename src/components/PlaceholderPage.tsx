import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { UNDER_CONSTRUCTION } from '../domain/texts';

export interface PlaceholderPageProps {
  /** Heading of the area, usually its sidebar label. */
  title: string;
}

/** Stands in for an area of the client portal that is not built yet. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  useDocumentTitle(`${title} – Weindepot`);
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="xl">
        <Text c="dimmed">{UNDER_CONSTRUCTION}</Text>
      </Paper>
    </Stack>
  );
}
