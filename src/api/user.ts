import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useApiClient } from './client';
import { MeDocument, type SessionUserFragment } from './graphql.generated';

export const userKeys = {
  all: ['user'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

export function meQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: userKeys.me(),
    queryFn: async () => (await client.request(MeDocument)).me,
  });
}

/**
 * The signed-in user from the API, starting from the stored copy so that the shell renders at once
 * (and offline); it is refetched right away. `null` means the server no longer knows the session.
 */
export function useMe(storedUser: SessionUserFragment) {
  const client = useApiClient();
  return useQuery({ ...meQueryOptions(client), initialData: storedUser, initialDataUpdatedAt: 0 });
}
