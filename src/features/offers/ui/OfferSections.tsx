import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Image,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { OfferDetailFragment } from '../../../api/graphql.generated';
import { CriticReviewCard } from '../../../components/discovery/CriticReviewCard';
import { HtmlContent } from '../../../components/discovery/HtmlContent';
import { formatDate } from '../../../domain/dates';
import {
  DEFAULT_REFERENCE_DURATION,
  formatPercentGain,
  isSubscriptionPhase,
  STORAGE_FACTS,
} from '../../../domain/offer-display';
import { OFFER_KIND_LABELS } from '../../../domain/secondary-market';
import { ResaleOrigin, SecondaryMarketBadge } from '../../secondary-market';
import { hasReferenceVintage, offerDetails } from '../model/offer-sections';
import { provenanceText } from '../model/provenance';
import classes from './offer-layout.module.css';
import { type OfferPageMode, wineryPath } from './offer-links';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export interface OfferHeaderProps {
  offer: OfferDetailFragment;
}

/** Title, winery, flags and the "Subskription" banner. */
export function OfferHeader({ offer }: OfferHeaderProps) {
  const { vintage } = offer;
  const winery = vintage.wine.winery;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {vintage.image && (
          <Badge color="yellow" variant="filled">
            Sonderedition
          </Badge>
        )}
        {offer.limitedAvailability && !offer.secondaryMarket && (
          <Badge variant="light">Limitierte Allokation</Badge>
        )}
        {offer.secondaryMarket && <SecondaryMarketBadge />}
      </Group>
      <Title order={1}>
        {vintage.wine.title} {vintage.year}
      </Title>
      <Text c="dimmed">
        {winery.title} · {winery.subregion ? `${winery.subregion.title}, ` : ''}
        {winery.region.title}, {winery.region.country.title}
      </Text>
      {isSubscriptionPhase(vintage.enPrimeurDeliveryDate, new Date()) && vintage.enPrimeurDeliveryDate && (
        <Alert color="indigo" title="Subskription" variant="light">
          Dieser Jahrgang wird en primeur angeboten; die Auslieferung ins Lager ist für den{' '}
          {formatDate(vintage.enPrimeurDeliveryDate)} vorgesehen.
        </Alert>
      )}
    </Stack>
  );
}

/** The bottle image (the special-edition image when the vintage has its own). */
export function OfferImage({ offer }: { offer: OfferDetailFragment }) {
  const src = offer.vintage.image ?? offer.vintage.wine.image ?? offer.vintage.thumbnail;
  if (!src) return null;
  return (
    // A box of fixed height before the image arrives (no layout shift); the largest image of the
    // page, so it is fetched first.
    <Image
      src={src}
      alt={`${offer.vintage.wine.title} ${offer.vintage.year}`}
      fit="contain"
      h={420}
      radius="md"
      fetchPriority="high"
    />
  );
}

export interface OfferSectionsProps {
  offer: OfferDetailFragment;
  mode: OfferPageMode;
}

/** Investment-Highlights, Details, Übersicht, Provenienz, Lagerung, Kritikerstimmen, Referenzjahrgang, Weingut. */
export function OfferSections({ offer, mode }: OfferSectionsProps) {
  const { vintage } = offer;
  return (
    <Stack gap="lg">
      <HighlightsSection offer={offer} />
      <Section title="Details">
        <div className={classes.details}>
          {offerDetails(vintage).map(([label, value]) => (
            <Text key={label} size="sm">
              <Text span c="dimmed" size="sm">
                {label}:
              </Text>{' '}
              {value}
            </Text>
          ))}
        </div>
      </Section>
      <OverviewSection offer={offer} />
      <ProvenanceSection offer={offer} />
      <StorageSection />
      {vintage.ratRel.length > 0 && (
        <Section title="Kritikerstimmen">
          <div className={classes.reviews}>
            {vintage.ratRel.map((rating) => (
              <CriticReviewCard key={rating.id} review={rating} />
            ))}
          </div>
        </Section>
      )}
      {hasReferenceVintage(vintage) && <ReferenceSection vintage={vintage} />}
      <WinerySection winery={vintage.wine.winery} mode={mode} />
    </Stack>
  );
}

type OfferVintage = OfferDetailFragment['vintage'];

/** The years a reference vintage's gain is measured over. */
function referenceDuration(vintage: OfferVintage): number {
  return vintage.referenceDuration || DEFAULT_REFERENCE_DURATION;
}

function HighlightsSection({ offer }: { offer: OfferDetailFragment }) {
  const { vintage } = offer;
  const topRating = vintage.ratRel[0];
  return (
    <Section title="Investment-Highlights">
      <List spacing="xs">
        {topRating && (
          <List.Item>
            {topRating.score.toLocaleString('de-DE')} Punkte von {topRating.rater.title}
          </List.Item>
        )}
        {vintage.gwsRecord && (
          <List.Item>Global Wine Score {vintage.gwsRecord.score.toLocaleString('de-DE')} von 100</List.Item>
        )}
        {vintage.referenceKpi !== null && (
          <List.Item>
            Referenzjahrgang {vintage.referenceYear ?? ''}: {formatPercentGain(vintage.referenceKpi)} in{' '}
            {referenceDuration(vintage)} Jahren
          </List.Item>
        )}
        {offer.limitedAvailability && !offer.secondaryMarket && (
          <List.Item>Streng limitierte Allokation direkt vom Négociant</List.Item>
        )}
        {offer.resaleOrigin ? (
          <List.Item>
            Zweitmarkt: Kisten aus einem Kundendepot, gelagert im {offer.resaleOrigin.storageLocation}
          </List.Item>
        ) : (
          <List.Item>Perfekte Provenienz, gelagert im Zollfreilager Genf</List.Item>
        )}
      </List>
    </Section>
  );
}

function OverviewSection({ offer }: { offer: OfferDetailFragment }) {
  const rows: [string, ReactNode][] = [
    ['Flaschengröße', offer.bottleSize.title],
    ['Flaschen pro Kiste', offer.caskOf],
    ['Preis pro Flasche', offer.priceBtlStr],
    ['Preis pro Kiste', offer.sellPriceCaseStr],
    ['Preis pro Liter', offer.pricePerLiterStr],
    ['Verfügbare Kisten', offer.availableCases],
    ['LWIN-11', offer.vintage.lwin11],
  ];
  return (
    <Section title="Übersicht">
      {/* Two columns of short values: fits a phone without a scroll area that would cut the values. */}
      <Table striped>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function ProvenanceSection({ offer }: { offer: OfferDetailFragment }) {
  const { winery } = offer.vintage.wine;
  return (
    <Section title={offer.secondaryMarket ? 'Herkunft und Lagerung (Zweitmarkt)' : 'Provenienz'}>
      {offer.secondaryMarket ? (
        offer.resaleOrigin ? (
          <ResaleOrigin origin={offer.resaleOrigin} />
        ) : (
          <Text>
            {OFFER_KIND_LABELS.resale}: Kisten aus dem Depot einer anderen Kundin oder eines anderen Kunden.
          </Text>
        )
      ) : (
        <Text>{provenanceText(winery.title, winery.region.title)}</Text>
      )}
    </Section>
  );
}

function StorageSection() {
  return (
    <Section title="Lagerung">
      <Text>
        Ihre Weine lagern steuer- und zollfrei im Zollfreilager in der Schweiz – professionell und sicher.
      </Text>
      <div className={classes.facts}>
        {STORAGE_FACTS.map((fact) => (
          <Card key={fact.label} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {fact.label}
            </Text>
            <Text fw={600}>{fact.value}</Text>
          </Card>
        ))}
      </div>
    </Section>
  );
}

function ReferenceSection({ vintage }: { vintage: OfferVintage }) {
  return (
    <Section title="Referenzjahrgang">
      <Group align="flex-start" wrap="wrap" gap="lg">
        {vintage.referenceChartImage && (
          <Image
            src={vintage.referenceChartImage}
            alt={`Preisentwicklung des Referenzjahrgangs ${vintage.referenceYear ?? ''}`}
            w="100%"
            maw={360}
            fit="contain"
            radius="sm"
            loading="lazy"
            style={{ aspectRatio: '2 / 1' }}
          />
        )}
        <Stack gap={4}>
          {vintage.referenceYear !== null && (
            <Text>
              {vintage.wine.title} {vintage.referenceYear}
            </Text>
          )}
          {vintage.referenceRater && vintage.referenceScore !== null && (
            <Text size="sm" c="dimmed">
              {vintage.referenceScore.toLocaleString('de-DE')} Punkte von {vintage.referenceRater.title}
            </Text>
          )}
          {vintage.referenceKpi !== null && (
            <Text fw={700} size="xl" c={vintage.referenceKpi >= 0 ? 'teal.9' : 'red.9'}>
              {formatPercentGain(vintage.referenceKpi)} in {referenceDuration(vintage)} Jahren
            </Text>
          )}
        </Stack>
      </Group>
    </Section>
  );
}

function WinerySection({ winery, mode }: { winery: OfferVintage['wine']['winery']; mode: OfferPageMode }) {
  return (
    <Section title={`Weingut: ${winery.title}`}>
      <Group align="flex-start" gap="lg" wrap="wrap">
        {(winery.wineryImage ?? winery.logoImage) && (
          <Image
            src={winery.wineryImage ?? winery.logoImage}
            alt={winery.title}
            w="100%"
            maw={320}
            fit="contain"
            radius="sm"
            loading="lazy"
            style={{ aspectRatio: '14 / 5' }}
          />
        )}
        <Stack gap="xs" style={{ flex: 1, minWidth: 240 }}>
          {winery.owner && <Text size="sm">Eigentümer: {winery.owner}</Text>}
          {winery.production && (
            <Text size="sm">Produktion: {winery.production.toLocaleString('de-DE')} Kisten pro Jahr</Text>
          )}
          {winery.descriptionHtml && <HtmlContent html={winery.descriptionHtml} />}
          <Anchor component={Link} to={wineryPath(mode, winery.id)}>
            Zum Weingut {winery.title}
          </Anchor>
        </Stack>
      </Group>
    </Section>
  );
}
