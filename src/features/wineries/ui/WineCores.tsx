import { Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { WineryDetailsQuery } from '../../../api/graphql.generated';
import { HtmlContent } from '../../../components/discovery/HtmlContent';

const scoreFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

type Wine = NonNullable<WineryDetailsQuery['wineryDetails']>['wines'][number];

export interface WineCoresProps {
  wines: Wine[];
  /** Links go to the public vintage pages @default false */
  publicView?: boolean;
}

/** The winery's wines ("Weinkerne") with description and their vintages. */
export function WineCores({ wines, publicView = false }: WineCoresProps) {
  return (
    <Stack gap="md" component="section" aria-label="Weine des Weinguts">
      <Title order={2}>Weine des Weinguts</Title>
      {wines.length === 0 ? <Text c="dimmed">Noch keine Weine vorhanden.</Text> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {wines.map((wine) => (
          <Card key={wine.id} withBorder padding="md">
            <Group align="flex-start" wrap="nowrap" gap="md">
              {wine.image ? <Image src={wine.image} alt="" w={70} h={180} fit="contain" /> : null}
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {wine.title}
                </Title>
                <HtmlContent html={wine.descriptionHtml} />
                {wine.vintages.length > 0 ? (
                  <Group gap={6} aria-label={`Jahrgänge von ${wine.title}`}>
                    {wine.vintages.map((vintage) => (
                      <Badge
                        key={vintage.id}
                        component={Link}
                        to={publicView ? `/vintage/${vintage.id}` : `/admin/vintage/${vintage.id}`}
                        variant={
                          vintage.offerRel.some((offer) => offer.availableCases > 0) ? 'filled' : 'outline'
                        }
                        style={{ cursor: 'pointer' }}
                        aria-label={`Jahrgang ${vintage.year}${vintage.latestGwsScore ? `, Global Wine Score ${scoreFormat.format(vintage.latestGwsScore)}` : ''}`}
                      >
                        {vintage.year}
                        {vintage.latestGwsScore ? ` · ${scoreFormat.format(vintage.latestGwsScore)}` : ''}
                      </Badge>
                    ))}
                  </Group>
                ) : null}
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
