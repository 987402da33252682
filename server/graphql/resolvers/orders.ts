import { GraphQLError } from 'graphql';
import { formatEuro } from '../../../src/domain/money';
import { casePriceCents } from '../../../src/domain/offer-pricing';
import {
  changeOrderPosition,
  createOrderPosition,
  deleteOrderPosition,
  findOwnOrderPosition,
  orderListSumsOf,
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
  // The list and its sums share one read of the positions; the offers come through the loader
  // the positions' own fields use (one statement each instead of four).
  orderPositionList: (_parent, _args, context) => context.loaders.orderPositions(signedInUser(context).id),
  orderListSums: async (_parent, _args, context) => {
    const positions = await context.loaders.orderPositions(signedInUser(context).id);
    const offers = await context.loaders.offer.loadMany(positions.map((position) => position.offerId));
    const rows = positions.flatMap((position, index) => {
      const offer = offers[index];
      // As the inner join of `orderListSums`: a position without its offer adds nothing.
      return offer && !(offer instanceof Error) ? [{ position, offer }] : [];
    });
    return costSummaryView(orderListSumsOf(rows, context.config.fees));
  },
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
