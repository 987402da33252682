import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useLayoutEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { useApiClient } from '../api/client';
import { readSyncedAt } from '../db/sync-state';
import { startDepot } from '../features/depot/api/depot';
import { DEPOT_PATH } from '../routes/depot-routes';
import { ADMIN_ROUTE_PATH, ADMIN_ROUTE_PATHS } from '../routes/route-paths';

type Params = Readonly<Record<string, string | undefined>>;

/**
 * The main data of a screen, started with a signed-in start beside the screen's code instead of
 * when the screen first renders (the 2,000-position depot asked for its answer only after
 * the app's first render, ≈ 250 ms after the navigation). Only screens whose data is large enough
 * to be worth it are listed; the query is the screen's own (same key, same persister: restored
 * from the device first, offline too), so the screen finds it running or done. On a device never
 * synchronised for this user the request is sent at once (`startDepot`).
 */
const ROUTE_DATA: readonly { path: string; start: (params: Params, context: RouteDataContext) => void }[] = [
  {
    path: DEPOT_PATH,
    start: (_params, { queryClient, apiClient, deviceSynced }) =>
      startDepot(queryClient, apiClient, { deviceSynced }),
  },
  {
    path: `${ADMIN_ROUTE_PATH}/${ADMIN_ROUTE_PATHS.staffDepot}`,
    start: ({ clientsMail }, { queryClient, apiClient, deviceSynced }) => {
      if (clientsMail) startDepot(queryClient, apiClient, { clientsMail, deviceSynced });
    },
  },
];

export interface RouteDataServices {
  queryClient: QueryClient;
  apiClient: GraphQLClient;
  /** The signed-in user's key on this device (`deviceUserKey`): whether it was synchronised here. */
  userKey: string | null;
}

/** What a screen's start needs: the services, and whether this device was synchronised for the user. */
type RouteDataContext = Omit<RouteDataServices, 'userKey'> & { deviceSynced: boolean };

/** Starts the main data of the screen at `pathname`, if it has one worth starting early. */
export function startRouteData(pathname: string, services: RouteDataServices): void {
  for (const route of ROUTE_DATA) {
    const match = matchPath(route.path, pathname);
    if (match) {
      // The path's parameters decoded, as the router gives them to the screen (`useParams`).
      const params = Object.fromEntries(
        Object.entries(match.params).map(([name, value]) => [name, value && decoded(value)]),
      );
      const { userKey, ...rest } = services;
      route.start(params, { ...rest, deviceSynced: readSyncedAt(userKey) !== null });
      return;
    }
  }
}

/**
 * Starts the main data of each screen the signed-in frame shows, at the navigation's commit (the
 * screen's fallback), not once the screen's code has arrived and rendered: on the first visit of
 * the 2,000-position depot from the start page the request left ≈ 230–310 ms after the click
 *. Also when the frame mounts: after the sign-in the login leads straight to the page
 * asked for (a bookmarked depot). On a signed-in start `main.tsx` started it already; the query is
 * then running or done, and nothing is asked twice (`startDepot`).
 */
export function useRouteDataOnNavigation(userKey: string): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const apiClient = useApiClient();
  useLayoutEffect(() => {
    startRouteData(pathname, { queryClient, apiClient, userKey });
  }, [pathname, queryClient, apiClient, userKey]);
}

function decoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined; // a malformed path: nothing is started early, the screen asks itself
  }
}
