import {
  Anchor,
  Avatar,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import type { StartPageQuery } from '../../../api/graphql.generated';
import { EXTERNAL_LINKS } from '../../../domain/external-links';

/** The promoted wineries, each linking to its page. */
export function TopChateaus({ wineries }: { wineries: StartPageQuery['allWineries'] }) {
  if (wineries.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Top Châteaus">
      <Title order={2} size="h3">
        Top Châteaus
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 4 }}>
        {wineries.map((winery) => (
          <UnstyledButton key={winery.id} component={Link} to={`/admin/chateaus/${winery.id}`}>
            <Card withBorder radius="md" padding="sm" h="100%">
              <Group wrap="nowrap" gap="sm">
                <Avatar src={winery.logoImage} alt="" radius="sm" />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  {/* Up to two lines: "Domaine de la Romanée-Conti" stays readable in a narrow column. */}
                  <Text fw={600} size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {winery.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {winery.region.title}
                  </Text>
                </Stack>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function WeinweltCard() {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          Weinwelt
        </Title>
        <Text size="sm">
          Entdecken Sie die Weingüter unserer Allokationen auf der Karte – von Bordeaux bis Napa Valley.
        </Text>
        <Button component={Link} to="/admin/all-wineries" variant="light">
          Weinwelt entdecken
        </Button>
      </Stack>
    </Card>
  );
}

export function ContactCard({ onContact }: { onContact: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          Kontakt und Beratung
        </Title>
        <Text size="sm">
          Sie haben Fragen zu einem Wein oder zu Ihrem Portfolio? Ihr persönlicher Ansprechpartner ist für Sie
          da.
        </Text>
        <Button onClick={onContact}>Beratung anfragen</Button>
      </Stack>
    </Card>
  );
}

export function FaqLink() {
  return (
    <Text size="sm">
      Antworten auf häufige Fragen finden Sie in unseren{' '}
      <Anchor href={EXTERNAL_LINKS.faq} target="_blank" rel="noopener noreferrer" underline="always">
        FAQ
      </Anchor>
      .
    </Text>
  );
}
