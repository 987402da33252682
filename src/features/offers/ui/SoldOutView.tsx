import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface SoldOutViewProps {
  /** Target of "Zum aktuellen Angebot"; the button is hidden without one. */
  currentOfferPath: string | null;
  /** Extra content: the inform-me notice and the contact button inside the logged-in area. */
  children?: ReactNode;
}

/** "Angebot ausverkauft" with the way to the current offer. */
export function SoldOutView({ currentOfferPath, children }: SoldOutViewProps) {
  return (
    <Paper withBorder radius="md" p="xl" bg="cork.0" role="status">
      <Stack gap="sm">
        <Title order={2}>Angebot ausverkauft</Title>
        <Text>
          Unsere Angebote sind stark limitiert und in der Regel nach kurzer Zeit ausverkauft. Sehen Sie sich
          unsere weiteren Angebote an oder kontaktieren Sie uns – wir suchen gern eine Alternative für Sie.
        </Text>
        {children}
        {currentOfferPath && (
          <Group>
            <Button component={Link} to={currentOfferPath}>
              Zum aktuellen Angebot
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
