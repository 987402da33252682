import DataLoader from 'dataloader';
import type { Database } from '../db/client';
import {
  type DepotPositionWithStatuses,
  type DepotValuationRow,
  findUsers,
  investmentScoreOf,
  investmentScores,
  listDepotStatuses,
  listDepotValuations,
  listDepotWithStatuses,
  saleOrdersById,
} from '../services/depot';
import { warehouseConfirmations } from '../services/warehouse-reports';
import type { DepotReadCache } from './depot-read-cache';
import { ownTurn } from './event-loop-turns';
import type { DepotPositionStatusModel } from './models';

/** A status entry as the depot's fields use it (the depot read primes the loader with its own). */
type StatusRow = DepotPositionStatusModel;
type UserRow = Awaited<ReturnType<typeof findUsers>>[number];
type SaleOrderRow = Awaited<ReturnType<typeof saleOrdersById>>[number];

/** One client's depot as read once per request: positions with statuses, and the vintages' valuations. */
export interface DepotRead {
  positions: DepotPositionWithStatuses[];
  /** The depot's vintages, each once, ascending. */
  vintageIds: number[];
  /** Valuations per vintage of the depot, newest first (an empty list for none). */
  valuationsByVintage: Map<number, DepotValuationRow[]>;
}

/** The process's depot reads, validated on every use (depot-read-cache.ts). */
export type DepotCache = DepotReadCache<DepotRead>;

async function readDepotFromDatabase(db: Database, ownerId: number): Promise<DepotRead> {
  // Two statements side by side (two pool connections): positions with their statuses, and the
  // valuations of the depot's vintages.
  const [positions, valuations] = await Promise.all([
    listDepotWithStatuses(db, ownerId),
    listDepotValuations(db, ownerId),
  ]);
  const vintageIds = [...new Set(positions.map((position) => position.vintageId))].sort((a, b) => a - b);
  const valuationsByVintage = new Map<number, DepotValuationRow[]>(vintageIds.map((id) => [id, []]));
  for (const valuation of valuations) valuationsByVintage.get(valuation.vintageId)?.push(valuation);
  return { positions, vintageIds, valuationsByVintage };
}

async function readDepot(db: Database, cache: DepotCache, ownerId: number): Promise<DepotRead> {
  const read = await cache.read(ownerId, () => readDepotFromDatabase(db, ownerId));
  // Building the answer from here on is the heavy part of the request: one depot per turn.
  await ownTurn();
  return read;
}

/** Per-request batch loaders of the depot: status history, position owners, investment scores, sell orders of sold positions. */
export function createDepotLoaders(db: Database, depotCache: DepotCache) {
  /** The depots read in this request, by owner (the positions and the vintages fields share one read). */
  const depots = new Map<number, Promise<DepotRead>>();
  const valuationsRead = new Map<number, DepotValuationRow[]>();
  const depotStatusesByPosition = new DataLoader<number, StatusRow[]>(async (ids) => {
    const byPosition = new Map<number, StatusRow[]>();
    for (const row of await listDepotStatuses(db, [...ids])) {
      const list = byPosition.get(row.depotPositionId);
      if (list) list.push(row);
      else byPosition.set(row.depotPositionId, [row]);
    }
    return ids.map((id) => byPosition.get(id) ?? []);
  });
  return {
    /** `ownerId`'s depot, read once per request. */
    depot(ownerId: number): Promise<DepotRead> {
      let read = depots.get(ownerId);
      if (!read) {
        read = readDepot(db, depotCache, ownerId).then((depot) => {
          for (const position of depot.positions)
            depotStatusesByPosition.prime(position.id, position.statuses);
          for (const [vintageId, list] of depot.valuationsByVintage) valuationsRead.set(vintageId, list);
          return depot;
        });
        depots.set(ownerId, read);
      }
      return read;
    },
    /** The valuations of a vintage when a finished depot read of this request holds them. */
    depotValuations: (vintageId: number): DepotValuationRow[] | undefined => valuationsRead.get(vintageId),
    depotStatusesByPosition,
    user: new DataLoader<number, UserRow | null>(async (ids) => {
      const byId = new Map((await findUsers(db, [...ids])).map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /**
     * The day the warehouse's latest stock report confirmed a position's cases (null: it does not).
     * Read per request, beside the depot-read cache: a new report changes no depot row.
     */
    warehouseConfirmedOn: new DataLoader<number, string | null>(async (ids) => {
      const confirmed = await warehouseConfirmations(db, ids, new Date());
      return ids.map((id) => confirmed.get(id) ?? null);
    }),
    saleOrder: new DataLoader<number, SaleOrderRow | null>(async (ids) => {
      const byId = new Map((await saleOrdersById(db, [...ids])).map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    investmentScore: new DataLoader<number, string>(async (ids) => {
      // A depot this request reads anyway (the depot screen asks for both) gives the sum without a query.
      const fromDepot = new Map<number, string>();
      const rest: number[] = [];
      for (const id of ids) {
        const read = depots.get(id);
        if (read) fromDepot.set(id, investmentScoreOf((await read).positions));
        else rest.push(id);
      }
      const scores = rest.length > 0 ? await investmentScores(db, rest) : new Map<number, string>();
      return ids.map((id) => fromDepot.get(id) ?? scores.get(id) ?? '0.00');
    }),
  };
}
