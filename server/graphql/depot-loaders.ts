import DataLoader from 'dataloader';
import type { Database } from '../db/client';
import { findUsers, investmentScores, listDepotStatuses, saleOrdersById } from '../services/depot';

type StatusRow = Awaited<ReturnType<typeof listDepotStatuses>>[number];
type UserRow = Awaited<ReturnType<typeof findUsers>>[number];
type SaleOrderRow = Awaited<ReturnType<typeof saleOrdersById>>[number];

/** Per-request batch loaders of the depot: status history, position owners, investment scores, sell orders of sold positions. */
export function createDepotLoaders(db: Database) {
  return {
    depotStatusesByPosition: new DataLoader<number, StatusRow[]>(async (ids) => {
      const byPosition = new Map<number, StatusRow[]>();
      for (const row of await listDepotStatuses(db, [...ids])) {
        const list = byPosition.get(row.depotPositionId);
        if (list) list.push(row);
        else byPosition.set(row.depotPositionId, [row]);
      }
      return ids.map((id) => byPosition.get(id) ?? []);
    }),
    user: new DataLoader<number, UserRow | null>(async (ids) => {
      const byId = new Map((await findUsers(db, [...ids])).map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    saleOrder: new DataLoader<number, SaleOrderRow | null>(async (ids) => {
      const byId = new Map((await saleOrdersById(db, [...ids])).map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    investmentScore: new DataLoader<number, string>(async (ids) => {
      const scores = await investmentScores(db, [...ids]);
      return ids.map((id) => scores.get(id) ?? '0.00');
    }),
  };
}
