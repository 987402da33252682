/**
 * The back office's assortment edits: the inline changes of the offer table (tranche prices and
 * quantities, the offer's sell price and flags) and a new offer with its first tranche. The
 * listings are in `backoffice-sortiment-lists.ts`, the depot positions of an offer and their
 * tranche links in `backoffice-sortiment-depot.ts`.
 */
import { eq } from 'drizzle-orm';
import { validateAmount, validatePrice } from '../../src/domain/backoffice-validation';
import type { Database } from '../db/client';
import { bottleSizes, offerers, offers, partialOffers, vintages } from '../db/schema';
import { recordAudit } from './audit';
import { type MutationError, ok, refused, refusedAll } from './errors';
import { notifySoldOutReturn } from './push';
import { saveTrancheInTransaction, type TrancheInput, vintageOnSale } from './tranches';

type OfferRow = typeof offers.$inferSelect;
type PartialOfferRow = typeof partialOffers.$inferSelect;

export const sortimentMessages = {
  offerNotFound: 'Das Angebot wurde nicht gefunden.',
  trancheNotFound: 'Die Einkaufstranche wurde nicht gefunden.',
  depotPositionNotFound: 'Die Depotposition wurde nicht gefunden.',
  targetMissing: 'Bitte wählen Sie ein Angebot oder eine Einkaufstranche.',
  trancheMissing: 'Einkaufspreis und Mengen gehören zu einer Einkaufstranche: Bitte wählen Sie eine.',
  trancheOfOtherOffer: 'Die Einkaufstranche gehört nicht zu diesem Angebot.',
  nothingToChange: 'Es wurde keine Änderung angegeben.',
  vintageMissing: 'Bitte wählen Sie einen Jahrgang.',
  vintageNotFound: 'Der Jahrgang wurde nicht gefunden.',
  bottleSizeMissing: 'Bitte wählen Sie eine Flaschengröße.',
  bottleSizeNotFound: 'Die Flaschengröße wurde nicht gefunden.',
  offererMissing: 'Bitte wählen Sie einen Lieferanten.',
  offererNotFound: 'Der Lieferant wurde nicht gefunden.',
  caskOfAtLeastOne: 'Eine Kiste muss mindestens eine Flasche enthalten.',
  otherWine: 'Die Einkaufstranche gehört zu einem anderen Wein oder einer anderen Flaschengröße.',
} as const;

export interface OfferAndPartialOfferResult {
  success: boolean;
  errors: MutationError[];
  offer: OfferRow | null;
  partialOffer: PartialOfferRow | null;
}

/** Field errors of the spec's price and amount validators for the given (non-null) values. */
function fieldErrors(
  prices: Record<string, string | null | undefined>,
  amounts: Record<string, string | null | undefined>,
): MutationError[] {
  const checks = [
    ...Object.entries(prices).map(
      ([field, value]) => [field, value == null ? null : validatePrice(value)] as const,
    ),
    ...Object.entries(amounts).map(
      ([field, value]) => [field, value == null ? null : validateAmount(value)] as const,
    ),
  ];
  return checks.flatMap(([field, message]) => (message ? [{ message, code: 'INVALID', field }] : []));
}

/** An offer is visible to clients with stock when it is active and has cases for sale. */
export interface OfferAndPartialOfferChange {
  partialOfferId?: number | null;
  offerId?: number | null;
  buyPriceBtl?: string | null;
  sellPriceBtl?: string | null;
  quantityAvailable?: string | null;
  totalQuantityAvailable?: string | null;
  promoteOffer?: boolean | null;
  archived?: boolean | null;
}

/**
 * The inline edits of the offer table: the tranche's buy price and quantities (through the tranche
 * rules, which keep the offer's total in step) and the offer's sell price, hot-deal and archive
 * flags, in one transaction with an audit row per changed record. When the change brings a sold-out
 * (or archived) wine back on sale, the clients who asked are informed.
 */
export async function changeOfferAndPartialOffer(
  db: Database,
  actorId: number,
  change: OfferAndPartialOfferChange,
): Promise<OfferAndPartialOfferResult> {
  const invalid = fieldErrors(
    { buyPriceBtl: change.buyPriceBtl, sellPriceBtl: change.sellPriceBtl },
    { quantityAvailable: change.quantityAvailable, totalQuantityAvailable: change.totalQuantityAvailable },
  );
  if (invalid.length > 0) return refusedAll(invalid, { offer: null, partialOffer: null });
  const trancheChanges = [change.buyPriceBtl, change.quantityAvailable, change.totalQuantityAvailable].some(
    (value) => value != null,
  );
  const offerValues = {
    ...(change.sellPriceBtl != null ? { sellPriceBtl: change.sellPriceBtl.trim() } : {}),
    ...(change.promoteOffer != null ? { promoteOffer: change.promoteOffer } : {}),
    ...(change.archived != null ? { archived: change.archived } : {}),
  };
  if (change.partialOfferId == null && change.offerId == null) {
    return refused('INVALID', sortimentMessages.targetMissing, 'partialOfferId', {
      offer: null,
      partialOffer: null,
    });
  }
  if (trancheChanges && change.partialOfferId == null) {
    return refused('INVALID', sortimentMessages.trancheMissing, 'partialOfferId', {
      offer: null,
      partialOffer: null,
    });
  }
  if (!trancheChanges && Object.keys(offerValues).length === 0) {
    return refused('NOTHING_TO_CHANGE', sortimentMessages.nothingToChange, null, {
      offer: null,
      partialOffer: null,
    });
  }

  return db.transaction(async (tx) => {
    let tranche: PartialOfferRow | undefined;
    if (change.partialOfferId != null) {
      [tranche] = await tx.select().from(partialOffers).where(eq(partialOffers.id, change.partialOfferId));
      if (!tranche)
        return refused('NOT_FOUND', sortimentMessages.trancheNotFound, 'partialOfferId', {
          offer: null,
          partialOffer: null,
        });
      if (change.offerId != null && change.offerId !== tranche.offerId) {
        return refused('INVALID', sortimentMessages.trancheOfOtherOffer, 'offerId', {
          offer: null,
          partialOffer: null,
        });
      }
    }
    const offerId = tranche?.offerId ?? (change.offerId as number);
    const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
    if (!offer)
      return refused('NOT_FOUND', sortimentMessages.offerNotFound, 'offerId', {
        offer: null,
        partialOffer: null,
      });
    const onSaleBefore = await vintageOnSale(tx, offer.vintageId);

    if (trancheChanges && tranche) {
      const saved = await saveTrancheInTransaction(
        tx,
        actorId,
        {
          partialOfferId: tranche.id,
          buyPriceBtl: change.buyPriceBtl,
          amount: change.quantityAvailable,
          totalQuantityAvailable: change.totalQuantityAvailable,
        },
        // Informed below, once the offer's own flags have changed as well.
        { notify: false },
      );
      if (!saved.success) {
        // The tranche form calls the cases for sale "amount"; this operation "quantityAvailable".
        const errors = saved.errors.map((error) =>
          error.field === 'amount' ? { ...error, field: 'quantityAvailable' } : error,
        );
        return refusedAll(errors, { offer: null, partialOffer: null });
      }
    }
    let updated = offer;
    if (Object.keys(offerValues).length > 0) {
      const [row] = await tx.update(offers).set(offerValues).where(eq(offers.id, offer.id)).returning();
      if (row) updated = row;
      await recordAudit(tx, {
        actorId,
        entity: 'offer',
        entityId: offer.id,
        action: 'update',
        before: { ...offer },
        after: { ...updated },
      });
    }
    const [current] = await tx.select().from(offers).where(eq(offers.id, offer.id));
    if (current && !onSaleBefore && (await vintageOnSale(tx, current.vintageId))) {
      await notifySoldOutReturn(tx, current.vintageId);
    }
    const [currentTranche] = tranche
      ? await tx.select().from(partialOffers).where(eq(partialOffers.id, tranche.id))
      : [];
    return ok({ offer: current ?? updated, partialOffer: currentTranche ?? null });
  });
}

export interface NewOfferInput {
  bottleSizeId?: number | null;
  buyPriceBtl?: string | null;
  sellPriceBtl?: string | null;
  caskOf?: string | null;
  offererId?: number | null;
  quantityAvailable?: string | null;
  vintageId?: number | null;
}

function validateNewOffer(input: NewOfferInput): MutationError[] {
  const missing = (
    [
      ['vintageId', input.vintageId, sortimentMessages.vintageMissing],
      ['bottleSizeId', input.bottleSizeId, sortimentMessages.bottleSizeMissing],
      ['offererId', input.offererId, sortimentMessages.offererMissing],
    ] as const
  ).flatMap(([field, value, message]) => (value == null ? [{ message, code: 'INVALID', field }] : []));
  const numbers = fieldErrors(
    { buyPriceBtl: input.buyPriceBtl ?? '', sellPriceBtl: input.sellPriceBtl ?? '' },
    { caskOf: input.caskOf ?? '', quantityAvailable: input.quantityAvailable ?? '' },
  );
  if (!numbers.some((error) => error.field === 'caskOf') && Number(input.caskOf) < 1) {
    numbers.push({ message: sortimentMessages.caskOfAtLeastOne, code: 'INVALID', field: 'caskOf' });
  }
  return [...missing, ...numbers];
}

/**
 * "Neues Angebot": an offer of a vintage in a bottle size with its first purchase tranche, whose
 * cases are all for sale. Audit rows for the offer and the tranche; clients waiting for the wine
 * are informed when it comes on sale.
 */
export async function createOfferAndPartialOffer(
  db: Database,
  actorId: number,
  input: NewOfferInput,
): Promise<OfferAndPartialOfferResult> {
  const invalid = validateNewOffer(input);
  if (invalid.length > 0) return refusedAll(invalid, { offer: null, partialOffer: null });
  const vintageId = input.vintageId as number;
  const bottleSizeId = input.bottleSizeId as number;
  const offererId = input.offererId as number;

  return db.transaction(async (tx) => {
    const [vintage] = await tx.select({ id: vintages.id }).from(vintages).where(eq(vintages.id, vintageId));
    if (!vintage)
      return refused('NOT_FOUND', sortimentMessages.vintageNotFound, 'vintageId', {
        offer: null,
        partialOffer: null,
      });
    const [size] = await tx
      .select({ id: bottleSizes.id })
      .from(bottleSizes)
      .where(eq(bottleSizes.id, bottleSizeId));
    if (!size)
      return refused('NOT_FOUND', sortimentMessages.bottleSizeNotFound, 'bottleSizeId', {
        offer: null,
        partialOffer: null,
      });
    const [offerer] = await tx.select({ id: offerers.id }).from(offerers).where(eq(offerers.id, offererId));
    if (!offerer)
      return refused('NOT_FOUND', sortimentMessages.offererNotFound, 'offererId', {
        offer: null,
        partialOffer: null,
      });

    const [offer] = await tx
      .insert(offers)
      .values({
        vintageId,
        bottleSizeId,
        caskOf: Number(input.caskOf),
        sellPriceBtl: (input.sellPriceBtl as string).trim(),
      })
      .returning();
    if (!offer) throw new Error('Angebot wurde nicht angelegt.');
    await recordAudit(tx, {
      actorId,
      entity: 'offer',
      entityId: offer.id,
      action: 'create',
      after: { ...offer },
    });
    const tranche: TrancheInput = {
      offerId: offer.id,
      offererId,
      buyPriceBtl: input.buyPriceBtl,
      amount: input.quantityAvailable,
      totalQuantityAvailable: input.quantityAvailable,
    };
    const saved = await saveTrancheInTransaction(tx, actorId, tranche);
    if (!saved.success) throw new Error(saved.errors[0]?.message ?? 'Tranche wurde nicht angelegt.');
    const [current] = await tx.select().from(offers).where(eq(offers.id, offer.id));
    return ok({ offer: current ?? offer, partialOffer: saved.partialOffer });
  });
}
