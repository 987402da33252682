import { Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useOnline } from '../../../components/offline/use-online';
import { pushOptInTexts } from '../../../domain/push';
import { isPushSubscribed, isPushSupported, useDisablePush, useEnablePush } from '../api/push';

/**
 * The opt-in for push notifications on this device (account settings, after the first binding
 * order). Never asks on page load: the browser's permission prompt follows the user's switch.
 */
export function PushOptIn() {
  const supported = isPushSupported();
  const online = useOnline();
  const [enabled, setEnabled] = useState(false);
  const enable = useEnablePush();
  const disable = useDisablePush();

  useEffect(() => {
    if (supported) void isPushSubscribed().then(setEnabled);
  }, [supported]);

  const denied = supported && Notification.permission === 'denied';
  const failed = enable.isError && enable.error.message !== 'denied';
  const hint = !supported
    ? pushOptInTexts.unsupported
    : denied || (enable.isError && enable.error.message === 'denied')
      ? pushOptInTexts.denied
      : !online
        ? pushOptInTexts.offline
        : failed
          ? pushOptInTexts.failed
          : pushOptInTexts.description;

  return (
    <Stack gap={4}>
      <Switch
        label={pushOptInTexts.label}
        checked={enabled}
        disabled={!supported || denied || !online || enable.isPending || disable.isPending}
        onChange={(event) => {
          const wanted = event.currentTarget.checked;
          const action = wanted ? enable : disable;
          action.mutate(undefined, { onSuccess: () => setEnabled(wanted) });
        }}
      />
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}
