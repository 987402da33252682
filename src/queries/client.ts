import { ClientError, GraphQLClient } from 'graphql-request';
import { createContext, useContext } from 'react';

export interface ApiClientOptions {
  /** Absolute URL of the GraphQL endpoint (graphql-request needs an absolute one). */
  endpoint: string;
  getToken: () => string | null;
  /** Called when the server rejects the token (expired, revoked): the session has ended. */
  onUnauthenticated: () => void;
}

const UNAUTHENTICATED_CODES = new Set(['UNAUTHENTICATED', 'UNAUTHORIZED', 'TOKEN_EXPIRED', 'INVALID_TOKEN']);

export function isUnauthenticatedError(error: unknown): boolean {
  if (!(error instanceof ClientError)) return false;
  if (error.response.status === 401) return true;
  return (error.response.errors ?? []).some((graphQLError) => {
    const code = graphQLError.extensions?.code;
    return typeof code === 'string' && UNAUTHENTICATED_CODES.has(code);
  });
}

/** The one GraphQL client of the PWA; it sends `Authorization: JWT <token>` while logged in. */
export function createApiClient({ endpoint, getToken, onUnauthenticated }: ApiClientOptions): GraphQLClient {
  return new GraphQLClient(endpoint, {
    credentials: 'include',
    headers: (): Record<string, string> => {
      const token = getToken();
      return token ? { Authorization: `JWT ${token}` } : {};
    },
    responseMiddleware: (response) => {
      // Only while a session exists can it end; a failed login of a visitor must not clear anything.
      if (getToken() !== null && isUnauthenticatedError(response)) onUnauthenticated();
    },
  });
}

export const ApiClientContext = createContext<GraphQLClient | null>(null);

export function useApiClient(): GraphQLClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient outside of ApiClientContext');
  return client;
}
