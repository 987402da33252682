import { type DepotRow, toDepotRows } from '../model/depot-rows';
import type { Depot } from './depot';

/** Rows count "today" (en primeur, holding years, sold) from the time they were computed. */
const ROWS_MAX_AGE_MS = 60_000;

const rowsByDepot = new WeakMap<Depot, { rows: DepotRow[]; at: number }>();

/**
 * The rows of a depot, computed once per depot answer (and minute). React throws away a mount
 * render that an update interrupts and starts it again (a route opens in a transition while the
 * background sync updates the cache); with 2,000 positions every start computed the rows anew.
 */
export function depotRowsOf(depot: Depot, now: number = Date.now()): DepotRow[] {
  const cached = rowsByDepot.get(depot);
  if (cached && now - cached.at < ROWS_MAX_AGE_MS) return cached.rows;
  const rows = toDepotRows(depot.positions, new Date(now));
  rowsByDepot.set(depot, { rows, at: now });
  return rows;
}
