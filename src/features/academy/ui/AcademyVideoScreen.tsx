import { Anchor, Badge, Button, Card, Grid, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router-dom';
import { firstGraphQLError } from '../../../api/errors';
import type { AcademyVideoQuery } from '../../../api/graphql.generated';
import { CaptionedVideo } from '../../../components/a11y/CaptionedVideo';
import { HtmlContent } from '../../../components/discovery/HtmlContent';
import { ErrorHeading, ScreenSpinner } from '../../../components/discovery/QueryStates';
import { useOnline } from '../../../components/offline/use-online';
import { videoSuggestions } from '../../../domain/academy';
import { formatLongDate } from '../../../domain/dates';
import { LOAD_ERROR } from '../../../domain/error-texts';
import { ACADEMY_CARD, academyCaptionsPath, titleCardCues } from '../../../domain/video-captions';
import { useAcademyVideo, useAcademyVideos } from '../api/content';

type Video = NonNullable<AcademyVideoQuery['getAcademyVideo']>;

/** `/admin/academy/:slug`: player, chips, promoted offer and suggestions of published videos. */
export function AcademyVideoScreen() {
  const { slug = '' } = useParams();
  const video = useAcademyVideo(slug);
  useDocumentTitle(`${video.data?.title ?? 'Weinwissen'} – Weindepot`);

  if (video.isPending) return <ScreenSpinner />;
  if (video.isError || !video.data) {
    const message = firstGraphQLError(video.error)?.message;
    return (
      <Stack gap="sm">
        <ErrorHeading />
        {message ? <Text>{message}</Text> : null}
        <Anchor component={Link} to="/admin/academy-overview">
          Zurück zur Übersicht
        </Anchor>
      </Stack>
    );
  }
  const current = video.data;
  return (
    <Stack gap="lg">
      <Group visibleFrom="md">
        <Button component={Link} to="/admin/academy-overview" variant="subtle" px={0}>
          ← Zurück zur Übersicht
        </Button>
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <VideoMain video={current} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {current.promotedOffer ? <PromotedOfferBox offer={current.promotedOffer} /> : null}
            <Suggestions currentSlug={current.slug} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function VideoMain({ video }: { video: Video }) {
  // Videos are not stored on the device (too large); offline the player says so.
  const online = useOnline();
  return (
    <Stack gap="md">
      {!online ? (
        <Paper withBorder p="xl" bg="gray.1" ta="center" data-testid="video-offline">
          <Text c="dimmed">Video offline nicht verfügbar</Text>
        </Paper>
      ) : video.videoUrl ? (
        <CaptionedVideo
          src={video.videoUrl}
          poster={video.thumbnail ?? undefined}
          preload="metadata"
          label={video.title}
          captionsSrc={`/media/${academyCaptionsPath(video.slug)}`}
          cues={titleCardCues(video.title, ACADEMY_CARD.kicker, ACADEMY_CARD.footer)}
        />
      ) : null}
      <Title order={1}>{video.title}</Title>
      <Text size="sm" c="dimmed">
        {formatLongDate(video.datetimePublished)}
      </Text>
      {video.keywords.length > 0 ? (
        <Group gap="xs" aria-label="Stichwörter">
          {video.keywords.map((keyword) => (
            <Badge key={keyword.id} variant="light" color="cork">
              {keyword.title}
            </Badge>
          ))}
        </Group>
      ) : null}
      <Group gap="xs">
        {video.winery ? (
          <Badge
            component={Link}
            to={`/admin/chateaus/${video.winery.id}`}
            variant="outline"
            style={{ cursor: 'pointer' }}
          >
            {video.winery.title}
          </Badge>
        ) : null}
        {video.vintage ? (
          <Badge
            component={Link}
            to={`/admin/vintage/${video.vintage.id}`}
            variant="outline"
            style={{ cursor: 'pointer' }}
          >
            {video.vintage.title} {video.vintage.year}
          </Badge>
        ) : null}
        {video.region ? <Badge variant="outline">{video.region.title}</Badge> : null}
      </Group>
      <Text fw={500}>{video.shortDescription}</Text>
      <HtmlContent html={video.description} />
    </Stack>
  );
}

function PromotedOfferBox({ offer }: { offer: NonNullable<Video['promotedOffer']> }) {
  return (
    <Paper withBorder p="md" radius="md" bg="wine.0">
      <Stack gap="xs">
        <Text size="xs" tt="uppercase" fw={700} c="wine.9">
          Limitierte Top-Opportunity
        </Text>
        {offer.vintage.image ? <Image src={offer.vintage.image} alt="" h={160} fit="contain" /> : null}
        <Text fw={600}>
          {offer.vintage.title} {offer.vintage.year}
        </Text>
        <Text size="sm">
          {offer.sellPriceCaseStr} je Kiste ({offer.caskOf} × {offer.bottleSize.title})
        </Text>
        <Text size="xs" c="dimmed">
          {offer.priceBtlStr} pro Flasche
        </Text>
        <Button component={Link} to={`/admin/angebot/${offer.vintage.lwin11}`}>
          Jetzt sichern
        </Button>
      </Stack>
    </Paper>
  );
}

function Suggestions({ currentSlug }: { currentSlug: string }) {
  const videos = useAcademyVideos();
  const suggestions = videos.data ? videoSuggestions(videos.data, currentSlug, new Date()) : [];
  return (
    <Stack gap="sm" component="aside" aria-label="Video-Vorschläge für Sie">
      <Title order={2} size="h4">
        Video-Vorschläge für Sie
      </Title>
      {videos.isPending ? <Text c="dimmed">Wird geladen …</Text> : null}
      {videos.isError ? <Text c="red">{LOAD_ERROR}</Text> : null}
      {videos.data && suggestions.length === 0 ? (
        <Text c="dimmed">Keine weiteren Videos vorhanden.</Text>
      ) : null}
      {suggestions.map((video) => (
        <Card key={video.id} withBorder padding="xs" component={Link} to={`/admin/academy/${video.slug}`}>
          <Group wrap="nowrap" gap="sm">
            <Image src={video.thumbnail ?? undefined} alt="" w={96} h={54} radius="sm" />
            <Text size="sm" fw={500} lineClamp={2}>
              {video.title}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
