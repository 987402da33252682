import { AppShell, Box, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { useSession } from '../../api/session/session-context';
import { deviceUserKey, type SessionUser } from '../../api/session/session-store';
import { MAIN_CONTENT_ID } from '../../components/a11y/SkipLink';
import { LegalLinks } from '../../components/legal/LegalLinks';
import { usePushSubscriptionSync } from '../../features/account/api/push';
import { AccountSettingsProvider } from '../../features/account/ui/account-settings';
import { ReferralModalProvider } from '../../features/account/ui/referral-modal';
import { InvestorProfileGate } from '../../features/advice/ui/InvestorProfileGate';
import { ContactAvatar } from '../../features/contact/ui/ContactAvatar';
import { ContactModalProvider } from '../../features/contact/ui/contact-modal';
import { useOutboxReplay } from '../../features/order-list';
import { useBackgroundSync } from '../../features/sync/api/use-background-sync';
import { useRouteDataOnNavigation } from '../route-data';
import { OfflineBanner } from './OfflineBanner';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useSessionSync } from './use-session-sync';
import { displayName } from './user-names';

/** The frame of `/admin/*`: top bar, sidebar (a burger menu below 1024 px) and the page. */
export function AdminLayout() {
  const session = useSession();
  if (!session) return null;
  return <AdminShell storedUser={session.user} />;
}

function AdminShell({ storedUser }: { storedUser: SessionUser }) {
  const user = useSessionSync(storedUser);
  const [navigationOpened, navigation] = useDisclosure(false);
  useOutboxReplay();
  useBackgroundSync();
  usePushSubscriptionSync();
  useRouteDataOnNavigation(deviceUserKey(storedUser));

  return (
    <ContactModalProvider>
      <ReferralModalProvider>
        <AccountSettingsProvider>
          <AdminFrame user={user} navigationOpened={navigationOpened} navigation={navigation} />
        </AccountSettingsProvider>
      </ReferralModalProvider>
    </ContactModalProvider>
  );
}

function AdminFrame({
  user,
  navigationOpened,
  navigation,
}: {
  user: SessionUser;
  navigationOpened: boolean;
  navigation: { toggle: () => void; close: () => void };
}) {
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !navigationOpened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <TopBar user={user} navigationOpened={navigationOpened} onToggleNavigation={navigation.toggle} />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Hauptnavigation">
        {/* The top bar has no room for the name on phones; the menu shows it there instead. */}
        <AppShell.Section px="md" pt="sm" hiddenFrom="sm">
          <Text fw={500} truncate="end" data-testid="menu-user-name">
            {displayName(user)}
          </Text>
        </AppShell.Section>
        <Sidebar user={user} onNavigate={navigation.close} />
        <AppShell.Section p="sm">
          <ContactAvatar />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <OfflineBanner />
        <Outlet />
        <InvestorProfileGate />
        <Box
          component="footer"
          mt="xl"
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <LegalLinks />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
