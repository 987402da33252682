import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { maturityCountdown } from '../../../domain/vintage-detail';

export interface MaturityCountdownProps {
  maturityYear: number | null | undefined;
}

/** Drinking-maturity forecast with a live countdown; hidden when the maturity year is past. */
export function MaturityCountdown({ maturityYear }: MaturityCountdownProps) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const countdown = maturityCountdown(maturityYear, now);
  if (!countdown) return null;
  const parts: [number, string][] = [
    [countdown.days, 'Tage'],
    [countdown.hours, 'Stunden'],
    [countdown.minutes, 'Minuten'],
    [countdown.seconds, 'Sekunden'],
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Trinkreife">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Trinkreife
        </Title>
        <Text size="sm">Prognose: trinkreif ab {maturityYear}</Text>
        <Group gap="md" aria-live="off">
          {parts.map(([value, unit]) => (
            <Stack key={unit} gap={0} align="center">
              <Text fw={700} size="xl" ff="monospace">
                {value}
              </Text>
              <Text size="xs" c="dimmed">
                {unit}
              </Text>
            </Stack>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
