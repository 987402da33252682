import { Anchor, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { OfferCardFragment } from '../../../api/graphql.generated';
import { MISSING_IMAGE } from '../../../components/offline/missing-image';
import { onRequestMessage } from '../../../domain/contact-texts';
import { decimalToCents, formatEuro } from '../../../domain/money';
import { canBuy } from '../../../domain/offer-display';
import { countLabel } from '../../../domain/plural';
import { useContactModal } from '../../contact';
import { orderListOffer } from '../../order-list';
import { ResaleOrigin, SecondaryMarketBadge } from '../../secondary-market';
import { AvailabilityIndicator } from './AvailabilityIndicator';
import { OrderListAction } from './OrderListAction';

export interface OfferCardProps {
  offer: OfferCardFragment;
}

/** A listing card: wine, price per case, availability and "Auf Orderliste setzen" / "Anfragen". */
export function OfferCard({ offer }: OfferCardProps) {
  const contact = useContactModal();
  const { vintage } = offer;
  const title = `${vintage.wine.title} ${vintage.year}`;
  const soldOut = !offer.onRequest && !canBuy(offer.availableCases);
  const detailPath = `/admin/angebot/${encodeURIComponent(vintage.lwin11)}`;
  const image = vintage.thumbnail ?? vintage.wine.image;
  // The other offers of this vintage and size (cheapest first): the house's own offer is reachable
  // from a Zweitmarkt card even when only the listing is promoted, and the reverse.
  const others = offer.comparableOffers.filter((other) => other.id !== offer.id);
  const cheapestOther = others[0];
  return (
    <Card withBorder radius="md" padding="md" data-testid="offer-card">
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="xs" style={soldOut ? { filter: 'blur(1.5px)' } : undefined}>
          {image && (
            <Card.Section>
              <Image src={image} alt="" h={160} fit="contain" bg="cork.0" fallbackSrc={MISSING_IMAGE} />
            </Card.Section>
          )}
          <Group gap={6}>
            <Badge variant="light">{offer.bottleSize.title}</Badge>
            {vintage.image && (
              <Badge color="yellow" variant="filled">
                Sonderedition
              </Badge>
            )}
            {offer.secondaryMarket && <SecondaryMarketBadge />}
          </Group>
          <Anchor component={Link} to={detailPath} fw={700} c="inherit">
            {title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {vintage.wine.winery.title} · {vintage.wine.winery.region.title}
          </Text>
          <div>
            <Text fw={700} size="lg">
              {offer.sellPriceCaseStr}
            </Text>
            <Text size="xs" c="dimmed">
              pro Kiste à {countLabel(offer.caskOf, 'Flasche')} ({offer.priceBtlStr} pro Flasche)
            </Text>
          </div>
          {offer.resaleOrigin && <ResaleOrigin origin={offer.resaleOrigin} compact />}
          {cheapestOther && (
            <Anchor component={Link} to={detailPath} size="sm" data-testid="other-offers">
              {others.length === 1
                ? `1 weiteres Angebot (${cheapestOther.secondaryMarket ? 'Zweitmarkt' : 'Weindepot'}): ${formatEuro(decimalToCents(cheapestOther.priceBtl))} pro Flasche`
                : `${others.length} weitere Angebote ab ${formatEuro(decimalToCents(cheapestOther.priceBtl))} pro Flasche`}
            </Anchor>
          )}
          {!offer.onRequest && (
            <AvailabilityIndicator
              availableCases={offer.availableCases}
              offerTotal={offer.totalQuantityAvailable}
              tranches={offer.partialOfferRel}
            />
          )}
        </Stack>
        {soldOut && (
          <Text size="sm" fw={600} c="red.9">
            {`${vintage.wine.title} ${vintage.year} ist bereits ausverkauft`}
          </Text>
        )}
        {offer.onRequest ? (
          <Button
            variant="outline"
            onClick={() => contact.openWithMessage(onRequestMessage(vintage.wine.title, vintage.year))}
            fullWidth
          >
            Anfragen
          </Button>
        ) : (
          <OrderListAction offer={orderListOffer(offer)} disabled={soldOut} fullWidth />
        )}
      </Stack>
    </Card>
  );
}
