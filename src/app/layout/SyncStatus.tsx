import { Box, Button, Group, Loader, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { syncStatusText } from '../../components/offline/offline-texts';
import { useOnline } from '../../components/offline/use-online';
import { useSyncState } from '../../components/offline/use-sync-state';
import { syncNow } from '../../features/sync/api/use-background-sync';

/** Since when the device is offline (null while online). */
function useOfflineSince(): number | null {
  const online = useOnline();
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => {
    setSince(online ? null : Date.now());
  }, [online]);
  return online ? null : since;
}

const DOT_COLORS = {
  syncing: 'blue.6',
  synced: 'green.6',
  offline: 'yellow.6',
  failed: 'red.6',
  idle: 'gray.5',
};

/** The sync state in the top bar; a click offers "Jetzt synchronisieren". */
export function SyncStatus() {
  const state = useSyncState();
  const offlineSince = useOfflineSince();
  const status = syncStatusText(state, offlineSince);
  const tone = offlineSince !== null ? 'offline' : state.phase;
  return (
    <Popover position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton
          data-testid="sync-status"
          data-phase={state.phase}
          aria-label={`Synchronisierung: ${status}`}
          px={6}
          py={4}
        >
          <Group gap={6} wrap="nowrap">
            {state.phase === 'syncing' ? (
              // The spinning ring's corners stay inside the dot's place (no overflow while it turns).
              <Box w={10} h={10} style={{ overflow: 'hidden', flex: 'none' }}>
                <Loader size={10} display="block" />
              </Box>
            ) : (
              <Box w={10} h={10} bg={DOT_COLORS[tone]} style={{ borderRadius: '50%' }} />
            )}
            <Text size="sm" c="dimmed" visibleFrom="lg" truncate="end" maw={220}>
              {status}
            </Text>
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" maw={260}>
          <Text size="sm" data-testid="sync-status-text">
            {status}
          </Text>
          {state.phase === 'failed' && state.error ? (
            <Text size="sm" c="red">
              {state.error}
            </Text>
          ) : null}
          <Button
            size="xs"
            onClick={() => void syncNow()}
            loading={state.phase === 'syncing'}
            disabled={offlineSince !== null}
          >
            {state.phase === 'failed' ? 'Erneut versuchen' : 'Jetzt synchronisieren'}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
