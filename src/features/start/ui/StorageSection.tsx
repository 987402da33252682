import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CaptionedVideo } from '../../../components/a11y/CaptionedVideo';
import { STORAGE_FILM_CAPTIONS, STORAGE_VIDEO, storageFilmCues } from '../../../domain/brand-media';
import { STORAGE_FACTS } from '../../../domain/offer-display';

export interface StorageSectionProps {
  posterImage: string | null;
  onRecommend: () => void;
}

/** Storage video and facts, the recommendation claim and "Jetzt weiterempfehlen". */
export function StorageSection({ posterImage, onRecommend }: StorageSectionProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Lagerung">
      <Stack gap="md">
        <Title order={2} size="h3">
          Sicher gelagert im Zollfreilager Genf
        </Title>
        <CaptionedVideo
          src={STORAGE_VIDEO}
          poster={posterImage ?? undefined}
          preload="none"
          label="Video: Lagerung im Zollfreilager Genf"
          captionsSrc={STORAGE_FILM_CAPTIONS}
          cues={storageFilmCues()}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {STORAGE_FACTS.map((fact) => (
            <Stack key={fact.label} gap={0}>
              <Text size="xs" c="dimmed">
                {fact.label}
              </Text>
              <Text fw={600}>{fact.value}</Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Text>
          Unsere Kunden empfehlen uns im Durchschnitt <strong>3,3-mal</strong> weiter.
        </Text>
        <Button onClick={onRecommend} variant="light" style={{ alignSelf: 'flex-start' }}>
          Jetzt weiterempfehlen
        </Button>
      </Stack>
    </Card>
  );
}
