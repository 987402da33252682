/**
 * The staff view of a client's depot lives under a secret-looking first segment (spec client
 * area §2). The segment only keeps the route out of sight; the server refuses
 * `viewClientsDepot` to everyone but staff whatever the path.
 */
export const DEPOT_PATH = '/admin/depot';
export const STAFF_DEPOT_SEGMENT = 'kd-7f3a9c2e41';
export const STAFF_DEPOT_ROUTE = `${STAFF_DEPOT_SEGMENT}/:clientsMail`;
export const EXPAND_PORTFOLIO_PATH = '/admin/weinangebot';

export function staffDepotPath(clientsMail: string): string {
  return `/admin/${STAFF_DEPOT_SEGMENT}/${encodeURIComponent(clientsMail)}`;
}
