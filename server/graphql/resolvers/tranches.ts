import { saveTranche } from '../../services/tranches';
import { signedInUser } from '../access';
import type { MutationResolvers } from '../resolvers-types.generated';

export const trancheMutations = {
  createOrUpdatePartialOffer: async (_parent, input, context) => {
    const result = await saveTranche(context.db, signedInUser(context).id, input);
    context.nudgeOutbox();
    return result;
  },
  deletePartialOffer: (_parent, { partialOfferId }, context) =>
    saveTranche(context.db, signedInUser(context).id, { partialOfferId, delete: true }),
} satisfies MutationResolvers;
