import { Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { WineryDetailsQuery } from '../../../api/graphql.generated';
import { countLabel } from '../../../domain/plural';
import { useContactModal } from '../../contact';

type Offer = NonNullable<NonNullable<WineryDetailsQuery['wineryDetails']>['topOffer']>;

export interface TopOpportunityProps {
  offer: Offer | null;
  /** Public page: the invitation leads to the registration instead of the contact form. */
  publicView: boolean;
}

/** The first offer with stock of the winery, or "Aktuell keine Direkt-Allokation" with an invitation. */
export function TopOpportunity({ offer, publicView }: TopOpportunityProps) {
  if (!offer) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs" align="flex-start">
          <Title order={2} size="h4">
            Aktuell keine Direkt-Allokation
          </Title>
          <Text size="sm">
            Für dieses Weingut haben wir gerade kein freies Kontingent. Sprechen Sie uns an – wir informieren
            Sie, sobald eine neue Zuteilung verfügbar ist.
          </Text>
          {publicView ? (
            <Button component={Link} to="/register">
              Registrieren
            </Button>
          ) : (
            <ContactButton />
          )}
        </Stack>
      </Paper>
    );
  }
  const offerPath = publicView
    ? `/angebot/${offer.vintage.lwin11}`
    : `/admin/angebot/${offer.vintage.lwin11}`;
  return (
    <Paper withBorder p="lg" radius="md" bg="wine.0">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {offer.vintage.image ? <Image src={offer.vintage.image} alt="" w={90} h={160} fit="contain" /> : null}
        <Stack gap={6}>
          <Text size="xs" tt="uppercase" fw={700} c="wine.9">
            Limitierte Top-Opportunity
          </Text>
          <Title order={2} size="h4">
            {offer.vintage.title} {offer.vintage.year}
          </Title>
          <Text size="sm">
            {offer.sellPriceCaseStr} je Kiste ({offer.caskOf} × {offer.bottleSize.title}) ·{' '}
            {offer.priceBtlStr} pro Flasche
          </Text>
          <Text size="sm" c="dimmed">
            Noch {countLabel(offer.availableCases, 'Kiste')} verfügbar
          </Text>
          <Button component={Link} to={offerPath} w="fit-content">
            Jetzt sichern
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

function ContactButton() {
  const contact = useContactModal();
  return <Button onClick={contact.open}>Kontakt aufnehmen</Button>;
}
