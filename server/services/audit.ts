import { and, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { auditLog, users } from '../db/schema';

/** What the back office changes; each staff change is stored under one of these. */
export const auditEntities = [
  'invoice',
  'invoice_position',
  'offer',
  'partial_offer',
  'depot_position',
  'manual_quote',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

type Snapshot = Record<string, unknown> | null;

/** Only the fields that differ between before and after (plus nothing when both are equal). */
function changedFields(before: Snapshot, after: Snapshot): { before: Snapshot; after: Snapshot } {
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
    actorId: number;
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

/** The change history of one record, newest first, with the acting staff member's e-mail. */
export function auditTrail(db: Database, entity: AuditEntity, entityId: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      at: auditLog.at,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(500);
}
