/**
 * A depot of `positionCount` positions for the demo client (`bench/depot.ts`, `bench/sync.ts`): the
 * demo's positions plus generated ones over all vintages and bottle sizes, with status histories.
 */
import { count, eq } from 'drizzle-orm';
import type { openDatabase } from '../server/db/client';
import { bottleSizes, depotPositionStatuses, depotPositions, users, vintages } from '../server/db/schema';

const DAY = 24 * 60 * 60 * 1000;
const statusesAfterPurchase = ['SHIPPING', 'IN_BOND', 'FOR_SALE', 'SOLD'] as const;

/**
 * The `index`-th generated position of a bench depot: vintages and bottle sizes taken in turn,
 * 1 to 3 cases of 6, 3 or 12 bottles, a purchase price between 80 and 979 €.
 */
export function generatedDepotPosition(
  ownerId: number,
  index: number,
  allVintages: readonly { id: number }[],
  sizes: readonly { id: number }[],
) {
  return {
    ownerId,
    vintageId: allVintages[index % allVintages.length]?.id as number,
    bottleSizeId: sizes[index % sizes.length]?.id as number,
    amount: 1 + (index % 3),
    caskOf: [6, 3, 12][index % 3] as number,
    buyPriceBtl: (80 + ((index * 37) % 900)).toFixed(2),
  };
}

/** Fills the depot of `benchEmail` up to `positionCount` positions. */
export async function seedLargeDepot(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  benchEmail: string,
  positionCount: number,
): Promise<void> {
  // The demo client (complete account, profile and invoices, so no first-visit dialog opens)
  // gets as many positions as needed for a depot of `positionCount`.
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, benchEmail));
  if (!owner) throw new Error(`Demokundin ${benchEmail} fehlt`);
  const [existing] = await db
    .select({ count: count() })
    .from(depotPositions)
    .where(eq(depotPositions.ownerId, owner.id));
  const missing = positionCount - (existing?.count ?? 0);
  const allVintages = await db.select({ id: vintages.id }).from(vintages);
  const sizes = await db.select({ id: bottleSizes.id }).from(bottleSizes);
  const now = Date.now();
  for (let start = 0; start < missing; start += 500) {
    const batch = Array.from({ length: Math.min(500, missing - start) }, (_, offset) => start + offset);
    const rows = await db
      .insert(depotPositions)
      .values(
        batch.map((index) => ({
          ...generatedDepotPosition(owner.id, index, allVintages, sizes),
          storageId: String(30000 + index),
        })),
      )
      .returning({ id: depotPositions.id });
    await db.insert(depotPositionStatuses).values(
      rows.flatMap((row, offset) => {
        const index = start + offset;
        const purchased = new Date(now - (10 + ((index * 13) % 1500)) * DAY);
        const later = statusesAfterPurchase.slice(0, index % 5);
        return [
          { depotPositionId: row.id, status: 'PURCHASED' as const, datetimeStatusUpdate: purchased },
          ...later.map((status, step) => ({
            depotPositionId: row.id,
            status,
            datetimeStatusUpdate: new Date(purchased.getTime() + (step + 1) * 5 * DAY),
          })),
        ];
      }),
    );
  }
}
