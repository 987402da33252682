import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { validateAmount, validatePrice } from '../../src/domain/backoffice-validation';
import type { Database, Transaction } from '../db/client';
import { bottleSizes, depotPositions, offerers, offers, partialOffers, users, vintages } from '../db/schema';
import { recordAudit } from './audit';
import { clientError, type MutationError, ok, refused, refusedAll } from './errors';
import { notifySoldOutReturn } from './push';
import {
  containing,
  type PageQuery,
  pageOrder,
  pageWindow,
  pageWithTotal,
  STAFF_PAGE_SIZE,
  searchWords,
} from './search-terms';
import { saveTrancheInTransaction, type TrancheInput, vintageOnSale } from './tranches';

type OfferRow = typeof offers.$inferSelect;
type PartialOfferRow = typeof partialOffers.$inferSelect;

export type BackofficeOfferVariant = 'ALL' | 'ACTIVE' | 'ARCHIVED' | 'PROMOTED';

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

/** Offers of the back office, newest first. */
export function listBackofficeOffers(db: Database, variant: BackofficeOfferVariant) {
  const filter: Record<BackofficeOfferVariant, SQL | undefined> = {
    ALL: undefined,
    ACTIVE: eq(offers.archived, false),
    ARCHIVED: eq(offers.archived, true),
    PROMOTED: eq(offers.promoteOffer, true),
  };
  return db
    .select()
    .from(offers)
    .where(filter[variant])
    .orderBy(desc(offers.datetimeCreated), desc(offers.id));
}

export const PARTIAL_OFFER_SORT_KEYS = [
  'id',
  'created',
  'wine',
  'offerer',
  'buyPrice',
  'available',
  'total',
  'onInvoice',
  'proforma',
  'invoice',
  'paid',
  'mrn',
] as const;
export type PartialOfferSortKey = (typeof PARTIAL_OFFER_SORT_KEYS)[number];

export interface PartialOffersQuery extends PageQuery<PartialOfferSortKey> {
  offerId?: number | null;
}

const partialOfferSortColumns: Record<PartialOfferSortKey, SQL[]> = {
  id: [sql`${partialOffers.id}`],
  created: [sql`${partialOffers.datetimeCreated}`],
  wine: [sql`${vintages.title}`, sql`${vintages.year}`],
  offerer: [sql`${offerers.company}`],
  buyPrice: [sql`${partialOffers.buyPriceBtl}`],
  available: [sql`${partialOffers.quantityAvailable}`],
  total: [sql`${partialOffers.totalQuantityAvailable}`],
  onInvoice: [sql`${partialOffers.quantityOnInvoice}`],
  proforma: [sql`nullif(trim(${partialOffers.proformaInvoiceNumberSourcing}), '')`],
  invoice: [sql`nullif(trim(${partialOffers.invoiceNumberSourcing}), '')`],
  paid: [sql`${partialOffers.paid}`],
  mrn: [sql`nullif(trim(${partialOffers.mrn}), '')`],
};

/**
 * Every word must occur in the tranche's wine (with or without accents), year, supplier, proforma
 * or invoice number, customs reference, Livex trade or case numbers, or be the tranche's or offer's id.
 */
function partialOfferSearch(search: string | null | undefined): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = containing(word);
      return sql`(${vintages.titleUnidecoded} ilike ${pattern} or ${vintages.title} ilike ${pattern}
        or ${vintages.year}::text = ${word} or ${offerers.company} ilike ${pattern}
        or ${partialOffers.proformaInvoiceNumberSourcing} ilike ${pattern}
        or ${partialOffers.invoiceNumberSourcing} ilike ${pattern} or ${partialOffers.mrn} ilike ${pattern}
        or ${partialOffers.livexTrade} ilike ${pattern} or ${partialOffers.storageIds} ilike ${pattern}
        or ${partialOffers.id}::text = ${word} or ${partialOffers.offerId}::text = ${word})`;
    }),
  );
}

/**
 * One page of the purchase tranches (newest first unless sorted otherwise), optionally of one
 * offer, and how many match the search: the older assortment view lists every tranche, which can
 * be thousands.
 */
export async function listPartialOffers(
  db: Database,
  query: PartialOffersQuery,
): Promise<{ totalCount: number; partialOffers: PartialOfferRow[] }> {
  const where = and(
    query.offerId == null ? undefined : eq(partialOffers.offerId, query.offerId),
    partialOfferSearch(query.search),
  );
  const { offset, limit } = pageWindow(query, STAFF_PAGE_SIZE);
  const order = pageOrder(
    partialOfferSortColumns[query.sortBy ?? 'created'],
    query.descending,
    partialOffers.id,
  );
  const matching = db
    .select({ tranche: partialOffers })
    .from(partialOffers)
    .innerJoin(offers, eq(offers.id, partialOffers.offerId))
    .innerJoin(vintages, eq(vintages.id, offers.vintageId))
    .leftJoin(offerers, eq(offerers.id, partialOffers.offererId))
    .where(where)
    .$dynamic();
  const { rows, totalCount } = await pageWithTotal(db, matching, order, { offset, limit });
  return { totalCount, partialOffers: rows.map((row) => row.tranche) };
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
