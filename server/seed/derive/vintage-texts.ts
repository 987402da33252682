/**
 * German texts of a vintage, composed from the wine's aromas and palate, the vintage's
 * conditions and its scores: critics' notes, description, sales headline and assessment (usp).
 */
import { vintageConditions } from '../data/vintage-conditions';
import type { WineGroupSeed } from '../data/wines';
import type { VintageFacts } from './catalogue';
import type { VintageScores } from './scores';

const COLOURS: Readonly<Record<WineGroupSeed, readonly string[]>> = {
  ROTWEIN: ['Tiefdunkles Purpur.', 'Dichtes Rubinrot mit violettem Rand.', 'Leuchtendes Granatrot.'],
  CHAMPAGNER: [
    'Strahlendes Goldgelb mit feiner, anhaltender Perlage.',
    'Helles Strohgold mit cremigem Mousseux.',
  ],
  WEISSWEIN: ['Leuchtendes Zitronengelb.', 'Helles Gold mit grünen Reflexen.'],
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const germanNumber = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 2 });

/** A critic's tasting note; `index` varies the wording between the critics of one vintage. */
export function ratingDescription(facts: VintageFacts, index: number): string {
  const { aromas: a, palate: p } = facts.wine;
  const colours = COLOURS[facts.wine.group];
  const colour = colours[(facts.seed.year + index) % colours.length] ?? '';
  const [from, to] = facts.seed.drinking;
  const variants = [
    `${colour} In der Nase ${a[0]}, ${a[1]} und ${a[2]}. Am Gaumen ${p[0]}, dazu ${p[1]}. Ein ${facts.seed.year}er mit großer Zukunft.`,
    `Ein beeindruckender ${facts.seed.year}er. ${capitalize(a[1])} und ${a[3]} in vollkommener Harmonie; am Gaumen ${p[0]}. Langer, vielschichtiger Abgang.`,
    `${colour} Aromen von großer Tiefe: ${a[2]}, ${a[4]} und ${a[0]}. Am Gaumen ${p[1]}. Trinkreif ab ${from}, Potenzial bis ${to}.`,
    `Zunächst verschlossen, dann ${a[0]} und ${a[3]}. Am Gaumen ${p[0]} und ${p[1]} – ein Finale, das lange nachhallt.`,
  ];
  return variants[(index + facts.seed.year) % variants.length] ?? '';
}

export function vintageDescription(facts: VintageFacts, scores: VintageScores): string {
  const condition = vintageConditions[`${facts.region}:${facts.seed.year}`];
  if (!condition)
    throw new Error(`Demodaten: Jahrgangsbeschreibung ${facts.region} ${facts.seed.year} fehlt.`);
  const ranking =
    scores.statistics.appellationTopPercentage <= 25
      ? ` und zählt zu den besten ${scores.statistics.appellationTopPercentage} Prozent der Appellation ${facts.wine.appellation}`
      : '';
  return [
    facts.wine.description,
    `<p>${condition}</p>`,
    `<p>Der ${facts.seed.year}er erreicht im Mittel ${germanNumber(scores.averageScore)} Punkte bei ${facts.seed.ratings.length} führenden Kritikern${ranking}.</p>`,
  ].join('');
}

export function salesHeadline(facts: VintageFacts, scores: VintageScores): string {
  return `<p><strong>${scores.highestScore} Punkte von ${scores.topRater}</strong> – ${facts.wine.claim}.</p>`;
}

/** The assessment's bullets; the drinking window is not among them (the offer shows it on its own). */
export function usp(facts: VintageFacts, scores: VintageScores): string {
  const items = [
    `${scores.highestScore} Punkte von ${scores.topRater}`,
    `Global Wine Score ${germanNumber(scores.gwsScore)} aus ${scores.journalistCount} Kritiken`,
    scores.statistics.appellationTopPercentage <= 25
      ? `Top ${scores.statistics.appellationTopPercentage} % der Appellation ${facts.wine.appellation}`
      : `Zweitwein mit der Handschrift von ${facts.winery.title}`,
    scores.livexSubindex
      ? `Gelistet im Liv-ex Fine Wine 1000 (${scores.livexSubindex})`
      : 'Rare Allokation außerhalb der großen Handelsindizes',
  ];
  if (facts.seed.enPrimeur) items.push('Subskriptionspreis mit Auslieferung direkt ins Zollfreilager');
  return `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}
