/** Vintages with ratings, composition, Global Wine Score, price history, valuations, assortments. */
import {
  assortmentParts,
  grapePercentages,
  gwsRecords,
  ratings,
  valuations,
  vintagePriceHistory,
  vintages,
} from '../../db/schema';
import { academyVideoSeeds } from '../data/academy';
import { lookup, type VintageFacts, vintageFacts } from '../derive/catalogue';
import {
  EXCHANGE_RATE_USD_EUR,
  gwsDate,
  priceHistory,
  usdPrice,
  valuations as valuationRows,
} from '../derive/market';
import { deriveScores, type VintageScores } from '../derive/scores';
import { ratingDescription, salesHeadline, usp, vintageDescription } from '../derive/vintage-texts';
import { daysBefore, fromCents, isoDate, monthsAfter, seededRandom, unidecode } from '../deterministic';
import { mediaPath, mediaUrl } from '../media/paths';
import { indexRows, type SeedContext } from './context';

/** En-primeur wines reach the bonded warehouse about 18 months after the campaign. */
const EN_PRIMEUR_DELIVERY_MONTHS = 18;

const academySlugs = new Set(academyVideoSeeds.map((video) => video.slug));

function videoUrl(facts: VintageFacts): string | null {
  const slug = facts.seed.video;
  if (!slug) return null;
  if (!academySlugs.has(slug)) throw new Error(`Demodaten: Video „${slug}“ von ${facts.key} ist unbekannt.`);
  return mediaUrl(mediaPath.academyVideo(slug));
}

function vintageRow(context: SeedContext, facts: VintageFacts, scores: VintageScores) {
  const { seed, wine, winery } = facts;
  const history = priceHistory(facts, context.now);
  const production = Math.round(
    wine.casesPerVintage * (0.9 + seededRandom(`production:${facts.lwin11}`)() * 0.2),
  );
  return {
    wineId: lookup(context.ids.wines, wine.key, 'Wein'),
    year: seed.year,
    title: wine.title,
    titleUnidecoded: unidecode(wine.title),
    searchTitle: unidecode(`${wine.title} ${seed.year} ${winery.title}`),
    lwin11: facts.lwin11,
    image: seed.specialEdition ? mediaUrl(mediaPath.vintageEdition(facts.lwin11)) : null,
    thumbnail: mediaUrl(mediaPath.vintageThumbnail(facts.lwin11)),
    videoUrl: videoUrl(facts),
    enPrimeurDeliveryDate: seed.enPrimeur
      ? isoDate(monthsAfter(context.now, EN_PRIMEUR_DELIVERY_MONTHS))
      : null,
    production,
    alc: seed.alc,
    salesHeadline: salesHeadline(facts, scores),
    description: vintageDescription(facts, scores),
    usp: usp(facts, scores),
    statistics: scores.statistics,
    currentStandardBottlePriceNet: fromCents(seed.marketPrice * 100),
    referenceChartImage: mediaUrl(mediaPath.referenceChart(facts.lwin11)),
    referenceYear: scores.reference.year,
    referenceDuration: 5,
    referenceRaterId: lookup(context.ids.raters, scores.reference.rater, 'Kritiker'),
    referenceScore: scores.reference.score.toFixed(1),
    referenceKpi: scores.reference.kpi,
    drinkingMaturityFrom: seed.drinking[0],
    drinkingMaturityTo: seed.drinking[1],
    takesRiskPrediction: scores.takesRisk,
    wineloverVsInvestorPrediction: scores.wineloverVsInvestor,
    investmentHorizonPrediction: scores.investmentHorizon,
    auctionAveragePriceEurAdj: history.at(-1)?.annualAvgEurAdj ?? null,
    datetimeCreated: daysBefore(context.now, 1200),
  };
}

/** The rows hanging off each vintage, collected so that every table gets one INSERT. */
function detailRows(context: SeedContext, scored: readonly { facts: VintageFacts; scores: VintageScores }[]) {
  const { now, ids } = context;
  return scored.map(({ facts, scores }) => {
    const vintageId = lookup(ids.vintages, facts.key, 'Jahrgang');
    const highlighted = facts.seed.ratings.findIndex(([, score]) => score === scores.highestScore);
    return {
      ratings: facts.seed.ratings.map(([rater, score], index) => ({
        vintageId,
        raterId: lookup(ids.raters, rater, 'Kritiker'),
        score: score.toFixed(1),
        description: ratingDescription(facts, index),
        highlight: index === highlighted,
        drinkingMaturityFrom: facts.seed.drinking[0],
        minStorageDuration: Math.max(0, facts.seed.drinking[0] - facts.seed.year),
      })),
      grapes: Object.entries(facts.seed.grapes).map(([grape, perc]) => ({
        vintageId,
        grapeId: lookup(ids.grapes, grape, 'Rebsorte'),
        perc: perc ?? 0,
      })),
      gws: {
        vintageId,
        lwin: facts.wine.lwin,
        lwin11: facts.lwin11,
        score: scores.gwsScore,
        date: isoDate(gwsDate(facts, now)),
        confidenceIndex: scores.confidenceIndex,
        journalistCount: scores.journalistCount,
        isLivex1000: facts.seed.livex,
        livexSubindex: scores.livexSubindex,
        livexSubsubindex: scores.livexSubsubindex,
        priceUsd: usdPrice(facts),
        exchangeRateUsdEur: EXCHANGE_RATE_USD_EUR.toFixed(4),
      },
      history: priceHistory(facts, now).map((row) => ({ vintageId, ...row })),
      valuations: valuationRows(facts, now).map((row) => ({
        vintageId,
        sourceOfValuation: 'WINE_SEARCHER_EUROPE_AVERAGE_EURO' as const,
        ...row,
      })),
      assortment: (facts.seed.assortment ?? []).map((part) => ({ vintageId, ...part })),
    };
  });
}

export async function insertVintages(context: SeedContext): Promise<void> {
  const { tx } = context;
  const scored = vintageFacts.map((facts) => ({ facts, scores: deriveScores(facts) }));
  const rows = await tx
    .insert(vintages)
    .values(scored.map(({ facts, scores }) => vintageRow(context, facts, scores)))
    .returning({ id: vintages.id, lwin11: vintages.lwin11 });
  const keyByLwin11 = new Map(vintageFacts.map((facts) => [facts.lwin11, facts.key]));
  indexRows(context.ids.vintages, rows, (row) => lookup(keyByLwin11, row.lwin11, 'LWIN-11'));

  const details = detailRows(context, scored);
  await tx.insert(ratings).values(details.flatMap((detail) => detail.ratings));
  await tx.insert(grapePercentages).values(details.flatMap((detail) => detail.grapes));
  await tx.insert(gwsRecords).values(details.map((detail) => detail.gws));
  await tx.insert(vintagePriceHistory).values(details.flatMap((detail) => detail.history));
  await tx.insert(valuations).values(details.flatMap((detail) => detail.valuations));
  await tx.insert(assortmentParts).values(details.flatMap((detail) => detail.assortment));
}
