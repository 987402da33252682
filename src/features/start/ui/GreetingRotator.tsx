import { Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { greetingWords } from '../../../domain/offer-display';

const ROTATION_MS = 2500;

/** "Willkommen, {word}" with the word rotating through the salutation and the fixed list. */
export function GreetingRotator({ directSalutation }: { directSalutation: string | null }) {
  const words = greetingWords(directSalutation);
  const [index, setIndex] = useState(0);
  const reducedMotion = useReducedMotion();
  const count = words.length;
  useEffect(() => {
    if (reducedMotion) return undefined;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [count, reducedMotion]);
  return (
    <Title order={1}>
      Willkommen,{' '}
      <Text span inherit c="wine.7" data-testid="greeting-word">
        {words[index]}
      </Text>
    </Title>
  );
}
