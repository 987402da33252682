import { Badge, Button, Card, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { OfferCardFragment } from '../../../api/graphql.generated';

export interface FeaturedOfferCardProps {
  /** The first promoted offer with cases, or null. */
  offer: OfferCardFragment | null;
  onContact: () => void;
}

/** "Limitierte Top-Opportunity" with "Jetzt sichern", or "Aktuell keine Direkt-Allokation". */
export function FeaturedOfferCard({ offer, onContact }: FeaturedOfferCardProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      h="100%"
      component="section"
      aria-label="Limitierte Top-Opportunity"
    >
      <Stack gap="sm" h="100%">
        <Badge color="orange" variant="light">
          Limitierte Top-Opportunity
        </Badge>
        {offer ? (
          <>
            {/* The bottle fills the card's height beside the storage film (no empty band above the button). */}
            {(offer.vintage.thumbnail ?? offer.vintage.wine.image) && (
              <Image
                src={offer.vintage.thumbnail ?? offer.vintage.wine.image}
                alt=""
                h={{ base: 180, md: 260 }}
                fit="contain"
                radius="sm"
                bg="cork.0"
              />
            )}
            <Stack gap={4}>
              <Title order={3}>
                {offer.vintage.wine.title} {offer.vintage.year}
              </Title>
              <Text size="sm" c="dimmed">
                {offer.vintage.wine.winery.title} · {offer.vintage.wine.winery.region.title}
              </Text>
              <Text fw={700}>{offer.sellPriceCaseStr} pro Kiste</Text>
            </Stack>
            <Button
              component={Link}
              to={`/admin/angebot/${encodeURIComponent(offer.vintage.lwin11)}`}
              mt="auto"
            >
              Jetzt sichern
            </Button>
          </>
        ) : (
          <>
            <Title order={3}>Aktuell keine Direkt-Allokation</Title>
            <Text size="sm">
              Neue Allokationen sind meist schnell vergeben. Sprechen Sie uns an – wir melden uns, sobald eine
              neue Top-Opportunity verfügbar ist.
            </Text>
            <Button variant="outline" onClick={onContact} mt="auto">
              Kontakt aufnehmen
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
