/**
 * German plurals through `Intl.PluralRules('de')`: "1 Flasche", "6 Flaschen", "0 Kisten",
 * "1,5 Liter" (decimals count as plural, as German does). Every count the product writes next to
 * a noun goes through `countLabel` (or `pluralForm` when the number is written elsewhere), so no
 * text says "1 Flaschen" or "Kiste(n)".
 */
const rules = new Intl.PluralRules('de');
const numberFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** Singular and plural of the nouns the product counts. */
export const NOUNS = {
  Flasche: 'Flaschen',
  Kiste: 'Kisten',
  Position: 'Positionen',
  Tranche: 'Tranchen',
  Jahr: 'Jahre',
  Monat: 'Monate',
  Tag: 'Tage',
  Angebot: 'Angebote',
  Änderung: 'Änderungen',
  Wein: 'Weine',
  Weingut: 'Weingüter',
  Region: 'Regionen',
  Blatt: 'Blätter',
  Gerät: 'Geräte',
} as const;

export type Noun = keyof typeof NOUNS;

/** Whether `count` takes the singular ("1 Änderung ist", "2 Änderungen sind"). */
export function isSingular(count: number): boolean {
  return rules.select(count) === 'one';
}

/** The form of `noun` that goes with `count` ("Flasche" for 1, "Flaschen" otherwise). */
export function pluralForm(count: number, noun: Noun): string {
  return isSingular(count) ? noun : NOUNS[noun];
}

/** `count` in German digits followed by the matching form of `noun`: "1 Kiste", "1.200 Kisten". */
export function countLabel(count: number, noun: Noun): string {
  return `${numberFormat.format(count)} ${pluralForm(count, noun)}`;
}
