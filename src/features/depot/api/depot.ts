import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useApiClient } from '../../../api/client';
import { depotKeys, depotPerformanceKeys } from '../../../api/depot-keys';
import { answerOf, askEarly, forgetEarly } from '../../../api/early-answers';
import {
  DepotPerformanceDocument,
  type DepotPerformanceFieldsFragment,
  ViewClientsDepotDocument,
} from '../../../api/graphql.generated';
import type { DepotPositionInput } from '../model/depot-rows';
import { type DepotTransfer, requestOwnDepot } from './depot-request';

/** A depot position with its vintage and bottle size joined in (as the screen and the Excel export need it). */
export type DepotPosition = DepotPositionInput;

export interface Depot {
  positions: DepotPosition[];
  /** The owner's investment score (total invested) for the own depot; null in the staff view (totals come from the positions). */
  investmentScore: string | null;
}

/** Joins each position with its vintage and bottle size; a position missing either is left out. */
export function joinDepot(transfer: DepotTransfer): Depot {
  const vintages = new Map(transfer.vintages.map((vintage) => [vintage.id, vintage]));
  const bottleSizes = new Map(transfer.bottleSizes.map((size) => [size.id, size]));
  return {
    positions: transfer.positions.flatMap((position) => {
      const vintage = vintages.get(position.vintage.id);
      const bottleSize = bottleSizes.get(position.bottleSize.id);
      return vintage && bottleSize ? [{ ...position, vintage, bottleSize }] : [];
    }),
    investmentScore: transfer.investmentScore,
  };
}

const joinedDepots = new WeakMap<DepotTransfer, Depot>();

/**
 * `joinDepot` once per cached answer: every observer of the query (a screen mounting again, or a
 * mount render React restarts after an interruption) sees the same depot object, so what screens
 * derive from it per depot object is computed once.
 */
export function joinDepotOnce(transfer: DepotTransfer): Depot {
  let depot = joinedDepots.get(transfer);
  if (!depot) {
    depot = joinDepot(transfer);
    joinedDepots.set(transfer, depot);
  }
  return depot;
}

/** The depot as the server answers it (own, or with `clientsMail` a client's for staff), compacted. */
async function requestDepot(client: GraphQLClient, clientsMail?: string): Promise<DepotTransfer> {
  if (!clientsMail) return requestOwnDepot(client);
  const answer = await client.request(ViewClientsDepotDocument, { clientsMail });
  return {
    positions: answer.viewClientsDepot,
    vintages: answer.viewClientsDepotVintages,
    bottleSizes: answer.allBottleSizes,
    investmentScore: null,
  };
}

/** The own depot, or with `clientsMail` the staff view of that client's depot. */
export function depotQueryOptions(client: GraphQLClient, clientsMail?: string) {
  const queryKey: readonly string[] = clientsMail ? depotKeys.ofClient(clientsMail) : depotKeys.own();
  return queryOptions({
    queryKey,
    queryFn: () => answerOf(queryKey, () => requestDepot(client, clientsMail)),
    // The cache (memory and IndexedDB) keeps the compact form; screens see the joined depot.
    select: joinDepotOnce,
  });
}

/**
 * Starts the depot's query before its screen renders (a signed-in start or a navigation,
 * `src/app/route-data.ts`).
 * A device without a complete sync most likely holds no copy of it: its request is sent at once
 * instead of after the look into IndexedDB, which waits for the device database to load and open
 * (the 2,000-position depot's first visit).
 */
export function startDepot(
  queryClient: QueryClient,
  client: GraphQLClient,
  options: { clientsMail?: string; deviceSynced: boolean },
): void {
  const query = depotQueryOptions(client, options.clientsMail);
  // Held in memory or already asked for (a second visit, the background sync): the query as usual.
  const held =
    queryClient.getQueryData(query.queryKey) !== undefined ||
    queryClient.isFetching({ queryKey: query.queryKey }) > 0;
  if (!held && !options.deviceSynced && navigator.onLine) {
    askEarly(query.queryKey, () => requestDepot(client, options.clientsMail));
    void queryClient.prefetchQuery(query).finally(() => forgetEarly(query.queryKey));
  } else void queryClient.prefetchQuery(query);
}

export function useDepot(clientsMail?: string) {
  const client = useApiClient();
  return useQuery(depotQueryOptions(client, clientsMail));
}

export type DepotPerformanceData = DepotPerformanceFieldsFragment;

/** The "Wertentwicklung" of the own depot, or with `clientsMail` that of a client (staff). */
export function depotPerformanceQueryOptions(client: GraphQLClient, clientsMail?: string) {
  const queryKey: readonly string[] = clientsMail
    ? depotPerformanceKeys.ofClient(clientsMail)
    : depotPerformanceKeys.own();
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<DepotPerformanceData> =>
      (await client.request(DepotPerformanceDocument, { clientsMail: clientsMail ?? null })).depotPerformance,
  });
}

export function useDepotPerformance(clientsMail?: string) {
  const client = useApiClient();
  return useQuery(depotPerformanceQueryOptions(client, clientsMail));
}
