import { Center, Loader, LoadingOverlay, Paper, Text, Title } from '@mantine/core';
import { LOAD_ERROR } from '../../domain/error-texts';
import { QueryFailure } from '../offline/OfflineUnavailable';

/** The spec's plain error state of the browsing screens: a heading "Error" (offline: why). */
export function ErrorHeading() {
  return (
    <QueryFailure>
      <div role="alert">
        <Title order={1}>{LOAD_ERROR}</Title>
      </div>
    </QueryFailure>
  );
}

/** Full-area spinner while a screen's query loads. */
export function ScreenSpinner() {
  return (
    <Center mih="60vh" role="status" aria-label="Wird geladen">
      <Loader />
    </Center>
  );
}

/** Overlay spinner over the area that is being loaded (vintage page). */
export function OverlaySpinner() {
  return (
    <div style={{ position: 'relative', minHeight: '60vh' }} role="status" aria-label="Wird geladen">
      <LoadingOverlay visible overlayProps={{ blur: 2 }} />
    </div>
  );
}

export interface EmptyStateProps {
  /** The German text shown instead of the missing content. */
  text: string;
}

export function EmptyState({ text }: EmptyStateProps) {
  return (
    <Paper withBorder p="xl">
      <Text c="dimmed">{text}</Text>
    </Paper>
  );
}
