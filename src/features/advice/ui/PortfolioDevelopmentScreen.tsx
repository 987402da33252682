import { Button, Overlay, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { COUNT_MS, countAt, FADE_MS } from '../model/advice-development';

/**
 * The intelligent portfolio development page: START shows "Ihr Portfolio wird zusammengestellt..."
 * counting 0–100 % over 3,5 s, fades out for 0,5 s and opens the composed portfolio.
 */
export function PortfolioDevelopmentScreen() {
  useDocumentTitle('Intelligente Portfolioentwicklung – Weindepot');
  const navigate = useNavigate();
  const [started, setStarted] = useState<number | null>(null);
  const [percent, setPercent] = useState(0);
  const [fading, setFading] = useState(false);

  useEffect(() => {
    if (started === null) return;
    let frame = 0;
    const tick = () => {
      const elapsed = performance.now() - started;
      setPercent(countAt(elapsed));
      if (elapsed < COUNT_MS) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    const fade = window.setTimeout(() => setFading(true), COUNT_MS);
    const done = window.setTimeout(() => navigate('/admin/selection/wt'), COUNT_MS + FADE_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(fade);
      window.clearTimeout(done);
    };
  }, [started, navigate]);

  return (
    <Stack align="center" gap="lg" py="xl">
      <Title order={1} ta="center" style={{ hyphens: 'auto', overflowWrap: 'anywhere' }}>
        Intelligente Portfolioentwicklung
      </Title>
      <Text ta="center" maw={560}>
        Auf Basis Ihres Anlegerprofils stellen wir aus den aktuell verfügbaren Weinen ein Portfolio zusammen,
        das zu Ihren Zielen, Ihrer Risikobereitschaft und Ihrem Anlagehorizont passt.
      </Text>
      <Button size="lg" onClick={() => setStarted(performance.now())} disabled={started !== null}>
        START
      </Button>
      {started !== null && (
        <Overlay
          fixed
          zIndex={1000}
          color="#2b0d18"
          backgroundOpacity={0.94}
          center
          style={{ opacity: fading ? 0 : 1, transition: `opacity ${FADE_MS}ms ease-out` }}
        >
          <Stack align="center" role="status">
            <Title order={2} c="white">
              Ihr Portfolio wird zusammengestellt...
            </Title>
            <Text c="white" size="xl" fw={700} data-testid="development-percent">
              {percent} %
            </Text>
          </Stack>
        </Overlay>
      )}
    </Stack>
  );
}
