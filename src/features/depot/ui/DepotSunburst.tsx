import { Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { regionColor } from '../../../domain/depot-region-colors';
import { formatEuro } from '../../../domain/money';
import type { DepotRow } from '../model/depot-rows';
import classes from './depot-sunburst.module.css';

/** A region with its wines and the invested amount of each, in cents. */
export interface RegionShare {
  name: string;
  color: string;
  cents: number;
  wines: Array<{ name: string; cents: number }>;
}

/** Region → wine shares of the invested amount, regions in German alphabetical order. */
export function regionWineTree(rows: readonly DepotRow[]): RegionShare[] {
  const regions = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const wines = regions.get(row.region) ?? new Map<string, number>();
    wines.set(row.wine, (wines.get(row.wine) ?? 0) + row.valuation.invested);
    regions.set(row.region, wines);
  }
  return [...regions.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'de'))
    .map(([region, wines]) => {
      const children = [...wines.entries()].map(([wine, cents]) => ({ name: wine, cents }));
      return {
        name: region,
        color: regionColor(region),
        cents: children.reduce((sum, wine) => sum + wine.cents, 0),
        wines: children,
      };
    });
}

const SIZE = 320;
const CENTER = SIZE / 2;
const INNER_RING: [number, number] = [62, 108];
const OUTER_RING: [number, number] = [110, 156];
const FULL_TURN = 2 * Math.PI;

function point(radius: number, angle: number): string {
  return `${(CENTER + radius * Math.sin(angle)).toFixed(2)} ${(CENTER - radius * Math.cos(angle)).toFixed(2)}`;
}

/** An annulus sector from `start` to `end` (radians, clockwise from the top). */
function sectorPath([inner, outer]: [number, number], start: number, end: number): string {
  // A full circle cannot be drawn as one arc; a hair less than a turn looks the same.
  const stop = Math.min(end, start + FULL_TURN - 0.0001);
  const large = stop - start > Math.PI ? 1 : 0;
  return [
    `M ${point(outer, start)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${point(outer, stop)}`,
    `L ${point(inner, stop)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${point(inner, start)}`,
    'Z',
  ].join(' ');
}

interface Sector {
  key: string;
  name: string;
  cents: number;
  color: string;
  ring: 'region' | 'wine';
  path: string;
}

function sectors(regions: readonly RegionShare[]): Sector[] {
  const total = regions.reduce((sum, region) => sum + region.cents, 0);
  if (total <= 0) return [];
  const result: Sector[] = [];
  let angle = 0;
  for (const region of regions) {
    const span = (region.cents / total) * FULL_TURN;
    result.push({
      key: `r:${region.name}`,
      name: region.name,
      cents: region.cents,
      color: region.color,
      ring: 'region',
      path: sectorPath(INNER_RING, angle, angle + span),
    });
    let wineAngle = angle;
    for (const wine of region.wines) {
      const wineSpan = (wine.cents / total) * FULL_TURN;
      result.push({
        key: `w:${region.name}:${wine.name}`,
        name: wine.name,
        cents: wine.cents,
        color: region.color,
        ring: 'wine',
        path: sectorPath(OUTER_RING, wineAngle, wineAngle + wineSpan),
      });
      wineAngle += wineSpan;
    }
    angle += span;
  }
  return result;
}

/**
 * The depot's distribution by region (inner ring) and wine (outer ring) of the invested amount.
 * Plain SVG: the depot loads no chart library for it. Hovering a sector shows its name, and its
 * amount unless the figures are hidden.
 */
export function DepotSunburst({ rows, hidden }: { rows: readonly DepotRow[]; hidden: boolean }) {
  const regions = useMemo(() => regionWineTree(rows), [rows]);
  const shapes = useMemo(() => sectors(regions), [regions]);
  return (
    <Group align="center" justify="center" gap="xl" wrap="wrap" data-testid="depot-sunburst">
      <svg
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label="Verteilung nach Region und Wein"
        style={{ maxWidth: '100%', height: 'auto' }}
      >
        {shapes.map((sector) => (
          <path
            key={sector.key}
            d={sector.path}
            fill={sector.color}
            className={sector.ring === 'region' ? classes.region : classes.wine}
          >
            <title>{hidden ? sector.name : `${sector.name}: ${formatEuro(sector.cents)}`}</title>
          </path>
        ))}
      </svg>
      <Stack gap={4}>
        {regions.map((region) => (
          <Group key={region.name} gap={6} wrap="nowrap">
            <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: region.color }} />
            <Text fz="sm">{region.name}</Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
