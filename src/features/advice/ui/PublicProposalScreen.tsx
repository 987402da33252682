import {
  Accordion,
  Affix,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Image,
  LoadingOverlay,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSession } from '../../../api/session/session-context';
import { CaptionedVideo } from '../../../components/a11y/CaptionedVideo';
import { MAIN_CONTENT_ID } from '../../../components/a11y/SkipLink';
import { PublicBrand, PublicHeader } from '../../../components/discovery/PublicPageLayout';
import { LegalLinks } from '../../../components/legal/LegalLinks';
import { RiskNotice } from '../../../components/RiskNotice';
import {
  BRAND_GALLERY,
  STORAGE_FILM_CAPTIONS,
  STORAGE_VIDEO,
  storageFilmCues,
} from '../../../domain/brand-media';
import { ContactModalProvider, useContactModal } from '../../contact';
import { BindingOrderDialog } from '../../order-list';
import { type Proposal, useAddRecommendations, useProposal } from '../api/advice';
import { ConsentModal } from './ConsentModal';
import { ProposalPie } from './ProposalPie';
import { EXPIRED_TEXT, ProposalBoundary, ProposalView } from './ProposalView';
import { REGISTER_PROMPT_AFTER_MS } from './proposal-timing';

export type ProposalMode = 'portfolio' | 'present' | 'quote' | 'embed';

/**
 * The register call to action (header button, quote button, 30-s prompt): not on /present (spec
 * entry §6) and not for a signed-in client, who has an account already (docs/deviations.md).
 */
const asksToRegister = (mode: ProposalMode, loggedIn: boolean) => mode !== 'present' && !loggedIn;

/**
 * After 30 s on a page with a uid: "Sie wollen weitermachen?" with "Jetzt registrieren". The 30 s
 * count from when the page can be read (`counting`: the consent modal is closed), so the two
 * modals never stack.
 */
function RegisterPrompt({ counting }: { counting: boolean }) {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!counting) return;
    const timer = window.setTimeout(() => setOpened(true), REGISTER_PROMPT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [counting]);
  return (
    <Modal opened={opened} onClose={() => setOpened(false)} title="Sie wollen weitermachen?" centered>
      <Stack>
        <Text>Registrieren Sie sich jetzt im Weindepot, um Ihr persönliches Portfolio zu sichern.</Text>
        <Button component={Link} to="/register">
          Jetzt registrieren
        </Button>
      </Stack>
    </Modal>
  );
}

function ContactBubble() {
  const contact = useContactModal();
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Button radius="xl" size="md" onClick={contact.open} aria-label="Kontakt aufnehmen">
        Fragen? Wir beraten Sie gern
      </Button>
    </Affix>
  );
}

/** The proposal page's binding order: requestDirectly is fixed true; then /admin/orderlist either way. */
function ProposalOrderButton({ profile }: { profile: Proposal }) {
  const navigate = useNavigate();
  const order = useAddRecommendations();
  const [opened, setOpened] = useState(false);
  return (
    <Group justify="flex-end">
      <Button onClick={() => setOpened(true)}>Verbindlich bestellen</Button>
      <BindingOrderDialog
        opened={opened}
        pending={order.isPending}
        onClose={() => setOpened(false)}
        onConfirm={() =>
          order.mutate(
            { uid: profile.uid, removeExistingOrderPositions: false, requestDirectly: true },
            { onSettled: () => navigate('/admin/orderlist') },
          )
        }
      />
    </Group>
  );
}

function CompanySections() {
  return (
    <>
      <Accordion.Item value="company">
        <Accordion.Control>Unternehmen und Team</Accordion.Control>
        <Accordion.Panel>
          <Text>
            Wir kaufen limitierte Spitzenweine direkt bei Weingütern und Négociants und lagern sie für Sie
            zollfrei in einem Hochsicherheitslager in Genf, Schweiz. Unser Team aus Weinexperten und
            Finanzfachleuten begleitet Sie von der Auswahl bis zum Verkauf.
          </Text>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="why">
        <Accordion.Control>Warum in Wein investieren?</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text>
              Spitzenweine sind ein knappes, real existierendes Gut, dessen Angebot mit jedem getrunkenen
              Jahrgang sinkt. Historisch erzielten sie 8–9 % p.a.; realistisch erwarten wir 8–10 % p.a.
            </Text>
            <RiskNotice />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </>
  );
}

function ProposalPage({
  profile,
  mode,
  loggedIn,
}: {
  profile: Proposal;
  mode: ProposalMode;
  loggedIn: boolean;
}) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-cork-0)">
      <PublicHeader>
        <PublicBrand />
        {asksToRegister(mode, loggedIn) && (
          <Button component={Link} to="/register">
            Jetzt registrieren
          </Button>
        )}
      </PublicHeader>
      <Container size="lg" py="xl" component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Stack gap="xl">
          <Title order={1}>Ihr persönlicher Portfoliovorschlag</Title>
          <Accordion multiple defaultValue={['company', 'why', 'proposal']} variant="separated">
            {mode !== 'quote' && <CompanySections />}
            <Accordion.Item value="proposal">
              <Accordion.Control>Ihr persönlicher Portfoliovorschlag</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="lg">
                  {mode !== 'quote' && <ProposalPie profile={profile} />}
                  <ProposalBoundary>
                    <ProposalView
                      profile={profile}
                      actions={
                        loggedIn ? (
                          <ProposalOrderButton profile={profile} />
                        ) : mode !== 'quote' && asksToRegister(mode, loggedIn) ? (
                          // Ordering needs an account: a visitor is asked to register instead.
                          <Group justify="flex-end">
                            <Button component={Link} to="/register">
                              Jetzt registrieren
                            </Button>
                          </Group>
                        ) : null
                      }
                    />
                  </ProposalBoundary>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          {mode !== 'quote' && (
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, sm: 3 }} aria-label="Bildergalerie">
                {BRAND_GALLERY.map((image) => (
                  <Image key={image.src} src={image.src} alt={image.alt} radius="md" h={180} fit="cover" />
                ))}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <Stack gap="xs">
                  <Title order={4}>So lagern Ihre Weine</Title>
                  <CaptionedVideo
                    src={STORAGE_VIDEO}
                    poster={BRAND_GALLERY[0].src}
                    preload="metadata"
                    label="Video: Lagerung im Zollfreilager Genf"
                    captionsSrc={STORAGE_FILM_CAPTIONS}
                    cues={storageFilmCues()}
                  />
                </Stack>
                <Stack gap="xs">
                  <Title order={4}>Persönliches Gespräch</Title>
                  <Anchor href="https://www.weindepot.example/termin" target="_blank" rel="noreferrer">
                    Beratungstermin buchen
                  </Anchor>
                  <Anchor href="https://www.weindepot.example/leitfaden.pdf" target="_blank" rel="noreferrer">
                    Leitfaden Weininvestment herunterladen
                  </Anchor>
                </Stack>
              </SimpleGrid>
            </Stack>
          )}
          {mode === 'quote' && asksToRegister(mode, loggedIn) && (
            <Group justify="flex-end">
              <Button component={Link} to="/register">
                Jetzt registrieren
              </Button>
            </Group>
          )}
          <Box component="footer">
            <LegalLinks />
          </Box>
        </Stack>
      </Container>
      <ContactBubble />
    </Box>
  );
}

/** `/portfolio/:uid`, `/present/:uid`, `/quote/:uid` and `/embed/:uid` (public, by the proposal's uid). */
export function PublicProposalScreen({ mode }: { mode: ProposalMode }) {
  useDocumentTitle('Ihr Portfoliovorschlag – Weindepot');
  const { uid = '' } = useParams();
  const proposal = useProposal(uid);
  const loggedIn = useSession() !== null;

  if (proposal.isPending) {
    return (
      <Box pos="relative" mih="100vh">
        <LoadingOverlay visible loaderProps={{ children: <Text>Lade Portfoliovorschlag</Text> }} />
      </Box>
    );
  }
  // A query error renders nothing (spec); an unknown uid says the offer has expired.
  if (proposal.isError) return null;
  const profile = proposal.data;
  if (!profile) {
    return (
      <Container py="xl">
        <Text>{EXPIRED_TEXT}</Text>
      </Container>
    );
  }
  if (mode === 'embed') {
    const small = new URLSearchParams(window.location.search).get('size') === 'small';
    return (
      <Box p="xs">
        <ProposalPie profile={profile} size={small ? 160 : 360} />
      </Box>
    );
  }
  return (
    <ContactModalProvider uid={uid}>
      <ProposalPage profile={profile} mode={mode} loggedIn={loggedIn} />
      <ConsentModal uid={uid} opened={!profile.checkedAgbAndDsgvo} />
      {asksToRegister(mode, loggedIn) && <RegisterPrompt counting={profile.checkedAgbAndDsgvo} />}
    </ContactModalProvider>
  );
}
