import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { dataTimeOnScreen, offlineBannerText } from '../../components/offline/offline-texts';
import { useOnline } from '../../components/offline/use-online';

/** Shown while the device is offline: the data on screen comes from the device and is this old. */
export function OfflineBanner() {
  const online = useOnline();
  const queryCache = useQueryClient().getQueryCache();
  const dataAsOf = useSyncExternalStore(
    (onChange) => queryCache.subscribe(onChange),
    () =>
      dataTimeOnScreen(
        queryCache.getAll().map((query) => ({
          dataUpdatedAt: query.state.dataUpdatedAt,
          observed: query.getObserversCount() > 0,
        })),
      ),
  );
  if (online) return null;
  return (
    <Alert color="yellow" variant="light" role="status" radius={0} py={6} data-testid="offline-banner">
      {offlineBannerText(dataAsOf)}
    </Alert>
  );
}
