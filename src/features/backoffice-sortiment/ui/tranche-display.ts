import {
  type LinkingColour,
  type TrancheColour,
  trancheColour,
  trancheColourLabels,
} from '../../../domain/backoffice-tranches';
import { decimalToCents, formatEuro } from '../../../domain/money';
import type { SortimentTranche } from '../api/backoffice-sortiment';

/** Mantine colours of the tranche colours of the spec. */
// Shades chosen for WCAG AA contrast with the badge text the theme's autoContrast picks
// (white on red.9/teal.9, black on orange.4/lime.4).
export const TRANCHE_COLOURS: Record<TrancheColour, string> = {
  red: 'red.9',
  orange: 'orange.4',
  lightgreen: 'lime.4',
  green: 'teal.9',
};

export const LINKING_COLOURS: Record<LinkingColour, string> = {
  amber: 'yellow.5',
  green: 'teal.9',
  red: 'red.9',
};

/** Short badge texts of the tranche colours (the long text is the badge's title). */
const TRANCHE_SHORT_LABELS: Record<TrancheColour, string> = {
  red: 'Ohne Belege',
  lightgreen: 'Teilweise',
  orange: 'Unbezahlt',
  green: 'Bezahlt',
};

export function trancheBadge(tranche: SortimentTranche) {
  const colour = trancheColour(tranche);
  return {
    colour,
    mantineColour: TRANCHE_COLOURS[colour],
    label: TRANCHE_SHORT_LABELS[colour],
    description: trancheColourLabels[colour],
  };
}

/** Every tranche colour with its badge, red (nothing) to green (complete). */
export const TRANCHE_LEGEND = (['red', 'lightgreen', 'orange', 'green'] as const).map((colour) => ({
  colour,
  mantineColour: TRANCHE_COLOURS[colour],
  label: TRANCHE_SHORT_LABELS[colour],
  description: trancheColourLabels[colour],
}));

/** "Tranche 12 · Maison Joanne" */
/** A decimal string as euro ("729.00" → "729,00 €"); anything unparsable as it is. */
export function euro(value: string | null | undefined): string {
  if (!value) return '–';
  try {
    return formatEuro(decimalToCents(value));
  } catch {
    return value;
  }
}
