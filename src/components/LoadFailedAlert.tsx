import { Alert, Button } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LoadFailedAlertProps {
  /** What failed, e.g. "Die Rechnungen konnten nicht geladen werden." */
  title: string;
  /** The button's text, e.g. "Erneut versuchen". */
  retryLabel: string;
  /** Loads again (the query's `refetch`). */
  onRetry: () => unknown;
  /** The button shows a spinner while this is true. @default false */
  retrying?: boolean;
  /** More words above the button. */
  children?: ReactNode;
}

/** A load that failed: a red alert named by what failed, with a button that loads again. */
export function LoadFailedAlert({
  title,
  retryLabel,
  onRetry,
  retrying = false,
  children,
}: LoadFailedAlertProps) {
  return (
    <Alert color="red" role="alert" title={title}>
      {children}
      <Button variant="light" mt="sm" loading={retrying} onClick={() => void onRetry()}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
