import { and, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTION_PREFIX_LABELS,
  AUDIT_ENTITY_LABELS,
  auditKeysMatching,
} from '../../src/domain/audit-labels';
import type { Database, Transaction } from '../db/client';
import { auditLog, partialOffers, users } from '../db/schema';
import {
  containing,
  type PageQuery,
  pageOrder,
  pageWindow,
  pageWithTotal,
  STAFF_PAGE_SIZE,
  searchWords,
} from './search-terms';

/** What the back office changes; each staff change is stored under one of these. */
export const auditEntities = [
  'invoice',
  'invoice_position',
  'offer',
  'partial_offer',
  'depot_position',
  'manual_quote',
  'sell_order',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

type Snapshot = Record<string, unknown> | null;

/** The database's own bookkeeping of the delta sync (set by a trigger), not a change staff made. */
const SYNC_STAMP_FIELDS = new Set(['updatedAt', 'updatedXid']);

function withoutSyncStamp(snapshot: Snapshot): Snapshot {
  if (!snapshot) return snapshot;
  return Object.fromEntries(Object.entries(snapshot).filter(([key]) => !SYNC_STAMP_FIELDS.has(key)));
}

/** Only the fields that differ between before and after (plus nothing when both are equal). */
function changedFields(fullBefore: Snapshot, fullAfter: Snapshot): { before: Snapshot; after: Snapshot } {
  const before = withoutSyncStamp(fullBefore);
  const after = withoutSyncStamp(fullAfter);
  if (!before || !after) return { before, after };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      from[key] = before[key] ?? null;
      to[key] = after[key] ?? null;
    }
  }
  return { before: from, after: to };
}

/**
 * Records one staff change (who, what, before and after) in the same transaction as the change.
 * For updates only the changed fields are kept, so the log reads as a diff.
 */
export async function recordAudit(
  tx: Transaction | Database,
  entry: {
    /** Null: the system (e.g. a payment provider's webhook). */
    actorId: number | null;
    entity: AuditEntity;
    entityId: number;
    action: string;
    before?: Snapshot;
    after?: Snapshot;
  },
): Promise<void> {
  const diff = changedFields(entry.before ?? null, entry.after ?? null);
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: diff.before,
    after: diff.after,
  });
}

export const AUDIT_SORT_KEYS = ['at', 'actor', 'action', 'entity'] as const;
export type AuditSortKey = (typeof AUDIT_SORT_KEYS)[number];

export interface AuditQuery extends PageQuery<AuditSortKey> {
  entity?: AuditEntity | null;
  entityId?: number | null;
}

export interface AuditRow {
  id: number;
  entity: string;
  entityId: number;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date;
  actorEmail: string | null;
}

/**
 * Which entries: every one; every one of an entity (e.g. deleted quotes); one record's. An offer's
 * history also holds the entries of its tranches (their buy prices and quantities are edited in
 * the offer table), including tranches deleted since: those are found by the offer id in the
 * snapshot their creation or deletion stored.
 */
function scopeCondition(entity: AuditEntity | null | undefined, entityId: number | null | undefined) {
  if (entity == null) return undefined;
  if (entityId == null) return eq(auditLog.entity, entity);
  const own = and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId));
  if (entity !== 'offer') return own;
  const offerKey = String(entityId);
  return or(
    own,
    and(
      eq(auditLog.entity, 'partial_offer'),
      sql`${auditLog.entityId} in (
        select ${partialOffers.id} from ${partialOffers} where ${partialOffers.offerId} = ${entityId}
        union
        select tranche_log.entity_id from audit_log tranche_log
        where tranche_log.entity = 'partial_offer'
          and (tranche_log.before->>'offerId' = ${offerKey} or tranche_log.after->>'offerId' = ${offerKey}))`,
    ),
  );
}

/**
 * Every word must occur in the actor's e-mail, the action, a changed value (before or after), be
 * the record's id, or occur in the German label of the action or record kind ("gelöscht", "Tranche").
 */
function searchCondition(search: string | null | undefined): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = containing(word);
      const labelled = auditKeysMatching(word);
      return or(
        sql`${users.email} ilike ${pattern}`,
        sql`${auditLog.action} ilike ${pattern}`,
        sql`${auditLog.entityId}::text = ${word}`,
        sql`${auditLog.before}::text ilike ${pattern}`,
        sql`${auditLog.after}::text ilike ${pattern}`,
        ...(labelled.entities.length > 0 ? [inArray(auditLog.entity, labelled.entities)] : []),
        ...(labelled.actions.length > 0 ? [inArray(auditLog.action, labelled.actions)] : []),
        ...labelled.actionPrefixes.map((prefix) => like(auditLog.action, `${prefix}%`)),
      );
    }),
  );
}

/** The German label of the stored key, in SQL, so the table sorts by what it shows. */
function labelSql(
  column: SQL,
  labels: Record<string, string>,
  prefixes: readonly { prefix: string; label: string }[],
) {
  const cases = [
    ...Object.entries(labels).map(([key, label]) => sql`when ${column} = ${key} then ${label}::text`),
    ...prefixes.map(({ prefix, label }) => sql`when ${column} like ${`${prefix}%`} then ${label}::text`),
  ];
  return sql`(case ${sql.join(cases, sql` `)} else ${column} end)`;
}

const sortColumns: Record<AuditSortKey, SQL[]> = {
  at: [sql`${auditLog.at}`],
  actor: [sql`${users.email}`],
  action: [labelSql(sql`${auditLog.action}`, AUDIT_ACTION_LABELS, AUDIT_ACTION_PREFIX_LABELS)],
  entity: [labelSql(sql`${auditLog.entity}`, AUDIT_ENTITY_LABELS, []), sql`${auditLog.entityId}`],
};

/**
 * One page of the change history (newest first unless sorted otherwise) with the acting staff
 * member's e-mail, and how many entries match.
 */
export async function auditTrail(
  db: Database,
  query: AuditQuery,
): Promise<{ totalCount: number; entries: AuditRow[] }> {
  const where = and(scopeCondition(query.entity, query.entityId), searchCondition(query.search));
  const { offset, limit } = pageWindow(query, STAFF_PAGE_SIZE);
  const order = pageOrder(sortColumns[query.sortBy ?? 'at'], query.descending, auditLog.id);
  const matching = db
    .select({
      id: auditLog.id,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      at: auditLog.at,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .$dynamic();
  const { rows: entries, totalCount } = await pageWithTotal(db, matching, order, { offset, limit });
  return { totalCount, entries };
}
