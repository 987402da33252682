import { Accordion, Alert, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { QueryFailure } from '../../../components/offline/OfflineUnavailable';
import { useOnline } from '../../../components/offline/use-online';
import { formatDate } from '../../../domain/dates';
import { LOAD_ERROR } from '../../../domain/error-texts';
import { countLabel } from '../../../domain/plural';
import { useAccountMe } from '../../account';
import { useContactModal } from '../../contact';
import { BindingOrderDialog } from '../../order-list';
import { type Proposal, useAddRecommendations, usePersonalOffers } from '../api/advice';
import { GreetingOverlay } from './GreetingOverlay';
import { InvestorProfileWizard } from './InvestorProfileWizard';
import { ProposalBoundary, ProposalView } from './ProposalView';

/** "Vollständig in Orderliste übertragen" and "Verbindlich bestellen" of one proposal. */
function ProposalActions({ profile }: { profile: Proposal }) {
  const navigate = useNavigate();
  const online = useOnline();
  const account = useAccountMe();
  const transfer = useAddRecommendations();
  const [binding, setBinding] = useState(false);
  const [askKeep, setAskKeep] = useState(false);
  const existing = account.data?.orderPositionsCount ?? 0;

  const run = (removeExistingOrderPositions: boolean, requestDirectly: boolean) =>
    transfer.mutate(
      { uid: profile.uid, removeExistingOrderPositions, requestDirectly },
      {
        onSuccess: () => {
          if (!requestDirectly)
            showSuccessNotice('Das Angebot wurde in Ihre Orderliste übertragen.', { autoClose: 3000 });
        },
        onError: (error) =>
          notifications.show({
            title: 'Nicht übertragen',
            message: error.message,
            color: 'red',
            autoClose: 7000,
          }),
        // On completion or error the client goes to the order list.
        onSettled: () => {
          setBinding(false);
          setAskKeep(false);
          navigate('/admin/orderlist');
        },
      },
    );

  return (
    <Group justify="flex-end">
      <Button
        variant="default"
        disabled={!online}
        loading={transfer.isPending && !binding}
        onClick={() => (existing > 0 ? setAskKeep(true) : run(false, false))}
      >
        Vollständig in Orderliste übertragen
      </Button>
      <Button disabled={!online} onClick={() => setBinding(true)}>
        Verbindlich bestellen
      </Button>
      {!online && (
        <Text size="xs" c="dimmed">
          Für Bestellungen ist eine Internetverbindung nötig.
        </Text>
      )}
      <Modal opened={askKeep} onClose={() => setAskKeep(false)} title="In Orderliste übertragen" centered>
        <Stack>
          <Text>
            Auf Ihrer Orderliste stehen bereits {countLabel(existing, 'Position')}. Sollen diese erhalten
            bleiben?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => run(true, false)} loading={transfer.isPending}>
              Bestehende Positionen ersetzen
            </Button>
            <Button onClick={() => run(false, false)} loading={transfer.isPending}>
              Bestehende Positionen behalten
            </Button>
          </Group>
        </Stack>
      </Modal>
      <BindingOrderDialog
        opened={binding}
        pending={transfer.isPending}
        onClose={() => setBinding(false)}
        onConfirm={() => run(false, true)}
      />
    </Group>
  );
}

/** `/admin/selection` and `/admin/selection/wt`: "Ihre Angebote". */
export function SelectionScreen() {
  useDocumentTitle('Ihre Angebote – Weindepot');
  const location = useLocation();
  const navigate = useNavigate();
  const offers = usePersonalOffers();
  const account = useAccountMe();
  const contact = useContactModal();
  const [editing, setEditing] = useState(false);
  const [greeting, setGreeting] = useState(false);
  const finishGreeting = useCallback(() => {
    setGreeting(false);
    navigate('/admin/selection/wt');
  }, [navigate]);
  const defaultOpen = ['adviser', ...(location.pathname.includes('wt') ? ['wt'] : [])];

  if (offers.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Angebote werden geladen" />
      </Center>
    );
  }
  if (offers.isError) {
    return (
      <QueryFailure>
        <Alert color="red" title={LOAD_ERROR}>
          Ihre Angebote konnten nicht geladen werden.
        </Alert>
      </QueryFailure>
    );
  }
  const adviserOffers = offers.data.filter((profile) => profile.source === 'MANUALLY');
  const own = offers.data.find((profile) => profile.source === 'WIZARD') ?? null;

  return (
    <Stack gap="lg">
      <Title order={1}>Ihre Angebote</Title>
      <Accordion multiple defaultValue={defaultOpen} key={defaultOpen.join()} variant="separated">
        <Accordion.Item value="adviser">
          <Accordion.Control>Angebote Ihres Beraters</Accordion.Control>
          <Accordion.Panel>
            {adviserOffers.length === 0 ? (
              <Stack align="flex-start">
                <Text>
                  Sie haben noch kein persönliches Angebot. Unsere Berater stellen Ihnen gerne ein Portfolio
                  zusammen, das zu Ihnen passt.
                </Text>
                <Button onClick={contact.open}>Persönliche Beratung erhalten</Button>
              </Stack>
            ) : (
              <Stack gap="xl">
                {adviserOffers.map((profile) => (
                  <Stack key={profile.id} gap="sm" data-testid="adviser-offer">
                    <Title order={3}>Angebot vom {formatDate(profile.datetime)}</Title>
                    <ProposalBoundary>
                      <ProposalView profile={profile} actions={<ProposalActions profile={profile} />} />
                    </ProposalBoundary>
                  </Stack>
                ))}
              </Stack>
            )}
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="wt">
          <Accordion.Control>Ihr persönliches Portfolio</Accordion.Control>
          <Accordion.Panel>
            {own ? (
              <ProposalBoundary>
                <ProposalView
                  profile={own}
                  profileAction={
                    <Button variant="light" size="xs" onClick={() => setEditing(true)}>
                      Profil anpassen
                    </Button>
                  }
                  actions={<ProposalActions profile={own} />}
                />
              </ProposalBoundary>
            ) : (
              <Stack align="flex-start">
                <Text>
                  Beantworten Sie fünf kurze Fragen, und wir stellen Ihr persönliches Portfolio zusammen.
                </Text>
                <Button onClick={() => setEditing(true)}>Profil anpassen</Button>
              </Stack>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Ihr Anlegerprofil" size="lg" centered>
        {editing && (
          <InvestorProfileWizard
            variant="edit"
            profile={own}
            onSaved={() => {
              setEditing(false);
              // The first saved profile (a client who never saw the first-time wizard, e.g. one
              // with invoices) is greeted like the first-time wizard's save.
              if (!own) setGreeting(true);
            }}
            onSkip={() => setEditing(false)}
          />
        )}
      </Modal>
      {greeting && <GreetingOverlay firstName={account.data?.firstName} onDone={finishGreeting} />}
    </Stack>
  );
}
