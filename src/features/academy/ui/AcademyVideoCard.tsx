import { AspectRatio, Badge, Box, Card, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { premiereLabel } from '../../../domain/academy';
import { formatDate } from '../../../domain/dates';

export interface AcademyVideoCardProps {
  video: {
    title: string;
    slug: string;
    thumbnail?: string | null;
    shortDescription: string;
    datetimePublished: string;
    isPublished: boolean;
  };
}

/** A video tile: published videos link to their page; a premiere is blurred, labelled and not clickable. */
export function AcademyVideoCard({ video }: AcademyVideoCardProps) {
  const media = (
    <Card.Section pos="relative">
      <AspectRatio ratio={16 / 9}>
        <Image
          src={video.thumbnail ?? undefined}
          alt=""
          fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"
          style={video.isPublished ? undefined : { filter: 'blur(8px)' }}
        />
      </AspectRatio>
      {video.isPublished ? null : (
        <Box pos="absolute" inset={0} style={{ display: 'grid', placeItems: 'center' }}>
          <Stack gap={4} align="center">
            <Badge size="lg" color="wine">
              Premiere
            </Badge>
            <Text fw={700} c="white" style={{ textShadow: '0 1px 4px rgba(0,0,0,.7)' }}>
              {premiereLabel(video.datetimePublished)}
            </Text>
          </Stack>
        </Box>
      )}
    </Card.Section>
  );
  const text = (
    <Stack gap={4} mt="md">
      <Text size="xs" c="dimmed">
        {formatDate(video.datetimePublished)}
      </Text>
      <Text fw={600}>{video.title}</Text>
      <Text size="sm" c="dimmed" lineClamp={2}>
        {video.shortDescription}
      </Text>
    </Stack>
  );
  if (!video.isPublished) {
    return (
      <Card
        withBorder
        padding="md"
        aria-disabled="true"
        data-premiere="true"
        aria-label={`Premiere: ${video.title}`}
      >
        {media}
        {text}
      </Card>
    );
  }
  return (
    <Card
      withBorder
      padding="md"
      component={Link}
      to={`/admin/academy/${video.slug}`}
      aria-label={video.title}
    >
      {media}
      {text}
    </Card>
  );
}
