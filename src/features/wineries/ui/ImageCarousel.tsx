import { ActionIcon, Box, Group } from '@mantine/core';
import { useEffect, useState } from 'react';

export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_SLIDE_MS = 1000;

export interface ImageCarouselProps {
  images: readonly string[];
  /** Accessible name of the carousel. */
  label: string;
}

/** Winery image carousel: a new image every 5 s, each change slides for 1 s; pauses on hover and focus. */
export function ImageCarousel({ images, label }: ImageCarouselProps) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = images.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % count),
      CAROUSEL_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return null;
  return (
    <Box
      component="section"
      aria-roledescription="Karussell"
      aria-label={label}
      pos="relative"
      style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Box
        style={{
          display: 'flex',
          transform: `translateX(-${index * 100}%)`,
          transition: `transform ${CAROUSEL_SLIDE_MS}ms ease-in-out`,
        }}
      >
        {images.map((image, position) => (
          <Box
            key={image}
            component="img"
            src={image}
            alt={`Bild ${position + 1} von ${count}`}
            aria-hidden={position !== index}
            style={{ flex: '0 0 100%', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }}
          />
        ))}
      </Box>
      {count > 1 ? (
        <Group
          justify="space-between"
          pos="absolute"
          top="50%"
          left={8}
          right={8}
          style={{ transform: 'translateY(-50%)' }}
        >
          <ActionIcon
            variant="white"
            radius="xl"
            aria-label="Vorheriges Bild"
            onClick={() => setIndex((index - 1 + count) % count)}
          >
            ‹
          </ActionIcon>
          <ActionIcon
            variant="white"
            radius="xl"
            aria-label="Nächstes Bild"
            onClick={() => setIndex((index + 1) % count)}
          >
            ›
          </ActionIcon>
        </Group>
      ) : null}
    </Box>
  );
}
