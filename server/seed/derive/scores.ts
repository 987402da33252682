/**
 * Figures derived from a vintage's critics' scores and region: Global Wine Score, appellation
 * ranking, reference vintage and the profile predictions. They do not depend on the seed
 * date, so the generated images that show them never go stale.
 */
import { TYPICAL_HOLDING_YEARS } from '../../../src/domain/holding-years';
import type { RaterTitle } from '../data/raters';
import { randomInt, seededRandom } from '../deterministic';
import type { VintageFacts } from './catalogue';

export interface VintageScores {
  averageScore: number;
  highestScore: number;
  topRater: RaterTitle;
  gwsScore: number;
  journalistCount: number;
  confidenceIndex: string;
  livexSubindex: string | null;
  livexSubsubindex: string | null;
  statistics: {
    appellationTopPercentage: number;
    appellationName: string;
    criticAgreement: 'hoch' | 'mittel' | 'gering';
    criticCount: number;
    averageScore: number;
  };
  reference: {
    year: number;
    rater: RaterTitle;
    score: number;
    /** Percent gain over five years, two decimals. */
    kpi: string;
    /** Index values (start = 100) for each year of the reference period. */
    series: number[];
  };
  takesRisk: number;
  wineloverVsInvestor: number;
  investmentHorizon: number;
}

const LIVEX_SUBINDEX: Readonly<Record<string, string>> = {
  Bordeaux: 'Bordeaux 500',
  Burgund: 'Burgundy 150',
  Champagne: 'Champagne 50',
  Toskana: 'Italy 100',
  Piemont: 'Italy 100',
  Rhône: 'Rhone 100',
};

/** Leaning towards investor (100) or wine lover (0) that a region's wines suit. */
const INVESTOR_LEANING: Readonly<Record<string, number>> = {
  Bordeaux: 72,
  Burgund: 58,
  Champagne: 38,
  Toskana: 55,
  Piemont: 47,
  'Napa Valley': 64,
  'Ribera del Duero': 50,
  Rhône: 42,
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round1 = (value: number) => Math.round(value * 10) / 10;

function appellationTopPercentage(facts: VintageFacts, gwsScore: number): number {
  if (!facts.wine.isFirstWine) return 30;
  if (gwsScore >= 98.5) return 1;
  if (gwsScore >= 97.5) return 2;
  if (gwsScore >= 96.5) return 5;
  if (gwsScore >= 95.5) return 8;
  if (gwsScore >= 94.5) return 10;
  return 15;
}

function livexSubsubindex(facts: VintageFacts): string | null {
  if (!facts.seed.livex) return null;
  if (facts.wine.classification.startsWith('Premier Grand Cru')) {
    return facts.seed.year <= 2010 ? 'Bordeaux Legends 40' : 'Fine Wine 50';
  }
  if (facts.wine.subregion === 'Pomerol' || facts.wine.subregion === 'Saint-Émilion') return 'Right Bank 50';
  return null;
}

function referenceSeries(random: () => number, gainPercent: number): number[] {
  const steps = 5;
  const series = [100];
  for (let step = 1; step <= steps; step += 1) {
    const trend = 100 * (1 + gainPercent / 100) ** (step / steps);
    const noise = step === steps ? 0 : (random() - 0.5) * 6;
    series.push(round1(trend + noise));
  }
  return series;
}

export function deriveScores(facts: VintageFacts): VintageScores {
  const random = seededRandom(`scores:${facts.lwin11}`);
  const scores = facts.seed.ratings.map(([, score]) => score);
  const highestScore = Math.max(...scores);
  const averageScore = round1(scores.reduce((sum, score) => sum + score, 0) / scores.length);
  const spread = highestScore - Math.min(...scores);
  const [firstRating] = facts.seed.ratings;
  if (!firstRating) throw new Error(`Demodaten: ${facts.key} hat keine Bewertung.`);
  const topRater = facts.seed.ratings.find(([, score]) => score === highestScore)?.[0] ?? firstRating[0];

  const gwsScore = Math.min(100, Math.round((averageScore - 0.5 + random() * 0.7) * 100) / 100);
  const journalistCount = facts.seed.ratings.length + randomInt(random, 2, 9);
  const confidenceIndex = journalistCount >= 9 ? 'A+' : journalistCount >= 6 ? 'A' : 'B';

  const kpi = 14 + random() * 56;
  const price = facts.seed.marketPrice;
  const riskBase = 15 + ((Math.log10(price) - 2.3) / 2.2) * 60;
  return {
    averageScore,
    highestScore,
    topRater,
    gwsScore,
    journalistCount,
    confidenceIndex,
    livexSubindex: facts.seed.livex ? (LIVEX_SUBINDEX[facts.region] ?? 'Rest of the World 60') : null,
    livexSubsubindex: livexSubsubindex(facts),
    statistics: {
      appellationTopPercentage: appellationTopPercentage(facts, gwsScore),
      appellationName: facts.wine.appellation,
      criticAgreement: spread <= 1 ? 'hoch' : spread <= 2 ? 'mittel' : 'gering',
      criticCount: journalistCount,
      averageScore,
    },
    reference: {
      year: facts.seed.year - 10,
      rater: firstRating[0],
      score: clamp(firstRating[1] - randomInt(random, 0, 2), 92, 100),
      kpi: kpi.toFixed(2),
      series: referenceSeries(random, kpi),
    },
    takesRisk: Math.round(clamp(riskBase + random() * 20, 5, 95)),
    wineloverVsInvestor: Math.round(
      clamp((INVESTOR_LEANING[facts.region] ?? 50) + (random() - 0.5) * 30, 5, 95),
    ),
    investmentHorizon: Math.round(
      clamp(
        (TYPICAL_HOLDING_YEARS[facts.region] ?? 9) +
          Math.max(0, facts.seed.drinking[0] - facts.seed.year - 10) / 2 +
          (random() - 0.5) * 6,
        5,
        25,
      ),
    ),
  };
}
