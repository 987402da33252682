import { Avatar, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { scoreColor } from '../../domain/vintage-detail';

const scoreFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

export interface CriticReviewCardProps {
  review: {
    score: number;
    description: string;
    highlight: boolean;
    drinkingMaturityFrom?: number | null;
    rater: { title: string; image?: string | null };
  };
  /** Shown under the critic's name, e.g. the vintage title on the winery page. */
  subtitle?: string;
}

/**
 * One critic review; the score background runs from grey (≤ 95 points) to green (100 points). Black
 * text keeps AA contrast on the whole scale (white reaches only 2.6–3.4:1).
 */
export function CriticReviewCard({ review, subtitle }: CriticReviewCardProps) {
  return (
    <Card withBorder padding="md" h="100%">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={review.rater.image ?? undefined} alt="" radius="xl">
              {review.rater.title.slice(0, 2)}
            </Avatar>
            <div>
              <Text fw={600}>{review.rater.title}</Text>
              {subtitle ? (
                <Text size="xs" c="dimmed">
                  {subtitle}
                </Text>
              ) : null}
            </div>
          </Group>
          <Text
            component="span"
            fw={700}
            px="sm"
            py={4}
            c="black"
            style={{
              background: scoreColor(review.score),
              borderRadius: 'var(--mantine-radius-sm)',
              whiteSpace: 'nowrap',
            }}
          >
            {/* A span may carry no aria-label: screen readers read the score with its scale instead. */}
            <span aria-hidden="true">{scoreFormat.format(review.score)}</span>
            <VisuallyHidden>{`${scoreFormat.format(review.score)} von 100 Punkten`}</VisuallyHidden>
          </Text>
        </Group>
        {review.description ? <Text size="sm">{review.description}</Text> : null}
        {review.drinkingMaturityFrom ? (
          <Text size="xs" c="dimmed">
            Trinkreife ab {review.drinkingMaturityFrom}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
