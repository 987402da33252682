/** Colour markers of the wine regions (spec client area §9 names the regions, not the values). */
export const REGION_COLORS: Readonly<Record<string, string>> = {
  Burgund: '#8e2b4d',
  Champagne: '#d4a72c',
  Bordeaux: '#6d1a36',
  'Napa Valley': '#c2571a',
  Hermitage: '#5b3a8e',
  Toskana: '#b23a2e',
  'Maipo Valley': '#2f7d5b',
  Rhône: '#7a4f9a',
  Piemont: '#a0522d',
  'Ribera del Duero': '#3d5a99',
};

const FALLBACK_COLORS = ['#6b7280', '#0f766e', '#9d174d', '#4d7c0f', '#1d4ed8'];

/** The region's colour; unknown regions get a stable colour derived from their name. */
export function regionColor(region: string): string {
  const known = REGION_COLORS[region];
  if (known) return known;
  let hash = 0;
  for (const character of region) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return FALLBACK_COLORS[hash % FALLBACK_COLORS.length] as string;
}
