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

/** How long a request may take before it counts as failed: online, and when the device says it is offline. */
export const REQUEST_TIMEOUT_MS = { online: 30_000, offline: 5_000 } as const;

/**
 * `fetch` with a time limit: a request on a dead connection (the device believes it is online,
 * or the service worker's network hangs) fails after the limit instead of leaving a screen
 * spinning; the screen then shows the data of the device or says it is not there.
 */
export function fetchWithTimeout(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const limit =
    typeof navigator !== 'undefined' && navigator.onLine === false
      ? REQUEST_TIMEOUT_MS.offline
      : REQUEST_TIMEOUT_MS.online;
  const timeout = AbortSignal.timeout(limit);
  const signal =
    init.signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([init.signal, timeout]) : timeout;
  return fetch(input, { ...init, signal: init.signal && signal === timeout ? init.signal : signal });
}

/** The one GraphQL client of the PWA; it sends `Authorization: JWT <token>` while logged in. */
export function createApiClient({ endpoint, getToken, onUnauthenticated }: ApiClientOptions): GraphQLClient {
  return new GraphQLClient(endpoint, {
    credentials: 'include',
    fetch: fetchWithTimeout,
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
