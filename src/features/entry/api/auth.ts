import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../api/client';
import { TokenAuthDocument, type TokenAuthMutationVariables } from '../../../api/graphql.generated';

/** `tokenAuth`: answers token and user; failures are GraphQL errors (see `firstGraphQLError`). */
export function useTokenAuth() {
  const client = useApiClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (variables: TokenAuthMutationVariables) =>
      (await client.request(TokenAuthDocument, variables)).tokenAuth,
  });
}
