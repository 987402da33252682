import { useNotifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { lazyComponent } from '../components/lazy-component';
import { NOTIFICATION_AUTO_CLOSE_MS } from '../domain/entry-constants';

const Notifications = lazyComponent(() =>
  import('./notifications-container').then((module) => module.Notifications),
);

/**
 * Mantine's notification container, fetched with the first notification instead of with every
 * page: notifications shown before it arrives wait in the store and appear once it is there.
 */
export function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={NOTIFICATION_AUTO_CLOSE_MS} />
    </Suspense>
  );
}
