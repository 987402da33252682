import {
  changeOfferAndPartialOffer,
  createOfferAndPartialOffer,
  depotPositionsForOffer,
  linkDepotPositionToTranche,
  listBackofficeOffers,
  listPartialOffers,
} from '../../services/backoffice-sortiment';
import { signedInUser } from '../access';
import type { MutationResolvers, QueryResolvers } from '../resolvers-types.generated';

/** "Sortiment (Neu)" of the back office (staff only, see access.ts). */
export const sortimentQueries = {
  backofficeOffers: (_parent, { variant }, { db }) => listBackofficeOffers(db, variant ?? 'ALL'),
  allPartialOffers: (_parent, { offerId }, { db }) => listPartialOffers(db, offerId),
  getDepotPositionsForOffer: (_parent, { offerId }, { db }) => depotPositionsForOffer(db, offerId),
} satisfies QueryResolvers;

export const sortimentMutations = {
  changeOfferAndPartialOffer: async (_parent, change, context) => {
    const result = await changeOfferAndPartialOffer(context.db, signedInUser(context).id, change);
    context.nudgeOutbox();
    return result;
  },
  createOfferAndPartialOffer: async (_parent, input, context) => {
    const result = await createOfferAndPartialOffer(context.db, signedInUser(context).id, input);
    context.nudgeOutbox();
    return result;
  },
  updatePartialOfferForDepotPosition: (_parent, { depotPositionId, poId }, context) =>
    linkDepotPositionToTranche(context.db, signedInUser(context).id, depotPositionId, poId),
} satisfies MutationResolvers;
