/** What the insert steps share: the transaction, the seed date and the ids assigned so far. */
import type { Transaction } from '../../db/client';

export type SeedTransaction = Transaction;

export interface SeedIds {
  countries: Map<string, number>;
  regions: Map<string, number>;
  subregions: Map<string, number>;
  classifications: Map<string, number>;
  raters: Map<string, number>;
  grapes: Map<string, number>;
  wineries: Map<string, number>;
  wines: Map<string, number>;
  vintages: Map<string, number>;
  bottleSizes: Map<string, number>;
  offerers: Map<string, number>;
  offers: Map<string, number>;
  /** Purchase tranches by `<offer key>#<index>`. */
  tranches: Map<string, number>;
  users: Map<string, number>;
  invoices: Map<string, number>;
  academyVideos: Map<string, number>;
}

export interface SeedContext {
  tx: SeedTransaction;
  now: Date;
  ids: SeedIds;
}

export function emptySeedIds(): SeedIds {
  return {
    countries: new Map(),
    regions: new Map(),
    subregions: new Map(),
    classifications: new Map(),
    raters: new Map(),
    grapes: new Map(),
    wineries: new Map(),
    wines: new Map(),
    vintages: new Map(),
    bottleSizes: new Map(),
    offerers: new Map(),
    offers: new Map(),
    tranches: new Map(),
    users: new Map(),
    invoices: new Map(),
    academyVideos: new Map(),
  };
}

/** Maps returned rows by a natural key, so ids never depend on the order of RETURNING rows. */
export function indexRows<Row extends { id: number }>(
  target: Map<string, number>,
  rows: readonly Row[],
  keyOf: (row: Row) => string,
): void {
  for (const row of rows) target.set(keyOf(row), row.id);
}
