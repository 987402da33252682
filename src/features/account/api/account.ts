import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useApiClient } from '../../../api/client';
import {
  AccountMeDocument,
  ChangeUserDocument,
  type ChangeUserMutationVariables,
  ConfirmEmailChangeDocument,
  RequestPasswordLinkDocument,
  RequestSoldOutNotificationDocument,
  SendContactRequestDocument,
  type SendContactRequestMutationVariables,
  SendReferralDocument,
  type SendReferralMutationVariables,
} from '../../../api/graphql.generated';
import { acceptedOrThrow } from '../../../api/mutation-refused';
import { orderKeys } from '../../../api/order-keys';
import { userKeys } from '../../../api/user';

export const accountKeys = {
  me: () => [...userKeys.all, 'account'] as const,
};

export function accountMeQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: accountKeys.me(),
    queryFn: async () => (await client.request(AccountMeDocument)).me,
  });
}

/** The signed-in user's account data with the sidebar badge counts. */
export function useAccountMe() {
  const client = useApiClient();
  return useQuery(accountMeQueryOptions(client));
}

export function useChangeUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    /** A refusal throws `MutationRefused` (its reasons carry the form's field names). */
    mutationFn: async (variables: ChangeUserMutationVariables) =>
      acceptedOrThrow((await client.request(ChangeUserDocument, variables)).changeUser),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        // The order list shows the address data too (spec client-area section 7: refetch me and the order list).
        queryClient.invalidateQueries({ queryKey: orderKeys.orderList() }),
      ]);
    },
  });
}

export function useConfirmEmailChange() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (token: string) =>
      (await client.request(ConfirmEmailChangeDocument, { token })).confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useRequestPasswordLink() {
  const client = useApiClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async () => (await client.request(RequestPasswordLinkDocument)).requestPasswordLink,
  });
}

export function useSendContactRequest() {
  const client = useApiClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    /** A refusal throws `MutationRefused` (its reasons carry the form's field names). */
    mutationFn: async (variables: SendContactRequestMutationVariables) =>
      acceptedOrThrow((await client.request(SendContactRequestDocument, variables)).sendContactRequest),
  });
}

export function useSendReferral() {
  const client = useApiClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    /** The generated message; a refusal throws `MutationRefused`. */
    mutationFn: async (variables: SendReferralMutationVariables) =>
      acceptedOrThrow((await client.request(SendReferralDocument, variables)).sendReferral).message ?? null,
  });
}

export function useRequestSoldOutNotification() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (vintageId: number) =>
      (await client.request(RequestSoldOutNotificationDocument, { vintageId })).requestSoldOutNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
  });
}
