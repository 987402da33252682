import {
  type AssetResult,
  type AssetUnderManagement as AssetRow,
  type AssetSortKey,
  listAssetsUnderManagement,
  updateAssetUnderManagement,
} from '../../services/backoffice-stock';
import { signedInUser } from '../access';
import {
  AssetSortField,
  type AssetUnderManagement,
  DepotStatus,
  type MutationResolvers,
  type QueryResolvers,
} from '../resolvers-types.generated';

const sortKeys: Record<AssetSortField, AssetSortKey> = {
  [AssetSortField.Id]: 'id',
  [AssetSortField.Wine]: 'wine',
  [AssetSortField.Owner]: 'owner',
  [AssetSortField.Amount]: 'amount',
  [AssetSortField.CaskOf]: 'caskOf',
  [AssetSortField.BottleSize]: 'bottleSize',
  [AssetSortField.BuyPrice]: 'buyPrice',
  [AssetSortField.StorageId]: 'storageId',
  [AssetSortField.Mrn]: 'mrn',
  [AssetSortField.MrnDate]: 'mrnDate',
  [AssetSortField.Tranche]: 'tranche',
  [AssetSortField.Status]: 'status',
};

const statuses = new Map<string, DepotStatus>(Object.values(DepotStatus).map((status) => [status, status]));

const toGraphQL = (asset: AssetRow): AssetUnderManagement => ({
  ...asset,
  currentStatus: asset.currentStatus === null ? null : (statuses.get(asset.currentStatus) ?? null),
});

const answer = (result: AssetResult) => ({
  ...result,
  asset: result.asset ? toGraphQL(result.asset) : null,
});

export const stockQueries = {
  getAllAssetsUnderManagement: async (_parent, { search, sortBy, descending, offset, limit }, { db }) => {
    const page = await listAssetsUnderManagement(db, {
      search,
      sortBy: sortBy ? sortKeys[sortBy] : null,
      descending,
      offset,
      limit,
    });
    return { totalCount: page.totalCount, assets: page.assets.map(toGraphQL) };
  },
} satisfies QueryResolvers;

export const stockMutations = {
  updateAssetUnderManagement: async (_parent, change, context) =>
    answer(await updateAssetUnderManagement(context.db, signedInUser(context).id, change)),
  updateStorageId: async (_parent, { depotPositionId, storageId }, context) =>
    answer(
      await updateAssetUnderManagement(context.db, signedInUser(context).id, {
        depotPositionId,
        newStorageIds: storageId,
      }),
    ),
} satisfies MutationResolvers;
