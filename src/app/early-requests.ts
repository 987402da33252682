import { createApiClient } from '../api/client';
import { depotKeys } from '../api/depot-keys';
import { askEarly } from '../api/early-answers';
import { deviceUserKey, readSession } from '../api/session/session-store';
import { readSyncedAt } from '../db/sync-state';
import { requestOwnDepot } from '../features/depot/api/depot-request';
import { DEPOT_PATH } from '../routes/depot-routes';

/**
 * The request of a signed-in start's large screen data, sent before the rest of the app's code is
 * evaluated (on a 2-core machine that takes ≈ 100–150 ms, and the 2,000-position depot's
 * first visit waited for it): `start-early-requests.ts`, an entry of its own that the server's page
 * of the route runs before the app's script, calls this. Today one: the own depot at `/admin/depot`, online, on a device never synchronised for the
 * signed-in user (it most likely holds no copy; a synchronised device shows its copy first). The
 * depot's query takes the answer (`early-answers.ts`) or, when it failed (an expired session
 * too), asks again with the app's own client, which then ends the session.
 */
export function sendEarlyRequests(location: Pick<Location, 'origin' | 'pathname'>, storage: Storage): void {
  const session = readSession(storage);
  if (!session || !navigator.onLine) return;
  if (location.pathname.replace(/\/+$/, '') !== DEPOT_PATH) return;
  if (readSyncedAt(deviceUserKey(session.user)) !== null) return;
  const client = createApiClient({
    endpoint: new URL('/graphql', location.origin).href,
    getToken: () => session.token,
    onUnauthenticated: () => undefined,
  });
  askEarly(depotKeys.own(), () => requestOwnDepot(client));
}
