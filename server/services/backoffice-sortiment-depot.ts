/**
 * The depot positions that belong to an offer, and assigning one to a purchase tranche of the
 * same wine, which moves its cases on invoice between the tranches.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { depotPositions, offers, partialOffers, users } from '../db/schema';
import { recordAudit } from './audit';
import { sortimentMessages } from './backoffice-sortiment';
import { clientError, ok, refused } from './errors';

/** What the linking view shows of a depot position. */
const depotPositionColumns = {
  id: depotPositions.id,
  amount: depotPositions.amount,
  caskOf: depotPositions.caskOf,
  buyPriceBtl: depotPositions.buyPriceBtl,
  storageId: depotPositions.storageId,
  partialOfferId: depotPositions.partialOfferId,
  offerId: depotPositions.offerId,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerEmail: users.email,
  ownerIsStaff: sql<boolean>`(${users.isStaff} or ${users.isSuperuser})`,
};

/**
 * Depot positions that belong to an offer: those bought from it, those assigned to one of its
 * tranches, and those of its vintage and bottle size without an offer; with their owner.
 */
export async function depotPositionsForOffer(db: Database, offerId: number) {
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) throw clientError(sortimentMessages.offerNotFound, 'NOT_FOUND');
  const trancheIds = db
    .select({ id: partialOffers.id })
    .from(partialOffers)
    .where(eq(partialOffers.offerId, offerId));
  return db
    .select(depotPositionColumns)
    .from(depotPositions)
    .innerJoin(users, eq(users.id, depotPositions.ownerId))
    .where(
      or(
        eq(depotPositions.offerId, offerId),
        inArray(depotPositions.partialOfferId, trancheIds),
        and(
          isNull(depotPositions.offerId),
          eq(depotPositions.vintageId, offer.vintageId),
          eq(depotPositions.bottleSizeId, offer.bottleSizeId),
        ),
      ),
    )
    .orderBy(asc(depotPositions.id));
}

/**
 * A depot position is a paid purchase: its cases count in `quantityOnInvoice` of the tranche it is
 * assigned to (as the payment counts them when it creates the position). Moving the position
 * moves its cases from the old tranche to the new one, each change with an audit row of the
 * tranche; the count never drops below zero (positions assigned before this rule was kept).
 */
async function moveInvoicedCases(tx: Transaction, actorId: number, trancheId: number | null, cases: number) {
  if (trancheId === null || cases === 0) return;
  const [tranche] = await tx
    .select({ id: partialOffers.id, quantityOnInvoice: partialOffers.quantityOnInvoice })
    .from(partialOffers)
    .where(eq(partialOffers.id, trancheId))
    .for('update');
  if (!tranche) return;
  const quantityOnInvoice = Math.max(0, tranche.quantityOnInvoice + cases);
  if (quantityOnInvoice === tranche.quantityOnInvoice) return;
  await tx.update(partialOffers).set({ quantityOnInvoice }).where(eq(partialOffers.id, tranche.id));
  await recordAudit(tx, {
    actorId,
    entity: 'partial_offer',
    entityId: tranche.id,
    action: 'update',
    before: { quantityOnInvoice: tranche.quantityOnInvoice },
    after: { quantityOnInvoice },
  });
}

/**
 * Assigns a depot position to a purchase tranche of the same wine and bottle size (or removes the
 * assignment with a null tranche), moving its cases on invoice between the tranches, with audit rows.
 */
export async function linkDepotPositionToTranche(
  db: Database,
  actorId: number,
  depotPositionId: number,
  partialOfferId: number | null | undefined,
) {
  return db.transaction(async (tx) => {
    const [position] = await tx
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.id, depotPositionId))
      .for('update');
    if (!position)
      return refused('NOT_FOUND', sortimentMessages.depotPositionNotFound, 'depotPositionId', {
        depotPosition: null,
      });
    if (partialOfferId != null) {
      const [target] = await tx
        .select({ vintageId: offers.vintageId, bottleSizeId: offers.bottleSizeId })
        .from(partialOffers)
        .innerJoin(offers, eq(offers.id, partialOffers.offerId))
        .where(eq(partialOffers.id, partialOfferId));
      if (!target)
        return refused('NOT_FOUND', sortimentMessages.trancheNotFound, 'poId', { depotPosition: null });
      if (target.vintageId !== position.vintageId || target.bottleSizeId !== position.bottleSizeId) {
        return refused('INVALID', sortimentMessages.otherWine, 'poId', { depotPosition: null });
      }
    }
    const assigned = partialOfferId ?? null;
    if (assigned !== position.partialOfferId) {
      await tx
        .update(depotPositions)
        .set({ partialOfferId: assigned })
        .where(eq(depotPositions.id, position.id));
      await moveInvoicedCases(tx, actorId, position.partialOfferId, -position.amount);
      await moveInvoicedCases(tx, actorId, assigned, position.amount);
      await recordAudit(tx, {
        actorId,
        entity: 'depot_position',
        entityId: position.id,
        action: assigned === null ? 'unlink' : 'link',
        before: { partialOfferId: position.partialOfferId },
        after: { partialOfferId: assigned },
      });
    }
    const [depotPosition] = await tx
      .select(depotPositionColumns)
      .from(depotPositions)
      .innerJoin(users, eq(users.id, depotPositions.ownerId))
      .where(eq(depotPositions.id, position.id));
    return ok({ depotPosition: depotPosition ?? null });
  });
}
