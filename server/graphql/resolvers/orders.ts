import { GraphQLError } from 'graphql';
import { formatEuro } from '../../../src/domain/money';
import { casePriceCents } from '../../../src/domain/offer-pricing';
import {
  changeOrderPosition,
  createOrderPosition,
  deleteOrderPosition,
  findOwnOrderPosition,
  listOrderPositions,
  orderListSums,
  positionPriceBtl,
  type RecordedResult,
} from '../../services/orders';
import { signedInUser } from '../access';
import type { GraphQLContext } from '../context';
import type { OrderPositionModel } from '../models';
import type { MutationResolvers, OrderPositionResolvers, QueryResolvers } from '../resolvers-types.generated';
import { costSummaryView } from '../shared-views';

async function positionPayload(result: RecordedResult, context: GraphQLContext) {
  const user = signedInUser(context);
  return {
    success: result.success,
    errors: result.errors,
    orderPosition: result.success ? await findOwnOrderPosition(context.db, user.id, result.id) : null,
  };
}

export const orderQueries = {
  orderPositionList: (_parent, _args, context) => listOrderPositions(context.db, signedInUser(context).id),
  orderListSums: async (_parent, _args, context) =>
    costSummaryView(await orderListSums(context.db, signedInUser(context).id, context.config.fees)),
  feeSchedule: (_parent, _args, { config }) => config.fees,
} satisfies QueryResolvers;

export const orderMutations = {
  createOrderPosition: async (_parent, args, context) =>
    positionPayload(await createOrderPosition(context.db, signedInUser(context).id, args), context),
  changeOrderPosition: async (_parent, args, context) =>
    positionPayload(await changeOrderPosition(context.db, signedInUser(context).id, args), context),
  deleteOrderPosition: async (_parent, args, context) => {
    const result = await deleteOrderPosition(context.db, signedInUser(context).id, args);
    return { success: result.success, errors: result.errors };
  },
} satisfies MutationResolvers;

async function offerOf(position: OrderPositionModel, loaders: GraphQLContext['loaders']) {
  const offer = await loaders.offer.load(position.offerId);
  if (!offer) throw new GraphQLError(`Angebot ${position.offerId} fehlt`);
  return offer;
}

export const orderTypes = {
  OrderPosition: {
    orderId: (position) => position.id,
    offer: (position, _args, { loaders }) => offerOf(position, loaders),
    priceBtl: async (position, _args, { loaders }) =>
      positionPriceBtl(position, await offerOf(position, loaders)),
    priceBtlStr: async (position, _args, { loaders }) =>
      formatEuro(casePriceCents(positionPriceBtl(position, await offerOf(position, loaders)), 1)),
    priceCaseStr: async (position, _args, { loaders }) => {
      const offer = await offerOf(position, loaders);
      return formatEuro(casePriceCents(positionPriceBtl(position, offer), offer.caskOf));
    },
  } satisfies OrderPositionResolvers,
};
