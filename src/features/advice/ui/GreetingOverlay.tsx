import { Button, Overlay, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Shown for about 3 s after the first save; fading starts at 2.3 s. */
export const GREETING_MS = 3000;
export const GREETING_FADE_AT_MS = 2300;

export interface GreetingOverlayProps {
  firstName?: string | null;
  /** After the greeting's time: the depot. */
  onDone: () => void;
  /** "Ihr Portfolio ansehen": the composed portfolio instead (no button without it). */
  onPortfolio?: () => void;
}

export function GreetingOverlay({ firstName, onDone, onPortfolio }: GreetingOverlayProps) {
  const [fading, setFading] = useState(false);
  useEffect(() => {
    const fade = window.setTimeout(() => setFading(true), GREETING_FADE_AT_MS);
    const done = window.setTimeout(onDone, GREETING_MS);
    return () => {
      window.clearTimeout(fade);
      window.clearTimeout(done);
    };
  }, [onDone]);
  return (
    <Overlay
      fixed
      zIndex={1000}
      color="#2b0d18"
      backgroundOpacity={0.92}
      center
      data-testid="greeting-overlay"
      style={{
        opacity: fading ? 0 : 1,
        transition: `opacity ${GREETING_MS - GREETING_FADE_AT_MS}ms ease-out`,
      }}
    >
      <Stack align="center" gap="sm" role="status" p="md">
        <Title order={2} c="white" ta="center">
          {firstName ? `Willkommen, ${firstName}!` : 'Willkommen!'}
        </Title>
        <Text c="white" ta="center">
          Ihr Anlegerprofil ist gespeichert. Wir stellen Ihr persönliches Portfolio zusammen.
        </Text>
        {onPortfolio && (
          <Button variant="white" color="wine" onClick={onPortfolio}>
            Ihr Portfolio ansehen
          </Button>
        )}
      </Stack>
    </Overlay>
  );
}
