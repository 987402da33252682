import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useApiClient } from '../../../api/client';
import {
  AcceptAgbsAndDsgvoDocument,
  AddRecommendationsDocument,
  CreatePreferencesProfileDocument,
  type CreatePreferencesProfileMutationVariables,
  InvestorProfileGateDocument,
  PersonalOffersDocument,
  PortfolioSalesCalculationDocument,
  ProposalByUidDocument,
  type ProposalFieldsFragment,
} from '../../../api/graphql.generated';
import { MutationRefused } from '../../../api/mutation-refused';
import { refreshOrderState } from '../../../api/order-keys';
import { userKeys } from '../../../api/user';
import { isStaffUser } from '../../../domain/staff';

export type Proposal = ProposalFieldsFragment;

export const adviceKeys = {
  all: ['advice'] as const,
  offers: () => [...adviceKeys.all, 'offers'] as const,
  gate: () => [...adviceKeys.all, 'gate'] as const,
  proposal: (uid: string) => [...adviceKeys.all, 'proposal', uid] as const,
  simulation: (uid: string, rate: string) => [...adviceKeys.all, 'simulation', uid, rate] as const,
};

/** The signed-in client's profiles and adviser offers (newest first). */
export function personalOffersQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: adviceKeys.offers(),
    queryFn: async () => (await client.request(PersonalOffersDocument)).me?.preferencesprofileSet ?? [],
  });
}

export function usePersonalOffers() {
  return useQuery(personalOffersQueryOptions(useApiClient()));
}

/** Whether the first-time wizard applies (client without saved profile and without invoices). */
export function investorProfileGateQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: adviceKeys.gate(),
    queryFn: async () => {
      const answer = await client.request(InvestorProfileGateDocument);
      const staff = isStaffUser(answer.me);
      return {
        profile: answer.getLatestPreferencesProfile ?? null,
        needsFirstProfile:
          !staff && !answer.getLatestPreferencesProfile && answer.clientsInvoices.length === 0,
      };
    },
  });
}

export function useInvestorProfileGate() {
  return useQuery(investorProfileGateQueryOptions(useApiClient()));
}

/** A proposal by its uid (public). */
export function useProposal(uid: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: adviceKeys.proposal(uid),
    queryFn: async () =>
      (await client.request(ProposalByUidDocument, { uid })).getLatestPreferencesProfile ?? null,
  });
}

/** The 15-year simulation for the slider's rate ("0.087"); keeps the last answer while moving. */
export function salesCalculationQueryOptions(client: GraphQLClient, uid: string, expAnnualProfit: string) {
  return queryOptions({
    queryKey: adviceKeys.simulation(uid, expAnnualProfit),
    queryFn: async () =>
      (await client.request(PortfolioSalesCalculationDocument, { uid, expAnnualProfit }))
        .getPortfolioSalesCalculation ?? null,
    placeholderData: keepPreviousData,
  });
}

export function useSalesCalculation(uid: string, expAnnualProfit: string) {
  return useQuery(salesCalculationQueryOptions(useApiClient(), uid, expAnnualProfit));
}

export function useCreatePreferencesProfile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (variables: CreatePreferencesProfileMutationVariables) => {
      const answer = await client.request(CreatePreferencesProfileDocument, variables);
      const result = answer.createPreferencesProfile;
      if (!result.success || !result.preferencesProfile) {
        throw new MutationRefused(
          result.errors.map((error) => error.message).join(' '),
          result.errors[0]?.code,
        );
      }
      return result.preferencesProfile;
    },
    // Recommendations, the offers query and the sidebar badge are refetched (not awaited, so the
    // caller learns of the saved profile at once).
    onSuccess: () => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: adviceKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
}

export function useAddRecommendations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (variables: {
      uid: string;
      removeExistingOrderPositions: boolean;
      requestDirectly: boolean;
    }) => {
      const answer = await client.request(AddRecommendationsDocument, variables);
      const result = answer.addRecommendationsToOrderListOrBuyDirectly;
      if (!result.success)
        throw new MutationRefused(
          result.errors.map((error) => error.message).join(' '),
          result.errors[0]?.code,
        );
      return result;
    },
    // The recommendations are on the order list now: the order area's one refresh.
    onSettled: () => refreshOrderState(queryClient),
  });
}

export function useAcceptConsent(uid: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async () => {
      const answer = await client.request(AcceptAgbsAndDsgvoDocument, { uid });
      if (!answer.acceptAgbsAndDsgvo.success) {
        throw new MutationRefused(
          answer.acceptAgbsAndDsgvo.errors.map((error) => error.message).join(' '),
          answer.acceptAgbsAndDsgvo.errors[0]?.code,
        );
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adviceKeys.proposal(uid) }),
  });
}
