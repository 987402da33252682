import {
  ActionIcon,
  Card,
  ColorSwatch,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Component, Fragment, type ReactNode, useMemo, useState } from 'react';
import { SunburstChart, type SunburstChartData } from '../../../components/charts';
import { regionSliceColor } from '../../../domain/advice-portfolio';
import { amountLabel, horizonLabel } from '../../../domain/advice-wizard';
import { lineTotalCents } from '../../../domain/offer-pricing';
import type { Proposal } from '../api/advice';
import { SimulationChart } from './SimulationChart';

export const EXPIRED_TEXT = 'Dieses Angebot ist abgelaufen.';

/** Shows "Dieses Angebot ist abgelaufen." when a proposal cannot render. */
export class ProposalBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Text c="dimmed">{EXPIRED_TEXT}</Text> : this.props.children;
  }
}

/** Investor profile card: sum, investor vs. wine lover, risk, horizon (hidden for adviser offers). */
export function InvestorProfileCard({ profile, action }: { profile: Proposal; action?: ReactNode }) {
  return (
    <Card withBorder data-testid="investor-profile-card">
      <Group justify="space-between" align="flex-start">
        <Title order={4}>Ihr Anlegerprofil</Title>
        {action}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Zielvolumen des Portfolios
          </Text>
          <Text fw={700}>{amountLabel(Number(profile.investmentSumIntended))}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Investor / Weinliebhaber
          </Text>
          <Text fw={700}>
            {profile.wineloverVsInvestor} % / {100 - profile.wineloverVsInvestor} %
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Risikobewusst / sicherheitsorientiert
          </Text>
          <Text fw={700}>
            {profile.takesRisk} % / {100 - profile.takesRisk} %
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Anlagehorizont
          </Text>
          <Text fw={700}>{horizonLabel(profile.investmentHorizon)} Jahre</Text>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

type Position = Proposal['recommendedPositions'][number];

const regionOf = (position: Position) => position.offer.vintage.wine.winery.region.title;

function sunburstData(profile: Proposal): SunburstChartData[] {
  const regions = new Map<string, Map<string, number>>();
  for (const position of profile.recommendedPositions) {
    const wines = regions.get(regionOf(position)) ?? new Map<string, number>();
    const value = lineTotalCents(position.amount, position.caskOf, position.sellPriceBtl) / 100;
    wines.set(position.offer.vintage.title, (wines.get(position.offer.vintage.title) ?? 0) + value);
    regions.set(regionOf(position), wines);
  }
  return [...regions.entries()].map(([region, wines]) => ({
    name: region,
    color: regionSliceColor(region),
    children: [...wines.entries()].map(([wine, value]) => ({
      name: wine,
      value,
      color: regionSliceColor(region),
    })),
  }));
}

function RegionDistribution({ profile }: { profile: Proposal }) {
  const data = useMemo(() => sunburstData(profile), [profile]);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="region-distribution">
      <Table style={{ fontVariantNumeric: 'tabular-nums' }} fz={{ base: 'xs', sm: 'sm' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Region</Table.Th>
            <Table.Th ta="right">Kisten</Table.Th>
            <Table.Th ta="right">Anteil</Table.Th>
            <Table.Th ta="right">Wert</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profile.regionShares.map((region) => (
            <Table.Tr key={region.region}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <ColorSwatch color={region.color} size={12} />
                  {region.region}
                </Group>
              </Table.Td>
              <Table.Td ta="right">{region.cases}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {region.share.toLocaleString('de-DE')} %
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {region.valueStr}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data.length > 0 && (
        <Group justify="center">
          <SunburstChart data={data} size={240} role="img" aria-label="Verteilung nach Region und Wein" />
        </Group>
      )}
    </SimpleGrid>
  );
}

function PositionsTable({ profile }: { profile: Proposal }) {
  const [expanded, setExpanded] = useState<number | null>(null);
  const [chart, setChart] = useState<{ title: string; url: string } | null>(null);
  return (
    <>
      {/* On a phone the region and the bottle price leave the table (the region stays in the area
          chart above), so cases and totals fit beside the wine without a sideways scroll. */}
      <Table.ScrollContainer minWidth={280}>
        <Table data-testid="proposal-positions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Wein</Table.Th>
              <Table.Th visibleFrom="sm">Region</Table.Th>
              <Table.Th ta="right">Kisten</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                Preis/Flasche
              </Table.Th>
              <Table.Th ta="right">Gesamt</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {profile.recommendedPositions.map((position) => {
              const open = expanded === position.id;
              const vintage = position.offer.vintage;
              return (
                <Fragment key={position.id}>
                  <Table.Tr>
                    {/* The details toggle sits in the wine's cell: no column of its own on a phone. */}
                    <Table.Td>
                      <Group gap={6} wrap="nowrap" align="flex-start">
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-expanded={open}
                          aria-label={`Details zu ${vintage.title}`}
                          onClick={() => setExpanded(open ? null : position.id)}
                        >
                          {open ? '−' : '+'}
                        </ActionIcon>
                        <div>
                          <Text size="sm" fw={600}>
                            {vintage.title}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {vintage.wine.winery.title} · {position.caskOf} ×{' '}
                            {position.offer.bottleSize.title}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{regionOf(position)}</Table.Td>
                    <Table.Td ta="right">{position.amount}</Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">
                      {position.sellPriceBtlStr}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {position.totalStr}
                    </Table.Td>
                  </Table.Tr>
                  {open && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <Group align="flex-start" gap="lg">
                          <Stack gap={2}>
                            <Text size="sm" fw={600}>
                              Referenzjahrgang {vintage.referenceYear ?? '–'}
                            </Text>
                            <Text size="sm">
                              {vintage.referenceKpi != null
                                ? `Wertentwicklung ${vintage.referenceKpi.toLocaleString('de-DE')} % in ${vintage.referenceDuration} Jahren`
                                : 'Keine Referenzentwicklung verfügbar'}
                            </Text>
                            {vintage.referenceRater && vintage.referenceScore != null && (
                              <Text size="sm">
                                {vintage.referenceRater.title}: {vintage.referenceScore} Punkte
                              </Text>
                            )}
                          </Stack>
                          {vintage.referenceChartImage && (
                            <UnstyledButton
                              onClick={() =>
                                setChart({ title: vintage.title, url: vintage.referenceChartImage as string })
                              }
                              aria-label={`Chart zu ${vintage.title} vergrößern`}
                            >
                              <Image
                                src={vintage.referenceChartImage}
                                w={200}
                                alt={`Chart ${vintage.title}`}
                              />
                            </UnstyledButton>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Summe</Table.Th>
              <Table.Th visibleFrom="sm" />
              <Table.Th />
              <Table.Th visibleFrom="sm" />
              <Table.Th ta="right" data-testid="proposal-total" style={{ whiteSpace: 'nowrap' }}>
                {profile.totalStr}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={chart !== null} onClose={() => setChart(null)} title={chart?.title} size="xl" centered>
        {chart && <Image src={chart.url} alt={`Chart ${chart.title}`} />}
      </Modal>
    </>
  );
}

/**
 * One proposal: investor profile card (not for adviser offers), region distribution with
 * sunburst, positions and the 15-year simulation; `actions` are the area's buttons.
 */
export function ProposalView({
  profile,
  actions,
  profileAction,
}: {
  profile: Proposal;
  actions?: ReactNode;
  profileAction?: ReactNode;
}) {
  const profileCard =
    profile.source !== 'MANUALLY' ? <InvestorProfileCard profile={profile} action={profileAction} /> : null;
  if (profile.recommendedPositions.length === 0) {
    // Nothing to show (e.g. the wines sold out): the client's own profile stays visible and
    // adjustable ("Profil anpassen" recomposes the portfolio from the current stock).
    return (
      <Stack gap="lg">
        {profileCard}
        <Text c="dimmed">{EXPIRED_TEXT}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {profileCard}
      <RegionDistribution profile={profile} />
      <PositionsTable profile={profile} />
      <SimulationChart uid={profile.uid} />
      {actions}
    </Stack>
  );
}
