import { Anchor, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LOGIN_PATH } from '../../routes/entry-navigation';
import { MAIN_CONTENT_ID } from '../a11y/SkipLink';
import { BrandMark } from '../BrandMark';
import { LegalLinks } from '../legal/LegalLinks';
import { useHydrated } from '../use-hydrated';

export interface PublicPageLayoutProps {
  children: ReactNode;
  /** Target of the "Registrieren" buttons, e.g. `/register/<lwin11>` on an offer @default '/register' */
  registerTo?: string;
  /** The page of the logged-in area that "Einloggen" returns to after the login (the page's /admin twin). */
  loginReturnTo?: string;
}

/** The white bar on top of a public page: the brand on the left, its actions on the right. */
export function PublicHeader({ children }: { children: ReactNode }) {
  return (
    <Box
      component="header"
      bg="white"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg">
        <Group justify="space-between">{children}</Group>
      </Container>
    </Box>
  );
}

/** The brand mark and name as the public header shows them. */
export function PublicBrand() {
  return (
    <Group gap="xs">
      <BrandMark size={28} />
      <Text fw={700}>Weindepot</Text>
    </Group>
  );
}

/** Frame of the public pages (/angebot, /vintage, /chateaus, /index-chart): no sidebar, a register call to action. */
export function PublicPageLayout({
  children,
  registerTo = '/register',
  loginReturnTo,
}: PublicPageLayoutProps) {
  // The same state the session guard records (`LoginRedirectState`): the login returns there.
  const loginState = loginReturnTo ? { from: loginReturnTo } : undefined;
  const hydrated = useHydrated();
  return (
    // The offer page is sent as HTML by the server: not usable until the JavaScript has taken over.
    <Box mih="100vh" bg="var(--mantine-color-cork-0)" aria-disabled={hydrated ? undefined : true}>
      <PublicHeader>
        <Anchor component={Link} to="/" c="wine.9" underline="never" aria-label="Weindepot">
          <PublicBrand />
        </Anchor>
        <Group gap="xs">
          <Button component={Link} to={LOGIN_PATH} state={loginState} variant="subtle">
            Einloggen
          </Button>
          <Button component={Link} to={registerTo}>
            Registrieren
          </Button>
        </Group>
      </PublicHeader>
      <Container size="lg" py="xl" component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Stack gap="xl">
          {/* At least a screen high, so the call to action below waits off-screen while the page
              loads instead of jumping down when the content arrives (layout shift). */}
          <Box mih="calc(100dvh - 8rem)">{children}</Box>
          <RegisterCallToAction registerTo={registerTo} />
          <Box component="footer">
            <LegalLinks />
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}

function RegisterCallToAction({ registerTo }: { registerTo: string }) {
  return (
    <Paper withBorder p="xl" radius="md" bg="wine.0">
      <Stack gap="sm" align="flex-start">
        <Title order={2}>Jetzt registrieren</Title>
        <Text>
          Registrieren Sie sich jetzt im Weindepot, um limitierte Weine zu sichern, Ihr Depot zu verfolgen und
          alle Jahrgänge und Weingüter zu entdecken.
        </Text>
        <Button component={Link} to={registerTo} size="md">
          Registrieren
        </Button>
      </Stack>
    </Paper>
  );
}
