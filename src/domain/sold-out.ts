/** The "inform me first" request for a sold-out wine (spec client-area sections 3, 4, 8). */

export const SOLD_OUT_TEXTS = {
  request: 'Als Erster informiert werden',
  thanks: 'Danke! Wir melden uns, wenn es soweit ist.',
  unknownVintage: 'Dieser Wein wurde nicht gefunden.',
} as const;

/** "{wine} {year} ist bereits ausverkauft". */
export function soldOutHeadline(wine: string, year: number): string {
  return `${wine} ${year} ist bereits ausverkauft`;
}

/** The wine as the automation webhook receives it ({email, wein}). */
export function soldOutWineLabel(wine: string, year: number): string {
  return `${wine} ${year}`;
}
