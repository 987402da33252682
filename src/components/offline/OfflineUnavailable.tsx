import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSyncState } from '../../app/sync/use-background-sync';
import { offlineUnavailableText } from '../../domain/client/offline';
import { useOnline } from './use-online';

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
