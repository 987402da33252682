import { Box, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { VintagePageQuery } from '../../../api/graphql.generated';
import { CriticReviewCard } from '../../../components/discovery/CriticReviewCard';
import { HtmlContent } from '../../../components/discovery/HtmlContent';
import { PublicPageLayout } from '../../../components/discovery/PublicPageLayout';
import { ErrorHeading, OverlaySpinner } from '../../../components/discovery/QueryStates';
import { formatDate } from '../../../domain/dates';
import { subindexLabel } from '../../../domain/vintage-detail';
import { useVintagePage } from '../api/wineries';
import { CompositionCard } from './CompositionCard';
import { MaturityCountdown } from './MaturityCountdown';
import { PriceHistoryChart } from './PriceHistoryChart';

type Vintage = NonNullable<VintagePageQuery['vintageDetails']>;

export interface VintageDetailScreenProps {
  /** `/vintage/:id` without login: no sidebar, a register call to action @default false */
  publicView?: boolean;
}

const scoreFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** `/admin/vintage/:id` and the public `/vintage/:id`: hero and the cards of one vintage. */
export function VintageDetailScreen({ publicView = false }: VintageDetailScreenProps) {
  const { id } = useParams();
  const vintage = useVintagePage(Number(id));
  useDocumentTitle(`${vintage.data?.title ?? 'Jahrgang'} – Weindepot`);
  let content: ReactNode;
  if (vintage.isPending && Number.isInteger(Number(id))) content = <OverlaySpinner />;
  else if (vintage.isError || !vintage.data) content = <ErrorHeading />;
  else content = <VintageContent vintage={vintage.data} publicView={publicView} />;
  return publicView ? (
    <PublicPageLayout loginReturnTo={id ? `/admin/vintage/${encodeURIComponent(id)}` : undefined}>
      {content}
    </PublicPageLayout>
  ) : (
    content
  );
}

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap={4}>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          {title}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

function VintageContent({ vintage, publicView }: { vintage: Vintage; publicView: boolean }) {
  const gws = vintage.gwsRecord;
  const wineryPath = publicView ? `/chateaus/${vintage.winery.id}` : `/admin/chateaus/${vintage.winery.id}`;
  return (
    <Stack gap="xl">
      <Hero vintage={vintage} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {gws ? (
          <InfoCard title="Global Wine Score">
            <Text size="xl" fw={700}>
              {scoreFormat.format(gws.score)} / 100
            </Text>
            <Text size="sm" c="dimmed">
              Stand {formatDate(gws.date)}
            </Text>
          </InfoCard>
        ) : null}
        {vintage.wine.classification ? (
          <InfoCard title="Klassifikation">
            <Text fw={600}>{vintage.wine.classification.title}</Text>
          </InfoCard>
        ) : null}
        {vintage.appellationRanking ? (
          <InfoCard title="Appellations-Ranking">
            <Text size="xl" fw={700}>
              {vintage.appellationRanking.label}
            </Text>
            <Text size="sm" c="dimmed">
              der Appellation {vintage.appellationRanking.appellationName}
            </Text>
          </InfoCard>
        ) : null}
        <InfoCard title="Hintergrund der Gesamtbewertung">
          <Text size="sm">
            Kritikerübereinstimmung: <b>{vintage.scoreBackground.criticAgreement ?? '–'}</b>
          </Text>
          <Text size="sm">
            Anzahl Kritiker: <b>{vintage.scoreBackground.criticCount ?? gws?.journalistCount ?? '–'}</b>
          </Text>
          {gws?.confidenceIndex ? <Text size="sm">Konfidenzindex: {gws.confidenceIndex}</Text> : null}
        </InfoCard>
        {gws?.isLivex1000 ? (
          <InfoCard title="Indexzugehörigkeit">
            <Text fw={600}>Liv-ex Fine Wine 1000</Text>
            <Text size="sm">Unterindex: {subindexLabel(gws.livexSubindex)}</Text>
            {gws.livexSubsubindex ? <Text size="sm">{gws.livexSubsubindex}</Text> : null}
          </InfoCard>
        ) : null}
        <MaturityCountdown maturityYear={vintage.drinkingMaturityFrom} />
        <CompositionCard grapes={vintage.grapePercentageRel} alc={vintage.alc} />
      </SimpleGrid>
      <Stack gap="md" component="section" aria-label="Kritikerstimmen">
        <Title order={2}>Kritikerstimmen</Title>
        {vintage.ratRel.length === 0 ? (
          <Text c="dimmed">Noch keine Kritikerstimmen vorhanden.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {vintage.ratRel.map((review) => (
              <CriticReviewCard key={review.id} review={review} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <PriceHistoryChart history={vintage.vintagePricing.history} currentPrice={vintage.currentMarketPrice} />
      {vintage.descriptionHtml ? <HtmlContent html={vintage.descriptionHtml} /> : null}
      <Paper withBorder p="md" radius="md" component="section" aria-label="Weingut">
        <Group wrap="nowrap" gap="lg" align="center">
          {vintage.winery.logoImage ? (
            <Image src={vintage.winery.logoImage} alt="" w={64} h={64} fit="contain" />
          ) : null}
          <Stack gap={4} style={{ flex: 1 }}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Weingut
            </Text>
            <Title order={2} size="h4">
              {vintage.winery.title}
            </Title>
            <Text size="sm" c="dimmed">
              {[vintage.winery.region.title, vintage.winery.subregion?.title].filter(Boolean).join(', ')}
            </Text>
          </Stack>
          <Button component={Link} to={wineryPath} variant="light">
            Zum Weingut
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}

function Hero({ vintage }: { vintage: Vintage }) {
  const wineImage = vintage.image ?? vintage.wine.image;
  return (
    <Box
      pos="relative"
      mih={{ base: 220, sm: 320 }}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        background: vintage.winery.wineryImage
          ? `center / cover no-repeat url("${vintage.winery.wineryImage}")`
          : 'var(--mantine-color-wine-9)',
      }}
    >
      <Group
        pos="absolute"
        inset={0}
        p={{ base: 'md', sm: 'xl' }}
        align="flex-end"
        wrap="nowrap"
        style={{ background: 'linear-gradient(transparent 30%, rgba(0,0,0,.7))' }}
      >
        {wineImage ? (
          <Image src={wineImage} alt={vintage.wine.title} h={{ base: 160, sm: 260 }} w="auto" fit="contain" />
        ) : null}
        <Stack gap={4}>
          <Title order={1} c="white" fz={{ base: 24, sm: 36 }}>
            {vintage.title} {vintage.year}
          </Title>
          {vintage.wine.classification ? <Text c="white">{vintage.wine.classification.title}</Text> : null}
        </Stack>
      </Group>
    </Box>
  );
}
