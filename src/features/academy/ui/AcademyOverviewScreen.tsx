import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { EmptyState, ErrorHeading, ScreenSpinner } from '../../../components/discovery/QueryStates';
import { newestFirst } from '../../../domain/academy';
import { useAcademyVideos } from '../api/content';
import { AcademyVideoCard } from './AcademyVideoCard';

/** `/admin/academy-overview`: all videos, newest first, two per row; premieres blurred and not clickable. */
export function AcademyOverviewScreen() {
  useDocumentTitle('Weinwissen – Weindepot');
  const videos = useAcademyVideos();
  if (videos.isPending) return <ScreenSpinner />;
  if (videos.isError) return <ErrorHeading />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Weinwissen</Title>
        <Text c="dimmed">Videos unserer Akademie rund um Terroir, Jahrgänge und Weininvestment.</Text>
      </div>
      {videos.data.length === 0 ? (
        <EmptyState text="Noch keine Videos vorhanden." />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {newestFirst(videos.data).map((video) => (
            <AcademyVideoCard key={video.id} video={video} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
