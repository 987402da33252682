import { Center, Loader, Overlay, Paper, Progress, Stack, Text } from '@mantine/core';
import { CERTIFICATE_STEPS } from '../../../domain/order-list-texts';

export interface CertificateProgressProps {
  /** Index of the current step in CERTIFICATE_STEPS. */
  step: number;
}

/** The simulated progress overlay while a storage certificate is prepared (5 messages). */
export function CertificateProgress({ step }: CertificateProgressProps) {
  const current = CERTIFICATE_STEPS[Math.min(step, CERTIFICATE_STEPS.length - 1)];
  return (
    <Overlay fixed blur={3} backgroundOpacity={0.45} zIndex={400}>
      <Center h="100%">
        <Paper p="xl" radius="md" shadow="lg" w={{ base: '90vw', sm: 420 }}>
          <Stack align="center" gap="md">
            <Loader />
            <Text fw={600} ta="center" role="status" aria-live="polite">
              {current}
            </Text>
            <Progress w="100%" value={((step + 1) / CERTIFICATE_STEPS.length) * 100} aria-hidden />
          </Stack>
        </Paper>
      </Center>
    </Overlay>
  );
}
