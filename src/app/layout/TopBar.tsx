import { Anchor, Burger, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SessionUser } from '../../api/session/session-store';
import { BrandMark } from '../../components/BrandMark';
import { AccountSettingsButton } from '../../features/account/ui/AccountSettingsButton';
import { InvoicesPortalLink } from '../../features/invoices/ui/InvoicesPortalLink';
import { START_PATH } from '../../routes/entry-navigation';
import { InstallButton } from '../pwa/InstallButton';
import { LogoutButton } from './LogoutButton';
import { SyncStatus } from './SyncStatus';
import { displayName } from './user-names';

export interface TopBarProps {
  user: SessionUser;
  navigationOpened: boolean;
  onToggleNavigation: () => void;
}

export function TopBar({ user, navigationOpened, onToggleNavigation }: TopBarProps) {
  return (
    // On phones the bar holds burger, brand, sync state, settings, invoices and logout: tight
    // padding, here and inside the last two buttons, keeps them from being clipped at 390 px.
    <Group h="100%" px={{ base: 6, sm: 'md' }} justify="space-between" wrap="nowrap" gap={4}>
      <Group gap={4} wrap="nowrap">
        <Burger
          opened={navigationOpened}
          onClick={onToggleNavigation}
          hiddenFrom="md"
          size="sm"
          aria-label={navigationOpened ? 'Menü schließen' : 'Menü öffnen'}
          aria-expanded={navigationOpened}
        />
        {/* Named on its own: on a phone the word beside the mark is hidden. */}
        <Anchor component={Link} to={START_PATH} underline="never" c="wine.9" aria-label="Weindepot">
          <Group gap={8} wrap="nowrap">
            <BrandMark size={26} />
            <Text fw={700} size="lg" ff="heading" visibleFrom="xs">
              Weindepot
            </Text>
          </Group>
        </Anchor>
      </Group>
      <Group gap={4} wrap="nowrap" miw={0}>
        <SyncStatus />
        <InstallButton />
        <Text fw={500} truncate="end" data-testid="top-bar-user-name" visibleFrom="sm">
          {displayName(user)}
        </Text>
        <AccountSettingsButton />
        <InvoicesPortalLink />
        <LogoutButton />
      </Group>
    </Group>
  );
}
