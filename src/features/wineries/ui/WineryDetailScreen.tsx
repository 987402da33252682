import { Badge, Box, Grid, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { WineryDetailsQuery } from '../../../api/graphql.generated';
import { CriticReviewCard } from '../../../components/discovery/CriticReviewCard';
import { HtmlContent } from '../../../components/discovery/HtmlContent';
import { PublicPageLayout } from '../../../components/discovery/PublicPageLayout';
import { ErrorHeading, ScreenSpinner } from '../../../components/discovery/QueryStates';
import { AcademyVideoCard } from '../../academy';
import { useWineryDetails } from '../api/wineries';
import { parseLocation } from '../model/wineries';
import { ImageCarousel } from './ImageCarousel';
import { wineryMarker } from './map/map-types';
import { WineMap } from './map/WineMap';
import { TopOpportunity } from './TopOpportunity';
import { WineCores } from './WineCores';

export type Winery = NonNullable<WineryDetailsQuery['wineryDetails']>;

export interface WineryDetailScreenProps {
  /** `/chateaus/:id` without login: no sidebar, a register call to action @default false */
  publicView?: boolean;
}

const casesFormat = new Intl.NumberFormat('de-DE');
export const productionLabel = (production: number) => `${casesFormat.format(production)} Kisten`;

/** `/admin/chateaus/:id` and the public `/chateaus/:id`: everything about one winery. */
export function WineryDetailScreen({ publicView = false }: WineryDetailScreenProps) {
  const { id } = useParams();
  const winery = useWineryDetails(Number(id));
  useDocumentTitle(`${winery.data?.title ?? 'Weingut'} – Weindepot`);
  let content: ReactNode;
  if (winery.isPending && Number.isInteger(Number(id))) content = <ScreenSpinner />;
  else if (winery.isError || !winery.data) content = <ErrorHeading />;
  else content = <WineryContent winery={winery.data} publicView={publicView} />;
  return publicView ? (
    <PublicPageLayout loginReturnTo={id ? `/admin/chateaus/${encodeURIComponent(id)}` : undefined}>
      {content}
    </PublicPageLayout>
  ) : (
    content
  );
}

function WineryContent({ winery, publicView }: { winery: Winery; publicView: boolean }) {
  const location = parseLocation(winery.location);
  return (
    <Stack gap="xl">
      <Hero winery={winery} />
      <Group gap="xs" aria-label="Merkmale">
        <Badge variant="light">{winery.region.title}</Badge>
        {winery.subregion ? <Badge variant="light">{winery.subregion.title}</Badge> : null}
        {winery.owner ? (
          <Badge variant="light" color="cork">
            {winery.owner}
          </Badge>
        ) : null}
        {winery.production ? (
          <Badge variant="light" color="cork">
            {productionLabel(winery.production)} pro Jahr
          </Badge>
        ) : null}
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <ImageCarousel images={winery.carouselImages} label={`Bilder von ${winery.title}`} />
            <HtmlContent html={winery.descriptionHtml} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <TopOpportunity offer={winery.topOffer ?? null} publicView={publicView} />
            <FactsTable winery={winery} />
            <SimpleGrid cols={2}>
              {winery.mainWineImage ? (
                <Image src={winery.mainWineImage} alt={`Wein von ${winery.title}`} h={240} fit="contain" />
              ) : null}
              {winery.region.image ? (
                <Image src={winery.region.image} alt={`Region ${winery.region.title}`} h={240} radius="md" />
              ) : null}
            </SimpleGrid>
          </Stack>
        </Grid.Col>
      </Grid>
      {winery.academyVideos.length > 0 ? (
        <Stack gap="md" component="section" aria-label="Weinwissen zum Weingut">
          <Title order={2}>Weinwissen</Title>
          {publicView ? (
            // A published video opens in the client area: the login comes first and returns to it.
            <Text c="dimmed">Die Videos sehen Sie nach dem Einloggen im Kundenbereich.</Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {winery.academyVideos.map((video) => (
              <AcademyVideoCard key={video.id} video={video} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
      <WineCores wines={winery.wines} publicView={publicView} />
      {location ? (
        <Stack gap="md" component="section" aria-label="Lage">
          <Title order={2}>Lage</Title>
          {winery.address ? <Text c="dimmed">{winery.address}</Text> : null}
          <WineMap
            markers={[wineryMarker(winery, winery.descriptionHtml, location)]}
            center={location}
            zoom={9}
            height={360}
          />
        </Stack>
      ) : null}
      <Stack gap="md" component="section" aria-label="Kritikerstimmen">
        <Title order={2}>Kritikerstimmen</Title>
        {winery.criticReviews.length === 0 ? (
          <Text c="dimmed">Noch keine Kritikerstimmen vorhanden.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {winery.criticReviews.map((review) => (
              <CriticReviewCard
                key={review.id}
                review={review}
                subtitle={`${review.vintage.title} ${review.vintage.year}`}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}

function Hero({ winery }: { winery: Winery }) {
  return (
    <Box
      pos="relative"
      h={{ base: 220, sm: 360 }}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        background: winery.wineryImage
          ? `center / cover no-repeat url("${winery.wineryImage}")`
          : 'var(--mantine-color-wine-9)',
      }}
    >
      <Box
        pos="absolute"
        inset={0}
        p={{ base: 'md', sm: 'xl' }}
        style={{
          display: 'flex',
          alignItems: 'flex-end',
          background: 'linear-gradient(transparent 40%, rgba(0,0,0,.65))',
        }}
      >
        <Group gap="md" wrap="nowrap">
          {winery.logoImage ? (
            <Paper p={6} radius="md">
              <Image src={winery.logoImage} alt={`Logo ${winery.title}`} w={64} h={64} fit="contain" />
            </Paper>
          ) : null}
          <div>
            <Title order={1} c="white" fz={{ base: 24, sm: 36 }}>
              {winery.title}
            </Title>
            {winery.classification ? <Text c="white">{winery.classification.title}</Text> : null}
          </div>
        </Group>
      </Box>
    </Box>
  );
}

function FactsTable({ winery }: { winery: Winery }) {
  const rows: [string, string | null | undefined][] = [
    ['Weingut', winery.title],
    ['Land', winery.region.country.title],
    ['Region', winery.subregion ? `${winery.region.title}, ${winery.subregion.title}` : winery.region.title],
    ['Rebsorten', winery.grapeVarieties],
    ['Besitzer', winery.owner],
    ['Produktion', winery.production ? productionLabel(winery.production) : null],
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Fakten
      </Title>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="35%">{label}</Table.Th>
              <Table.Td>{value || '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
