import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useApiClient } from '../../../api/client';
import {
  AccountSessionsDocument,
  EndOtherSessionsDocument,
  EndSessionDocument,
} from '../../../api/graphql.generated';
import { acceptedOrThrow } from '../../../api/mutation-refused';
import { userKeys } from '../../../api/user';

export const sessionKeys = {
  all: () => [...userKeys.all, 'sessions'] as const,
};

export function accountSessionsQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: sessionKeys.all(),
    queryFn: async () => (await client.request(AccountSessionsDocument)).mySessions,
    // Who is signed in where changes elsewhere: always asked afresh when the section opens.
    staleTime: 0,
  });
}

/** The devices the client is signed in on ("Angemeldete Geräte"), this one included. */
export function useAccountSessions() {
  const client = useApiClient();
  return useQuery(accountSessionsQueryOptions(client));
}

/** Ends one other session ("Abmelden" of a device); a refusal throws `MutationRefused`. */
export function useEndSession() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (id: string) =>
      acceptedOrThrow((await client.request(EndSessionDocument, { id })).endSession),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all() }),
  });
}

/** Ends every session but this device's ("Überall sonst abmelden"). */
export function useEndOtherSessions() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async () =>
      acceptedOrThrow((await client.request(EndOtherSessionsDocument)).endOtherSessions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all() }),
  });
}
