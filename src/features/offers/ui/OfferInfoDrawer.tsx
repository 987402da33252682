import { Drawer, List, Stack, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import type { OfferDetailFragment } from '../../../api/graphql.generated';
import { SharePieChart } from '../../../components/charts';
import { CriticReviewCard } from '../../../components/discovery/CriticReviewCard';
import { HtmlContent } from '../../../components/discovery/HtmlContent';
import { drawerWidth } from '../../../domain/offer-display';

const GRAPE_COLORS = ['wine.7', 'orange.6', 'teal.6', 'indigo.5', 'yellow.6', 'grape.5', 'gray.6'];

export interface OfferInfoDrawerProps {
  offer: OfferDetailFragment;
  opened: boolean;
  onClose: () => void;
}

/** The wine details on the right: 40vw above 800 px, otherwise 80vw. */
export function OfferInfoDrawer({ offer, opened, onClose }: OfferInfoDrawerProps) {
  const { width } = useViewportSize();
  const { vintage } = offer;
  const grapes = vintage.grapePercentageRel.map((share, index) => ({
    name: share.grape.title,
    value: share.perc,
    color: GRAPE_COLORS[index % GRAPE_COLORS.length] as string,
  }));
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={drawerWidth(width || window.innerWidth)}
      title={`${vintage.wine.title} ${vintage.year}`}
      closeButtonProps={{ 'aria-label': 'Schließen' }}
    >
      <Stack gap="lg">
        {vintage.salesHeadlineHtml && <HtmlContent html={vintage.salesHeadlineHtml} />}
        {vintage.descriptionHtml && <HtmlContent html={vintage.descriptionHtml} />}
        {vintage.uspHtml && (
          <Stack gap="xs">
            <Title order={3}>Einschätzung</Title>
            <HtmlContent html={vintage.uspHtml} />
          </Stack>
        )}
        {vintage.drinkingMaturityFrom !== null && (
          <Text>
            <strong>Trinkreife ab:</strong> {vintage.drinkingMaturityFrom}
          </Text>
        )}
        {grapes.length > 0 && (
          <Stack gap="xs">
            <Title order={3}>Rebsorten</Title>
            <SharePieChart data={grapes} withLabels labelsType="percent" withTooltip size={180} mx="auto" />
            <List size="sm">
              {grapes.map((grape) => (
                <List.Item key={grape.name}>
                  {grape.name}: {grape.value} %
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {vintage.ratRel.length > 0 && (
          <Stack gap="xs">
            <Title order={3}>Bewertungen</Title>
            {vintage.ratRel.map((rating) => (
              <CriticReviewCard key={rating.id} review={rating} />
            ))}
          </Stack>
        )}
        {vintage.assortmentPartialRel.length > 0 && (
          <Stack gap="xs">
            <Title order={3}>Sortiment</Title>
            <List size="sm">
              {vintage.assortmentPartialRel.map((part) => (
                <List.Item key={`${part.description}-${part.year ?? ''}`}>
                  {part.amount} × {part.description}
                  {part.year ? ` (${part.year})` : ''}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
