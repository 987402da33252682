import { GraphQLError } from 'graphql';
import {
  isSyncCursor,
  SyncEntity,
  type SyncEntityName,
  syncChanges,
  syncMessages,
} from '../../services/sync';
import { signedInUser } from '../access';
import type { QueryResolvers } from '../resolvers-types.generated';

const graphQLEntity: Record<SyncEntityName, SyncEntity> = {
  ACCOUNT: SyncEntity.Account,
  DEPOT_POSITION: SyncEntity.DepotPosition,
  SELL_ORDER: SyncEntity.SellOrder,
  INVOICE: SyncEntity.Invoice,
  ORDER_POSITION: SyncEntity.OrderPosition,
  PREFERENCES_PROFILE: SyncEntity.PreferencesProfile,
  OFFER: SyncEntity.Offer,
  VINTAGE: SyncEntity.Vintage,
  WINE: SyncEntity.Wine,
  WINERY: SyncEntity.Winery,
  REGION: SyncEntity.Region,
  SUBREGION: SyncEntity.Subregion,
  COUNTRY: SyncEntity.Country,
  CLASSIFICATION: SyncEntity.Classification,
  RATER: SyncEntity.Rater,
  GRAPE: SyncEntity.Grape,
  BOTTLE_SIZE: SyncEntity.BottleSize,
  ACADEMY_VIDEO: SyncEntity.AcademyVideo,
  ACADEMY_KEYWORD: SyncEntity.AcademyKeyword,
  BLOG_POST: SyncEntity.BlogPost,
  BRAND_IMAGE: SyncEntity.BrandImage,
};

export const syncQueries = {
  syncChanges: async (_parent, { cursor }, context) => {
    const user = signedInUser(context);
    if (cursor !== null && cursor !== undefined && !isSyncCursor(cursor)) {
      throw new GraphQLError(syncMessages.badCursor, {
        extensions: { code: 'BAD_USER_INPUT', field: 'cursor' },
      });
    }
    const delta = await syncChanges(context.db, user.id, cursor ?? null);
    context.syncAnswered(delta);
    return {
      ...delta,
      entities: delta.entities.map((changes) => ({ ...changes, entity: graphQLEntity[changes.entity] })),
    };
  },
} satisfies QueryResolvers;
