import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKOFFICE_QUERY_KEY } from '../../../api/backoffice-key';
import { useApiClient } from '../../../api/client';
import {
  type AssetSortField,
  AssetsUnderManagementDocument,
  type AssetUnderManagementFieldsFragment,
  UpdateAssetUnderManagementDocument,
  type UpdateAssetUnderManagementMutationVariables,
} from '../../../api/graphql.generated';
import { acceptedOrThrow } from '../../../api/mutation-refused';
import { type PageRequest, pageVariables } from '../../../api/paging';

export type { AssetSortField };
export type AssetUnderManagement = AssetUnderManagementFieldsFragment;

export type AssetsPageRequest = PageRequest<AssetSortField>;

export const stockKeys = {
  all: [BACKOFFICE_QUERY_KEY, 'stock'] as const,
  page: (request: AssetsPageRequest) => [...stockKeys.all, 'page', request] as const,
};

/** One page of the assets under management (paged, sorted and searched on the server). */
export function useAssetsUnderManagement(request: AssetsPageRequest) {
  const client = useApiClient();
  return useQuery({
    queryKey: stockKeys.page(request),
    queryFn: async () =>
      (await client.request(AssetsUnderManagementDocument, pageVariables(request)))
        .getAllAssetsUnderManagement,
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** Saves MRN, MRN date and case numbers of a depot position; refetches the table when saved. */
export function useUpdateAssetUnderManagement() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal is notified without a title (the form also shows it under the field).
    meta: { errorTitle: null },
    mutationFn: async (variables: UpdateAssetUnderManagementMutationVariables) =>
      acceptedOrThrow(
        (await client.request(UpdateAssetUnderManagementDocument, variables)).updateAssetUnderManagement,
      ),
    onSuccess: async (_result, variables) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: stockKeys.all }),
        queryClient.invalidateQueries({
          queryKey: [BACKOFFICE_QUERY_KEY, 'audit', 'depot_position', variables.depotPositionId],
        }),
      ]);
    },
  });
}
