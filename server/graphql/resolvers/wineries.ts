import { GraphQLError } from 'graphql';
import { appellationRankingLabel } from '../../../src/domain/vintage-detail';
import { sanitizeRichText } from '../../services/html';
import { computePriceIndex, findWinery, listWines } from '../../services/wineries';
import type { QueryResolvers, Resolvers } from '../resolvers-types.generated';
import { firstOfferWithStock } from '../shared-views';

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

export const wineryQueries = {
  wineryDetails: (_parent, { wineryId }, { db }) => findWinery(db, wineryId),
  allWines: (_parent, args, { db }) => listWines(db, args),
  priceIndex: (_parent, _args, { db }) => computePriceIndex(db),
} satisfies QueryResolvers;

export const wineryTypes = {
  Vintage: {
    appellationRanking: (vintage) => {
      const topPercentage = numberOrNull(vintage.statistics.appellationTopPercentage);
      const label = appellationRankingLabel(topPercentage);
      if (topPercentage === null || label === null) return null;
      const name = vintage.statistics.appellationName;
      return { topPercentage, label, appellationName: typeof name === 'string' ? name : '' };
    },
    scoreBackground: (vintage) => {
      const agreement = vintage.statistics.criticAgreement;
      return {
        criticAgreement: typeof agreement === 'string' ? agreement : null,
        criticCount: numberOrNull(vintage.statistics.criticCount),
        averageScore: numberOrNull(vintage.statistics.averageScore),
      };
    },
    latestGwsScore: async (vintage, _args, { loaders }) => {
      const [latest] = await loaders.gwsByVintage.load(vintage.id);
      return latest ? Number(latest.score) : null;
    },
    winery: async (vintage, _args, { loaders }) => {
      const wine = await loaders.wine.load(vintage.wineId);
      const winery = wine ? await loaders.winery.load(wine.wineryId) : null;
      if (!winery) throw new GraphQLError(`Weingut des Jahrgangs ${vintage.id} fehlt`);
      return winery;
    },
    currentMarketPrice: async (vintage, _args, { loaders }) => {
      const [newest] = await loaders.valuationsByVintage.load(vintage.id);
      return newest?.value ?? vintage.auctionAveragePriceEurAdj;
    },
    descriptionHtml: (vintage) => sanitizeRichText(vintage.description),
    salesHeadlineHtml: (vintage) => sanitizeRichText(vintage.salesHeadline),
    uspHtml: (vintage) => sanitizeRichText(vintage.usp),
  },
  Wine: {
    descriptionHtml: (wine) => sanitizeRichText(wine.description),
  },
  Rating: {
    vintage: async (rating, _args, { loaders }) => {
      const vintage = await loaders.vintage.load(rating.vintageId);
      if (!vintage) throw new GraphQLError(`Jahrgang ${rating.vintageId} fehlt`);
      return vintage;
    },
  },
  Winery: {
    descriptionHtml: (winery) => sanitizeRichText(winery.description),
    mainWineImage: async (winery, _args, { loaders }) => {
      const wines = await loaders.winesByWinery.load(winery.id);
      return (
        (wines.find((wine) => wine.isFirstWine && wine.image) ?? wines.find((wine) => wine.image))?.image ??
        null
      );
    },
    academyVideos: (winery, _args, { loaders }) => loaders.academyVideosByWinery.load(winery.id),
    topOffer: async (winery, _args, { loaders }) => {
      const wines = await loaders.winesByWinery.load(winery.id);
      const vintageLists = await Promise.all(wines.map((wine) => loaders.vintagesByWine.load(wine.id)));
      const offerLists = await Promise.all(
        vintageLists.flat().map((vintage) => loaders.activeOffersByVintage.load(vintage.id)),
      );
      const candidates = offerLists
        .flat()
        .sort(
          (a, b) =>
            Number(b.promoteOffer) - Number(a.promoteOffer) ||
            b.datetimeCreated.getTime() - a.datetimeCreated.getTime() ||
            b.id - a.id,
        );
      return firstOfferWithStock(candidates, loaders);
    },
    criticReviews: (winery, _args, { loaders }) => loaders.criticReviewsByWinery.load(winery.id),
  },
} satisfies Resolvers;
