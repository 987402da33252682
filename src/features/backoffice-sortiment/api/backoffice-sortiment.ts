import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKOFFICE_QUERY_KEY } from '../../../api/backoffice-key';
import { useApiClient } from '../../../api/client';
import {
  type BackofficeOfferVariant,
  ChangeOfferAndPartialOfferDocument,
  type ChangeOfferAndPartialOfferMutationVariables,
  CreateOfferAndPartialOfferDocument,
  type CreateOfferAndPartialOfferMutationVariables,
  DeleteSortimentTrancheDocument,
  LinkDepotPositionToTrancheDocument,
  type LinkDepotPositionToTrancheMutationVariables,
  type PartialOfferSortField,
  SaveSortimentTrancheDocument,
  type SaveSortimentTrancheMutationVariables,
  SortimentAltTranchesDocument,
  type SortimentAltTranchesQuery,
  SortimentDepotPositionsDocument,
  type SortimentDepotPositionsQuery,
  SortimentLookupsDocument,
  SortimentOffersDocument,
  type SortimentOffersQuery,
  type SortimentTrancheFragment,
} from '../../../api/graphql.generated';
import { acceptedOrThrow } from '../../../api/mutation-refused';
import { type PageRequest, pageVariables } from '../../../api/paging';

export type { BackofficeOfferVariant, PartialOfferSortField };
export type SortimentOffer = SortimentOffersQuery['backofficeOffers'][number];
export type SortimentTranche = SortimentTrancheFragment;
export type SortimentDepotPosition = SortimentDepotPositionsQuery['getDepotPositionsForOffer'][number];
export type SortimentAltTranche = SortimentAltTranchesQuery['allPartialOffers']['partialOffers'][number];

export type TranchesPageRequest = PageRequest<PartialOfferSortField>;

/** Query keys of "Sortiment (Neu)"; all below the back office's key (never persisted, always fresh). */
export const sortimentKeys = {
  all: [BACKOFFICE_QUERY_KEY, 'sortiment'] as const,
  offers: (variant: BackofficeOfferVariant) => [...sortimentKeys.all, 'offers', variant] as const,
  lookups: () => [...sortimentKeys.all, 'lookups'] as const,
  depotPositions: (offerId: number) => [...sortimentKeys.all, 'depot-positions', offerId] as const,
  tranches: (request: TranchesPageRequest) => [...sortimentKeys.all, 'tranches', request] as const,
};

/** The offer table: offers of a variant with their tranches and valuations. */
export function useSortimentOffers(variant: BackofficeOfferVariant) {
  const client = useApiClient();
  return useQuery({
    queryKey: sortimentKeys.offers(variant),
    queryFn: async () => (await client.request(SortimentOffersDocument, { variant })).backofficeOffers,
  });
}

/** "Sortiment (Alt)": one page of the purchase tranches (paged, sorted and searched on the server). */
export function useSortimentAltTranches(request: TranchesPageRequest) {
  const client = useApiClient();
  return useQuery({
    queryKey: sortimentKeys.tranches(request),
    queryFn: async () =>
      (await client.request(SortimentAltTranchesDocument, pageVariables(request))).allPartialOffers,
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** Vintages, bottle sizes and offerers for the forms (loaded when a form opens). */
export function useSortimentLookups(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: sortimentKeys.lookups(),
    queryFn: () => client.request(SortimentLookupsDocument),
    enabled,
  });
}

/** Depot positions of an offer for the linking modal; never served from a cache. */
export function useDepotPositionsForOffer(offerId: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: sortimentKeys.depotPositions(offerId),
    queryFn: async () =>
      (await client.request(SortimentDepotPositionsDocument, { offerId })).getDepotPositionsForOffer,
    enabled,
    gcTime: 0,
  });
}

/**
 * Refetches the tab and the open audit logs after a successful change. A refusal is thrown as
 * `MutationRefused` and notified by the query client ("Nicht gespeichert").
 */
function useInvalidateSortiment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sortimentKeys.all }),
      queryClient.invalidateQueries({ queryKey: [BACKOFFICE_QUERY_KEY, 'audit'] }),
    ]);
}

export function useChangeOfferAndPartialOffer() {
  const client = useApiClient();
  const invalidate = useInvalidateSortiment();
  return useMutation({
    mutationFn: async (variables: ChangeOfferAndPartialOfferMutationVariables) =>
      acceptedOrThrow(
        (await client.request(ChangeOfferAndPartialOfferDocument, variables)).changeOfferAndPartialOffer,
      ),
    onSuccess: invalidate,
  });
}

export function useCreateOfferAndPartialOffer() {
  const client = useApiClient();
  const invalidate = useInvalidateSortiment();
  return useMutation({
    mutationFn: async (variables: CreateOfferAndPartialOfferMutationVariables) =>
      acceptedOrThrow(
        (await client.request(CreateOfferAndPartialOfferDocument, variables)).createOfferAndPartialOffer,
      ),
    onSuccess: invalidate,
  });
}

/** "Einkaufstranche hinzufügen" and "Einkaufstranche updaten" (createOrUpdatePartialOffer). */
export function useSaveTranche() {
  const client = useApiClient();
  const invalidate = useInvalidateSortiment();
  return useMutation({
    mutationFn: async (variables: SaveSortimentTrancheMutationVariables) =>
      acceptedOrThrow(
        (await client.request(SaveSortimentTrancheDocument, variables)).createOrUpdatePartialOffer,
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteTranche() {
  const client = useApiClient();
  const invalidate = useInvalidateSortiment();
  return useMutation({
    mutationFn: async (partialOfferId: number) =>
      acceptedOrThrow(
        (await client.request(DeleteSortimentTrancheDocument, { partialOfferId })).deletePartialOffer,
      ),
    onSuccess: invalidate,
  });
}

export function useLinkDepotPosition() {
  const client = useApiClient();
  const invalidate = useInvalidateSortiment();
  return useMutation({
    mutationFn: async (variables: LinkDepotPositionToTrancheMutationVariables) =>
      acceptedOrThrow(
        (await client.request(LinkDepotPositionToTrancheDocument, variables))
          .updatePartialOfferForDepotPosition,
      ),
    onSuccess: invalidate,
  });
}
