import { Button, Paper, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router-dom';
import type { OfferDetailFragment } from '../../../api/graphql.generated';
import { PublicPageLayout } from '../../../components/discovery/PublicPageLayout';
import { registerPath } from '../../../routes/entry-navigation';
import { OfferPageBody } from './OfferPageBody';
import { offerPath } from './offer-links';
import { PublicBuyModal } from './PublicBuyModal';

/** `/angebot/:id` (id = lwin11): the offer for visitors; buying asks them to register or log in. */
export function PublicOfferScreen() {
  const { id } = useParams();
  useDocumentTitle('Angebot – Weindepot');
  const [buyOpened, buy] = useDisclosure(false);
  const lwin11 = id ?? null;

  const renderActions = (offer: OfferDetailFragment) => () => (
    <>
      <Button
        size="lg"
        fullWidth
        disabled={offer.availableCases <= 0}
        style={offer.availableCases <= 0 ? { opacity: 0.5 } : undefined}
        onClick={buy.open}
      >
        {offer.onRequest ? 'Anfragen' : 'Jetzt sichern'}
      </Button>
      <PublicBuyModal lwin11={offer.vintage.lwin11} opened={buyOpened} onClose={buy.close} />
    </>
  );

  return (
    <PublicPageLayout
      registerTo={registerPath(lwin11)}
      loginReturnTo={lwin11 ? offerPath('admin', lwin11) : undefined}
    >
      <OfferPageBody
        mode="public"
        lwin11={lwin11}
        renderActions={renderActions}
        noDeals={
          <Paper withBorder p="xl" radius="md">
            <Title order={2}>Aktuell keine Direkt-Allokation</Title>
            <Text>Registrieren Sie sich, um als Erster von neuen Allokationen zu erfahren.</Text>
          </Paper>
        }
      />
    </PublicPageLayout>
  );
}
