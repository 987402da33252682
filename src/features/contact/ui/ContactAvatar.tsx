import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useInterval, useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { CONTACT_AVATAR_TEXTS, typingFrame } from '../../../domain/sidebar-badges';
import { useContactModal } from './contact-modal';

const TYPING_STEP_MS = 70;

/** The adviser avatar of the sidebar: types help texts and opens the contact modal. */
export function ContactAvatar() {
  const contact = useContactModal();
  const reducedMotion = useReducedMotion();
  const [step, setStep] = useState(0);
  const ticker = useInterval(() => setStep((current) => current + 1), TYPING_STEP_MS);
  useEffect(() => {
    if (reducedMotion) return;
    ticker.start();
    return ticker.stop;
  }, [reducedMotion, ticker.start, ticker.stop]);

  const text = reducedMotion ? CONTACT_AVATAR_TEXTS[0] : typingFrame(CONTACT_AVATAR_TEXTS, step);
  return (
    <UnstyledButton
      onClick={contact.open}
      aria-label="Kontakt aufnehmen: Wir beraten Sie gern persönlich."
      data-testid="contact-avatar"
      p="sm"
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-wine-0, #f8f0f2)' }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <Avatar color="wine" radius="xl" size="lg" aria-hidden="true">
          WD
        </Avatar>
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600}>
            Ihre Weinberatung
          </Text>
          <Text
            size="sm"
            c="dimmed"
            aria-hidden="true"
            // Two lines: the longest help text does not fit the sidebar's width on one.
            mih="3em"
            style={{ overflowWrap: 'anywhere' }}
          >
            {text}
            <span style={{ opacity: 0.6 }}>|</span>
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
