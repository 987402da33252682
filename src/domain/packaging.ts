/**
 * How the product writes a Gebinde: the case format ("6 × 0,75l": bottles per case × bottle
 * size) and a number of such cases ("2 Kisten à 6 × 0,75l"). A position of two cases written as
 * "12 Flaschen (6 × 0,75l)" reads as one case of twelve, so every place that names a holding's
 * Gebinde says how many cases it is.
 */
import { countLabel } from './plural';

/**
 * "6 × 0,75l": bottles per case × bottle size (the size's title, e.g. "0,75l", "1,5l"), joined by
 * no-break spaces so that a narrow cell wraps before the format ("2 Kisten à" / "6 × 0,75l"),
 * never inside it.
 */
export function caseFormat(caskOf: number, bottleSize: string): string {
  return `${caskOf}\u00a0×\u00a0${bottleSize}`;
}

/** "1 Kiste à 6 × 0,75l", "2 Kisten à 6 × 0,75l". */
export function casesOfFormat(cases: number, caskOf: number, bottleSize: string): string {
  return `${countLabel(cases, 'Kiste')} à ${caseFormat(caskOf, bottleSize)}`;
}
