import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { offlineUnavailableText } from './offline-texts';
import { useOnline } from './use-online';
import { useSyncState } from './use-sync-state';

/** Offline, and the screen's data is not on the device: said in German with the date of the data there. */
export function OfflineUnavailable() {
  const { syncedAt } = useSyncState();
  return (
    <Alert color="yellow" role="alert" data-testid="offline-unavailable">
      {offlineUnavailableText(syncedAt)}
    </Alert>
  );
}

/** A screen's error state: offline it says the data is not on the device instead. */
export function QueryFailure({ children }: { children: ReactNode }) {
  const online = useOnline();
  return online ? children : <OfflineUnavailable />;
}
