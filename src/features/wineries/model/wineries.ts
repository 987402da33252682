/** Rules of the wineries list and map ("Entdecken"). */

import { countLabel } from '../../../domain/plural';

/** Number of words of a winery description shown in its map label. */
export const MAP_PREVIEW_WORDS = 15;
export const MAP_DEFAULT_CENTER: readonly [number, number] = [0.2, 44.6];
export const MAP_DEFAULT_ZOOM = 5;
export const MAP_MARKER_ZOOM = 17;
/** Marker clicks centre and navigate only on screens wider than this. */
export const MAP_MARKER_CLICK_MIN_WIDTH = 1024;

/** Plain text of an HTML description. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `words` words of a description (HTML stripped), with "…" when cut. */
export function descriptionPreview(html: string, words = MAP_PREVIEW_WORDS): string {
  const all = plainText(html).split(' ').filter(Boolean);
  return all.length <= words ? all.join(' ') : `${all.slice(0, words).join(' ')} …`;
}

/** Whether a marker click centres the map at zoom 17 and goes to the winery. */
export function markerClickNavigates(viewportWidth: number): boolean {
  return viewportWidth > MAP_MARKER_CLICK_MIN_WIDTH;
}

/**
 * Wineries closer than this many pixels at the current zoom form one cluster on the map (a
 * permanent label is about 210 px wide; the labels of markers further apart are placed beside,
 * above or below their pins so they do not cover each other).
 */
export const MAP_CLUSTER_RADIUS = 70;

/** A cluster's regions, most wineries first (ties by name), from its count per region. */
export function clusterRegions(countByRegion: ReadonlyMap<string, number>): string[] {
  return [...countByRegion]
    .filter(([, count]) => count > 0)
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b, 'de'))
    .map(([region]) => region);
}

/** The caption beside a cluster's count: its region, its two regions, or how many regions. */
export function clusterCaption(regions: readonly string[]): string {
  if (regions.length <= 2) return regions.join(' · ');
  return countLabel(regions.length, 'Region');
}

const regionList = new Intl.ListFormat('de', { type: 'conjunction' });

/** The accessible name of a cluster button: "5 Weingüter in Bordeaux – heranzoomen". */
export function clusterName(count: number, regions: readonly string[]): string {
  const where = regions.length > 0 ? ` in ${regionList.format(regions)}` : '';
  return `${countLabel(count, 'Weingut')}${where} – heranzoomen`;
}

/** Longitude/latitude from the location text 'POINT(lon lat)'; null when missing or malformed. */
export function parseLocation(location: string | null | undefined): [number, number] | null {
  const match = location?.match(/^POINT\(\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*\)$/);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** A row of the "Entdecken" list: one winery (producer). */
export interface WineryListRow {
  id: number;
  title: string;
  region: string;
  country: string;
}

export interface WineryListGroup {
  heading: string;
  regions: { region: string; rows: WineryListRow[] }[];
}

/** The fixed groups of the spec; regions not listed here follow in "Weitere Regionen". */
export const WINE_LIST_GROUPS: readonly { heading: string; regions: readonly string[] }[] = [
  { heading: 'Frankreich', regions: ['Bordeaux', 'Burgund', 'Champagne'] },
  { heading: 'Italien', regions: ['Toskana'] },
  { heading: 'Neue Welt', regions: ['Napa Valley'] },
];
export const OTHER_REGIONS_HEADING = 'Weitere Regionen';

/** Bordeaux hides titles with a test marker, Burgund hides titles containing "Timeless". */
export function isHiddenInList(region: string, title: string): boolean {
  if (region === 'Bordeaux') return /test/i.test(title);
  if (region === 'Burgund') return title.includes('Timeless');
  return false;
}

const byTitle = (a: WineryListRow, b: WineryListRow) => a.title.localeCompare(b.title, 'de');

/**
 * Wineries grouped by country group and region, rows sorted by title, hidden titles removed (the
 * list names producers; their wines are on the winery's page).
 */
export function groupWineryList(rows: readonly WineryListRow[]): WineryListGroup[] {
  const visible = rows.filter((row) => !isHiddenInList(row.region, row.title));
  const inRegion = (region: string) => visible.filter((row) => row.region === region).sort(byTitle);
  const fixed = new Set(WINE_LIST_GROUPS.flatMap((group) => group.regions));
  const groups: WineryListGroup[] = WINE_LIST_GROUPS.map((group) => ({
    heading: group.heading,
    regions: group.regions
      .map((region) => ({ region, rows: inRegion(region) }))
      .filter((entry) => entry.rows.length > 0),
  }));
  const otherRegions = [...new Set(visible.map((row) => row.region))]
    .filter((region) => !fixed.has(region))
    .sort((a, b) => a.localeCompare(b, 'de'));
  groups.push({
    heading: OTHER_REGIONS_HEADING,
    regions: otherRegions.map((region) => ({ region, rows: inRegion(region) })),
  });
  return groups.filter((group) => group.regions.length > 0);
}
