import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bottleSizes, offerers, vintages } from '../db/schema';

/** Offerers (negociants) as the back office's label/value lookup list. */
export function listOfferers(db: Database): Promise<{ label: string; value: number }[]> {
  return db
    .select({ label: offerers.company, value: offerers.id })
    .from(offerers)
    .orderBy(asc(offerers.company));
}

export function listBottleSizes(db: Database) {
  return db.select().from(bottleSizes).orderBy(asc(bottleSizes.factorForLiterPrices));
}

export async function findVintage(db: Database, vintageId: number) {
  const [vintage] = await db.select().from(vintages).where(eq(vintages.id, vintageId));
  return vintage ?? null;
}
