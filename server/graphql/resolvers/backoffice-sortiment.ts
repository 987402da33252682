import { changeOfferAndPartialOffer, createOfferAndPartialOffer } from '../../services/backoffice-sortiment';
import {
  depotPositionsForOffer,
  linkDepotPositionToTranche,
} from '../../services/backoffice-sortiment-depot';
import {
  listBackofficeOffers,
  listPartialOffers,
  type PartialOfferSortKey,
} from '../../services/backoffice-sortiment-lists';
import { signedInUser } from '../access';
import {
  type MutationResolvers,
  PartialOfferSortField,
  type QueryResolvers,
} from '../resolvers-types.generated';

const partialOfferSortKeys: Record<PartialOfferSortField, PartialOfferSortKey> = {
  [PartialOfferSortField.Id]: 'id',
  [PartialOfferSortField.Created]: 'created',
  [PartialOfferSortField.Wine]: 'wine',
  [PartialOfferSortField.Offerer]: 'offerer',
  [PartialOfferSortField.BuyPrice]: 'buyPrice',
  [PartialOfferSortField.Available]: 'available',
  [PartialOfferSortField.Total]: 'total',
  [PartialOfferSortField.OnInvoice]: 'onInvoice',
  [PartialOfferSortField.Proforma]: 'proforma',
  [PartialOfferSortField.Invoice]: 'invoice',
  [PartialOfferSortField.Paid]: 'paid',
  [PartialOfferSortField.Mrn]: 'mrn',
};

/** "Sortiment (Neu)" of the back office (staff only, see access.ts). */
export const sortimentQueries = {
  backofficeOffers: (_parent, { variant }, { db }) => listBackofficeOffers(db, variant ?? 'ALL'),
  allPartialOffers: (_parent, { offerId, search, sortBy, descending, offset, limit }, { db }) =>
    listPartialOffers(db, {
      offerId,
      search,
      sortBy: sortBy ? partialOfferSortKeys[sortBy] : null,
      descending,
      offset,
      limit,
    }),
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
