/**
 * The delta sync (`syncChanges`; the design is in docs/sync.md): which rows of the client
 * area a client may see were added, changed or deleted since its last sync.
 *
 * Every synced table carries `updated_xid`, the id of the transaction that last wrote the row (kept
 * by the trigger `sync_stamp` of migration 0009), and every deleted row leaves a row in
 * `sync_tombstones`. The cursor handed to the client is the database snapshot its answer was read
 * in (`pg_current_snapshot()`, text `xmin:xmax:xip,…`). A row is new to the client exactly when its
 * transaction was not visible in that snapshot: committed after it, or still running when it was
 * taken. So a long transaction that commits after a sync is reported by the next one — a timestamp
 * cursor would skip it (its rows carry its start time, older than the cursor).
 */

import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';

/**
 * The entities of `SyncEntity` in the schema; codegen maps the schema's enum to this one
 * (scripts/codegen.ts), so the service does not import the GraphQL layer.
 */
export enum SyncEntity {
  /** The signed-in user (account data, 'inform me' requests). */
  Account = 'ACCOUNT',
  DepotPosition = 'DEPOT_POSITION',
  SellOrder = 'SELL_ORDER',
  Invoice = 'INVOICE',
  OrderPosition = 'ORDER_POSITION',
  /** Investor profiles and adviser offers (with their positions). */
  PreferencesProfile = 'PREFERENCES_PROFILE',
  /** Offers with their tranches; an archived offer counts as deleted. */
  Offer = 'OFFER',
  /** Vintages with ratings, grape shares, market records, price history, valuations and assortment parts. */
  Vintage = 'VINTAGE',
  Wine = 'WINE',
  Winery = 'WINERY',
  Region = 'REGION',
  Subregion = 'SUBREGION',
  Country = 'COUNTRY',
  Classification = 'CLASSIFICATION',
  Rater = 'RATER',
  Grape = 'GRAPE',
  BottleSize = 'BOTTLE_SIZE',
  AcademyVideo = 'ACADEMY_VIDEO',
  AcademyKeyword = 'ACADEMY_KEYWORD',
  BlogPost = 'BLOG_POST',
  BrandImage = 'BRAND_IMAGE',
}

/** The same entities as the strings the API sends. */
export type SyncEntityName = `${SyncEntity}`;

/** A table whose rows belong to an entity (a status to its depot position): its change is the entity's. */
interface DependentTable {
  table: string;
  /** The column naming the entity's id. */
  parent: string;
}

interface SyncEntitySpec {
  entity: SyncEntityName;
  table: string;
  /**
   * The rows this client may see (alias `e`); null: every client sees every row (catalogue,
   * content). Owned entities name their owner column, whose tombstones then carry the owner too.
   */
  owner: string | null;
  dependents: DependentTable[];
  /** A visible row that stops being visible (an archived offer) counts as deleted. */
  hidden?: string;
}

/**
 * What the client area reads, by entity. Adding a table to the sync: give it `...syncStamp()` in
 * server/db/schema.ts, triggers in a migration (see 0009) and an entry or a dependent here.
 */
export const SYNC_ENTITIES: readonly SyncEntitySpec[] = [
  {
    entity: 'ACCOUNT',
    table: 'users',
    owner: 'id',
    dependents: [{ table: 'sold_out_requests', parent: 'user_id' }],
  },
  {
    entity: 'DEPOT_POSITION',
    table: 'depot_positions',
    owner: 'owner_id',
    dependents: [{ table: 'depot_position_statuses', parent: 'depot_position_id' }],
  },
  { entity: 'SELL_ORDER', table: 'sell_orders', owner: 'seller_id', dependents: [] },
  {
    entity: 'INVOICE',
    table: 'invoices',
    owner: 'user_id',
    dependents: [
      { table: 'invoice_positions', parent: 'invoice_id' },
      { table: 'storage_certificates', parent: 'invoice_id' },
      { table: 'invoice_documents', parent: 'invoice_id' },
    ],
  },
  { entity: 'ORDER_POSITION', table: 'order_positions', owner: 'user_id', dependents: [] },
  {
    entity: 'PREFERENCES_PROFILE',
    table: 'preferences_profiles',
    owner: 'user_id',
    dependents: [{ table: 'recommended_positions', parent: 'profile_id' }],
  },
  {
    entity: 'OFFER',
    table: 'offers',
    owner: null,
    dependents: [{ table: 'partial_offers', parent: 'offer_id' }],
    hidden: 'e.archived',
  },
  {
    entity: 'VINTAGE',
    table: 'vintages',
    owner: null,
    dependents: [
      'ratings',
      'grape_percentages',
      'gws_records',
      'vintage_price_history',
      'valuations',
      'assortment_parts',
    ].map((table) => ({ table, parent: 'vintage_id' })),
  },
  { entity: 'WINE', table: 'wines', owner: null, dependents: [] },
  { entity: 'WINERY', table: 'wineries', owner: null, dependents: [] },
  { entity: 'REGION', table: 'regions', owner: null, dependents: [] },
  { entity: 'SUBREGION', table: 'subregions', owner: null, dependents: [] },
  { entity: 'COUNTRY', table: 'countries', owner: null, dependents: [] },
  { entity: 'CLASSIFICATION', table: 'classifications', owner: null, dependents: [] },
  { entity: 'RATER', table: 'raters', owner: null, dependents: [] },
  { entity: 'GRAPE', table: 'grapes', owner: null, dependents: [] },
  { entity: 'BOTTLE_SIZE', table: 'bottle_sizes', owner: null, dependents: [] },
  {
    entity: 'ACADEMY_VIDEO',
    table: 'academy_videos',
    owner: null,
    dependents: [{ table: 'academy_video_keywords', parent: 'video_id' }],
  },
  { entity: 'ACADEMY_KEYWORD', table: 'academy_keywords', owner: null, dependents: [] },
  { entity: 'BLOG_POST', table: 'blog_posts', owner: null, dependents: [] },
  { entity: 'BRAND_IMAGE', table: 'brand_images', owner: null, dependents: [] },
];

export interface SyncEntityChanges {
  entity: SyncEntityName;
  /** Ids added or changed (or whose dependent rows changed) since the cursor, visible to the client. */
  changed: number[];
  /** Ids deleted (or no longer visible) since the cursor. */
  deleted: number[];
}

export interface SyncDelta {
  cursor: string;
  /** Every visible row is listed: no cursor, or one this database cannot continue from. */
  full: boolean;
  /** Only entities with changes; an unchanged data set answers none. */
  entities: SyncEntityChanges[];
}

/** `xmin:xmax:xip,xip,…` as `pg_current_snapshot()::text` writes it. */
const SNAPSHOT = /^(\d{1,20}):(\d{1,20}):((?:\d{1,20})(?:,\d{1,20})*)?$/;

export const syncMessages = {
  badCursor:
    'Der Synchronisationsstand ist ungültig. Die App synchronisiert beim nächsten Mal alle Daten neu.',
};

const LARGEST_XID = 2n ** 63n - 1n;

/**
 * True when `cursor` has the form of a cursor this server hands out (what Postgres accepts as a
 * `pg_snapshot`: 0 < xmin ≤ xip… < xmax, the running ids ascending).
 */
export function isSyncCursor(cursor: string): boolean {
  const match = SNAPSHOT.exec(cursor);
  if (!match) return false;
  const xmin = BigInt(match[1] as string);
  const xmax = BigInt(match[2] as string);
  if (xmin < 1n || xmin > xmax || xmax > LARGEST_XID) return false;
  let previous = xmin;
  for (const part of match[3]?.split(',') ?? []) {
    const xip = BigInt(part);
    if (xip < previous || xip >= xmax) return false;
    previous = xip;
  }
  return true;
}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** A row written by a transaction the cursor's snapshot did not see (indexable on `updated_xid`). */
export const newSince = (column: SQL, cursor: string) =>
  sql`(${column} >= pg_snapshot_xmin(${cursor}::pg_snapshot) and not pg_visible_in_snapshot(${column}, ${cursor}::pg_snapshot))`;

function visibleTo(spec: SyncEntitySpec, userId: number): SQL {
  return spec.owner === null ? sql`true` : sql`e.${ident(spec.owner)} = ${userId}`;
}

const notHidden = (spec: SyncEntitySpec) => (spec.hidden ? sql`not (${sql.raw(spec.hidden)})` : sql`true`);

/** What a change check answers: the snapshot it looked from, and whether it found a change. */
export interface SnapshotCheck {
  /** The snapshot of the check's statement (`pg_current_snapshot()`): the next check's `since`. */
  snapshot: string;
  /** Whether `changes` found a row written or deleted since `since` (always without a `since`). */
  changed: boolean;
}

/**
 * One statement: the current snapshot, and whether `changes(since)` (built with `newSince`) finds
 * anything; without a `since` there is nothing to compare with, so it counts as changed. The check
 * behind the catalogue cache and the depot-read cache.
 */
export async function changedSinceSnapshot(
  db: Executor,
  since: string | undefined,
  changes: (since: string) => SQL,
): Promise<SnapshotCheck> {
  const changed = since === undefined ? sql`true` : changes(since);
  const [row] = await rowsOf<{ snapshot: string; changed: boolean }>(
    db,
    sql`select pg_current_snapshot()::text as snapshot, (${changed}) as changed`,
  );
  if (!row) throw new Error('pg_current_snapshot() answered no row');
  return { snapshot: row.snapshot, changed: Boolean(row.changed) };
}

/** Rows of a raw query; node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

async function ids(db: Executor, query: SQL): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(db, query);
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** Every row of the entity the client may see (the first sync). */
function everyRow(db: Executor, spec: SyncEntitySpec, userId: number): Promise<number[]> {
  return ids(
    db,
    sql`select e.id from ${ident(spec.table)} e where ${visibleTo(spec, userId)} and ${notHidden(spec)}`,
  );
}

/** Visible rows written since the cursor, or whose dependent rows were written or deleted since. */
function changedRows(db: Executor, spec: SyncEntitySpec, userId: number, cursor: string): Promise<number[]> {
  const visible = sql`${visibleTo(spec, userId)} and ${notHidden(spec)}`;
  const own = sql`select e.id from ${ident(spec.table)} e where ${visible} and ${newSince(sql`e.updated_xid`, cursor)}`;
  if (spec.dependents.length === 0) return ids(db, own);
  const parents = sql.join(
    spec.dependents.flatMap(({ table, parent }) => [
      sql`select d.${ident(parent)} from ${ident(table)} d where ${newSince(sql`d.updated_xid`, cursor)}`,
      sql`select t.parent_id from sync_tombstones t where t.table_name = ${table} and ${newSince(sql`t.deleted_xid`, cursor)}`,
    ]),
    sql` union all `,
  );
  return ids(
    db,
    sql`${own} union select e.id from ${ident(spec.table)} e where ${visible} and e.id in (${parents})`,
  );
}

/** Ids deleted since the cursor (of this client's rows, for owned entities), and rows now hidden. */
function deletedRows(db: Executor, spec: SyncEntitySpec, userId: number, cursor: string): Promise<number[]> {
  const owner = spec.owner === null ? sql`t.owner_id is null` : sql`t.owner_id = ${userId}`;
  const tombstones = sql`select t.row_id as id from sync_tombstones t
    where t.table_name = ${spec.table} and t.row_id is not null and ${owner} and ${newSince(sql`t.deleted_xid`, cursor)}`;
  if (!spec.hidden) return ids(db, tombstones);
  return ids(
    db,
    sql`${tombstones} union select e.id from ${ident(spec.table)} e
      where ${visibleTo(spec, userId)} and ${sql.raw(spec.hidden)} and ${newSince(sql`e.updated_xid`, cursor)}`,
  );
}

/**
 * What changed for `userId` since `cursor` (null: everything it may see). Read in one snapshot
 * (repeatable read), which is also the new cursor: nothing committed between the reads and the
 * cursor can fall between two syncs.
 */
export async function syncChanges(db: Database, userId: number, cursor: string | null): Promise<SyncDelta> {
  return db.transaction(
    async (tx) => {
      const [snapshot] = await rowsOf<{ now: string; usable: boolean }>(
        tx,
        cursor === null
          ? sql`select pg_current_snapshot()::text as now, false as usable`
          : sql`select pg_current_snapshot()::text as now,
              pg_snapshot_xmax(${cursor}::pg_snapshot) <= pg_snapshot_xmax(pg_current_snapshot()) as usable`,
      );
      const { now, usable } = snapshot as { now: string; usable: boolean };
      // A cursor from another database (restored, replaced) would hide rows: answer everything.
      const since = cursor !== null && usable ? cursor : null;
      const entities: SyncEntityChanges[] = [];
      for (const spec of SYNC_ENTITIES) {
        const changed =
          since === null ? await everyRow(tx, spec, userId) : await changedRows(tx, spec, userId, since);
        const changedSet = new Set(changed);
        const deleted =
          since === null
            ? []
            : (await deletedRows(tx, spec, userId, since)).filter((id) => !changedSet.has(id));
        if (changed.length > 0 || deleted.length > 0)
          entities.push({ entity: spec.entity, changed, deleted });
      }
      return { cursor: now, full: since === null, entities };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
