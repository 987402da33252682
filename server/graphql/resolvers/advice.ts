import { GraphQLError } from 'graphql';
import { regionShares } from '../../../src/domain/advice-portfolio';
import { parseRate, salesCalculation, yAxisMax } from '../../../src/domain/advice-simulation';
import { centsToDecimal, decimalToCents, formatEuro } from '../../../src/domain/money';
import { lineTotalCents } from '../../../src/domain/offer-pricing';
import {
  acceptAgbsAndDsgvo,
  createPreferencesProfile,
  latestProfile,
  profileByUid,
  simulationInitial,
  transferRecommendations,
} from '../../services/advice';
import { signedInUser } from '../access';
import type {
  MutationResolvers,
  PreferencesProfileResolvers,
  QueryResolvers,
  RecommendedPositionResolvers,
  UserResolvers,
} from '../resolvers-types.generated';

const euro = (cents: number) => centsToDecimal(cents);

export const adviceQueries = {
  /** By uid: public (the unguessable uid is the secret; nobody can list proposals). */
  getLatestPreferencesProfile: async (_parent, { uid, source }, context) => {
    if (uid) return profileByUid(context.db, uid);
    if (!context.user) return null;
    return latestProfile(context.db, context.user.id, source ?? 'WIZARD');
  },
  getPortfolioSalesCalculation: async (_parent, { uid, expAnnualProfit }, context) => {
    const profile = await profileByUid(context.db, uid);
    if (!profile) return null;
    const rate = parseRate(expAnnualProfit);
    const initial = await simulationInitial(context.db, profile);
    const result = salesCalculation(initial, rate, context.config.fees);
    return {
      expAnnualProfit: rate.toFixed(3),
      initial: euro(initial),
      timeseries: result.timeseries.map((point) => ({
        year: point.year,
        value: euro(point.value),
        fee: euro(point.fee),
      })),
      serviceFee1: euro(result.serviceFee1),
      serviceFee15: euro(result.serviceFee15),
      serviceFeeAvg: euro(result.serviceFeeAvg),
      serviceFeeTotal: euro(result.serviceFeeTotal),
      growthAbs: euro(result.growthAbs),
      growthPerc: result.growthPerc,
      saleProvision: euro(result.saleProvision),
      profit: euro(result.profit),
      profitPerc: result.profitPerc,
      value15: euro(result.value15),
      yAxisMax: euro(yAxisMax(initial)),
    };
  },
} satisfies QueryResolvers;

export const adviceMutations = {
  createPreferencesProfile: async (_parent, args, context) => {
    const { result, profile } = await createPreferencesProfile(context.db, signedInUser(context), args);
    return { ...result, preferencesProfile: profile };
  },
  acceptAgbsAndDsgvo: (_parent, { uid }, context) => acceptAgbsAndDsgvo(context.db, uid),
  addRecommendationsToOrderListOrBuyDirectly: (_parent, args, context) =>
    transferRecommendations(context.db, signedInUser(context), args, context.config.fees),
} satisfies MutationResolvers;

export const adviceUserFields = {
  preferencesprofileSet: (user, _args, { loaders }) => loaders.profilesByUser.load(user.id),
} satisfies UserResolvers;

export const adviceTypes = {
  PreferencesProfile: {
    investmentSumIntendedStr: (profile) => formatEuro(decimalToCents(profile.investmentSumIntended)),
    recommendedPositions: (profile, _args, { loaders }) =>
      loaders.recommendedPositionsByProfile.load(profile.id),
    total: async (profile, _args, { loaders }) =>
      regionShares(await loaders.proposalLines.load(profile.id)).reduce((sum, entry) => sum + entry.value, 0),
    totalStr: async (profile, _args, { loaders }) =>
      formatEuro(
        regionShares(await loaders.proposalLines.load(profile.id)).reduce(
          (sum, entry) => sum + entry.value,
          0,
        ),
      ),
    regionShares: async (profile, _args, { loaders }) =>
      regionShares(await loaders.proposalLines.load(profile.id)).map((entry) => ({
        ...entry,
        valueStr: formatEuro(entry.value),
      })),
  } satisfies PreferencesProfileResolvers,
  RecommendedPosition: {
    sellPriceBtlStr: (position) => formatEuro(decimalToCents(position.sellPriceBtl)),
    totalStr: (position) =>
      formatEuro(lineTotalCents(position.amount, position.caskOf, position.sellPriceBtl)),
    offer: async (position, _args, { loaders }) => {
      const offer = await loaders.offer.load(position.offerId);
      if (!offer) throw new GraphQLError(`Angebot ${position.offerId} fehlt`);
      return offer;
    },
  } satisfies RecommendedPositionResolvers,
};
