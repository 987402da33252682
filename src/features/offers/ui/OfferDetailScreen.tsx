import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router-dom';
import type { OfferDetailFragment } from '../../../api/graphql.generated';
import { onRequestMessage } from '../../../domain/contact-texts';
import type { CaseAmount } from '../../../domain/offer-display';
import { useContactModal } from '../../contact';
import { orderListOffer } from '../../order-list';
import { OfferPageBody } from './OfferPageBody';
import { OrderListAction } from './OrderListAction';
import { SoldOutNotice } from './SoldOutNotice';

/** `/admin/angebot/:lwin11` and `/admin/angebot` (hot-deal carousel) inside the logged-in area. */
export function OfferDetailScreen() {
  const { lwin11 } = useParams();
  useDocumentTitle('Angebot – Weindepot');
  const contact = useContactModal();

  const renderActions =
    (offer: OfferDetailFragment) =>
    ({ amount, enabled }: { amount: CaseAmount; enabled: boolean }) =>
      offer.onRequest ? (
        <Button
          size="lg"
          fullWidth
          onClick={() =>
            contact.openWithMessage(onRequestMessage(offer.vintage.wine.title, offer.vintage.year))
          }
        >
          Anfragen
        </Button>
      ) : (
        <OrderListAction
          offer={orderListOffer(offer)}
          initialAmount={amount}
          disabled={!enabled}
          size="lg"
          fullWidth
          toast="offer-page"
        />
      );

  const soldOutExtras = (offer: OfferDetailFragment | null) => (
    <Stack gap="sm" align="flex-start">
      {offer && (
        <SoldOutNotice
          vintageId={offer.vintage.id}
          wine={offer.vintage.wine.title}
          year={offer.vintage.year}
        />
      )}
      <Button variant="outline" onClick={contact.open}>
        Kontakt aufnehmen
      </Button>
    </Stack>
  );

  return (
    <OfferPageBody
      mode="admin"
      lwin11={lwin11 ?? null}
      renderActions={renderActions}
      soldOutExtras={soldOutExtras}
      comparisonAction={(line) => (
        <OrderListAction offer={orderListOffer(line)} variant="light" toast="offer-page" />
      )}
      noDeals={
        <Paper withBorder p="xl" radius="md">
          <Stack gap="sm" align="flex-start">
            <Title order={2}>Aktuell keine Direkt-Allokation</Title>
            <Text>Sprechen Sie uns an – wir informieren Sie über kommende Allokationen.</Text>
            <Button onClick={contact.open}>Kontakt aufnehmen</Button>
          </Stack>
        </Paper>
      }
    />
  );
}
