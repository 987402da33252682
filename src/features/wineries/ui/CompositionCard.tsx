import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { SharePieChart } from '../../../components/charts';

const COLORS = ['wine.9', 'wine.6', 'cork.6', 'wine.3', 'cork.3', 'gray.5'];
const alcoholFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

export interface CompositionCardProps {
  grapes: { perc: number; grape: { id: number; title: string } }[];
  alc: string | null | undefined;
}

/** Composition: grape shares as a pie chart and the alcohol in Vol.-%. */
export function CompositionCard({ grapes, alc }: CompositionCardProps) {
  if (grapes.length === 0 && !alc) return null;
  const data = grapes.map((share, index) => ({
    name: share.grape.title,
    value: share.perc,
    color: COLORS[index % COLORS.length] ?? 'gray.5',
  }));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Zusammensetzung">
      <Title order={2} size="h4" mb="xs">
        Zusammensetzung
      </Title>
      <Group align="center" gap="lg">
        {data.length > 0 ? (
          <SharePieChart data={data} size={140} withTooltip tooltipDataSource="segment" />
        ) : null}
        <Stack gap={4}>
          {data.map((entry) => (
            <Text key={entry.name} size="sm">
              {entry.name}: {alcoholFormat.format(entry.value)} %
            </Text>
          ))}
          {alc ? (
            <Text size="sm" fw={600}>
              Alkohol: {alcoholFormat.format(Number(alc))} Vol.-%
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
