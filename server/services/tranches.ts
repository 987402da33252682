import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { checkMrn } from '../../src/domain/backoffice-stock';
import { formatCaseNumbers, parseCaseNumbers } from '../../src/domain/backoffice-tranches';
import { validateAmount, validatePrice } from '../../src/domain/backoffice-validation';
import { stagesWhere } from '../../src/domain/invoice-stages';
import { sumAvailableCasesSql } from '../db/available-cases';
import type { Database, Transaction } from '../db/client';
import { depotPositions, invoicePositions, invoices, offers, partialOffers } from '../db/schema';
import { recordAudit } from './audit';
import { type MutationError, ok, refused, refusedAll } from './errors';
import { notifySoldOutReturn } from './push';

export interface TrancheInput {
  partialOfferId?: number | null;
  offerId?: number | null;
  offererId?: number | null;
  buyPriceBtl?: string | null;
  /** Cases still for sale. */
  amount?: string | number | null;
  totalQuantityAvailable?: string | number | null;
  quantityOnInvoice?: string | number | null;
  delete?: boolean | null;
  lxTrade?: string | null;
  proformaInvoiceNumberSourcing?: string | null;
  invoiceNumberSourcing?: string | null;
  mrn?: string | null;
  paid?: boolean | null;
  storageIds?: string | null;
  storageLocation?: string | null;
}

type PartialOfferRow = typeof partialOffers.$inferSelect;

export type TrancheResult =
  | { success: true; errors: []; partialOffer: PartialOfferRow | null }
  | { success: false; errors: MutationError[]; partialOffer: null };

export const trancheMessages = {
  notFound: 'Die Einkaufstranche wurde nicht gefunden.',
  offerNotFound: 'Das Angebot wurde nicht gefunden.',
  offerMissing: 'Bitte wählen Sie ein Angebot.',
  invoiced: 'Die Einkaufstranche ist bereits Rechnungen zugeordnet und kann nicht gelöscht werden.',
  linked: 'Die Einkaufstranche ist Depotpositionen zugeordnet und kann nicht gelöscht werden.',
  remainingAboveTotal: 'Die verfügbaren Kisten dürfen die Gesamtmenge nicht übersteigen.',
  reserved: (cases: number, invoiceNumbers: string[]) =>
    `Auf der Einkaufstranche sind ${cases} Kisten für noch nicht bezahlte Rechnungen reserviert (${invoiceNumbers.join(', ')}); sie kann erst nach deren Zahlung gelöscht werden.`,
  totalBelowReserved: (cases: number) =>
    `Auf der Einkaufstranche sind ${cases} Kisten für noch nicht bezahlte Rechnungen reserviert; die Gesamtmenge muss die verfügbaren und die reservierten Kisten umfassen.`,
};

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Validates the numbers of the full form with the back office's rules; returns field errors. */
export function validateTrancheInput(input: TrancheInput): MutationError[] {
  const checks: [string, string | null][] = [];
  if (input.buyPriceBtl !== undefined && input.buyPriceBtl !== null) {
    checks.push(['buyPriceBtl', validatePrice(input.buyPriceBtl)]);
  }
  for (const field of ['amount', 'totalQuantityAvailable', 'quantityOnInvoice'] as const) {
    const value = input[field];
    if (value !== undefined && value !== null) checks.push([field, validateAmount(value)]);
  }
  if (input.storageIds !== undefined && input.storageIds !== null) {
    checks.push(['storageIds', parseCaseNumbers(input.storageIds).error]);
  }
  if (input.mrn !== undefined && input.mrn !== null) checks.push(['mrn', checkMrn(input.mrn).error]);
  return checks.flatMap(([field, message]) => (message ? [{ message, code: 'INVALID', field }] : []));
}

/** Stages whose invoices hold cases reserved on tranches ("check done") that are not yet paid. */
const unpaidReservingStages = stagesWhere('reserving');

/**
 * The cases of a tranche reserved by the availability check for invoices not yet paid, and
 * those invoices' numbers. Payment turns them into depot positions of this tranche.
 */
async function unpaidReservations(
  tx: Transaction,
  partialOfferId: number,
): Promise<{ cases: number; invoiceNumbers: string[] }> {
  const rows = await tx
    .select({
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      reserved: invoicePositions.reservedTranches,
    })
    .from(invoicePositions)
    .innerJoin(invoices, eq(invoices.id, invoicePositions.invoiceId))
    .where(
      and(
        inArray(invoices.stage, [...unpaidReservingStages]),
        sql`${invoicePositions.reservedTranches} @> ${JSON.stringify([{ partialOfferId }])}::jsonb`,
      ),
    );
  let cases = 0;
  const invoiceNumbers = new Set<string>();
  for (const row of rows) {
    for (const part of row.reserved ?? []) {
      if (part.partialOfferId !== partialOfferId) continue;
      cases += part.cases;
      invoiceNumbers.add(row.invoiceNumber ?? `#${row.invoiceId}`);
    }
  }
  return { cases, invoiceNumbers: [...invoiceNumbers].sort() };
}

/**
 * Whether a client can buy the vintage: some offer of it is neither archived nor on request and
 * has cases for sale. The "wieder verfügbar" notification is sent when this turns true.
 */
export async function vintageOnSale(tx: Transaction, vintageId: number): Promise<boolean> {
  const [row] = await tx
    .select({ cases: sumAvailableCasesSql })
    .from(partialOffers)
    .innerJoin(offers, eq(offers.id, partialOffers.offerId))
    .where(and(eq(offers.vintageId, vintageId), eq(offers.archived, false), eq(offers.onRequest, false)));
  return Number(row?.cases ?? 0) > 0;
}

/** Case numbers as stored: whitespace stripped, "a, ..., b" expanded, "1001, 1002"; empty → null. */
const storedCaseNumbers = (input: string) => {
  const { caseNumbers } = parseCaseNumbers(input);
  return caseNumbers.length > 0 ? formatCaseNumbers(caseNumbers) : null;
};

/**
 * Creates, updates or deletes a purchase tranche (staff), keeps the offer's total quantity in
 * step, writes the audit log, and — when the change makes a sold-out wine available again —
 * tells everybody who asked to be informed, in the same transaction.
 */
export async function saveTranche(
  db: Database,
  actorId: number,
  input: TrancheInput,
): Promise<TrancheResult> {
  const invalid = validateTrancheInput(input);
  if (invalid.length > 0) return refusedAll(invalid, { partialOffer: null });
  return db.transaction((tx) => saveTrancheInTransaction(tx, actorId, input));
}

/** Why a tranche may not be deleted (invoiced, linked to depot positions, reserved), or null. */
async function deletionRefusal(tx: Transaction, existing: PartialOfferRow): Promise<TrancheResult | null> {
  if (existing.quantityOnInvoice > 0)
    return refused('INVOICED', trancheMessages.invoiced, null, { partialOffer: null });
  const [linked] = await tx
    .select({ positions: count() })
    .from(depotPositions)
    .where(eq(depotPositions.partialOfferId, existing.id));
  if ((linked?.positions ?? 0) > 0)
    return refused('LINKED', trancheMessages.linked, null, { partialOffer: null });
  const reserved = await unpaidReservations(tx, existing.id);
  if (reserved.cases > 0) {
    return refused('RESERVED', trancheMessages.reserved(reserved.cases, reserved.invoiceNumbers), null, {
      partialOffer: null,
    });
  }
  return null;
}

/** The columns the input sets; a field left out keeps its value. */
function trancheValues(input: TrancheInput) {
  return {
    ...(input.offererId !== undefined ? { offererId: input.offererId } : {}),
    ...(input.buyPriceBtl ? { buyPriceBtl: input.buyPriceBtl.trim() } : {}),
    ...(input.amount !== undefined && input.amount !== null
      ? { quantityAvailable: Number(input.amount) }
      : {}),
    ...(input.totalQuantityAvailable !== undefined && input.totalQuantityAvailable !== null
      ? { totalQuantityAvailable: Number(input.totalQuantityAvailable) }
      : {}),
    ...(input.quantityOnInvoice !== undefined && input.quantityOnInvoice !== null
      ? { quantityOnInvoice: Number(input.quantityOnInvoice) }
      : {}),
    ...(input.lxTrade !== undefined ? { livexTrade: text(input.lxTrade) } : {}),
    ...(input.proformaInvoiceNumberSourcing !== undefined
      ? { proformaInvoiceNumberSourcing: text(input.proformaInvoiceNumberSourcing) }
      : {}),
    ...(input.invoiceNumberSourcing !== undefined
      ? { invoiceNumberSourcing: text(input.invoiceNumberSourcing) }
      : {}),
    ...(input.mrn !== undefined ? { mrn: input.mrn === null ? null : checkMrn(input.mrn).value } : {}),
    ...(input.paid !== undefined && input.paid !== null ? { paid: input.paid } : {}),
    ...(input.storageIds !== undefined
      ? { storageIds: input.storageIds === null ? null : storedCaseNumbers(input.storageIds) }
      : {}),
    ...(input.storageLocation !== undefined ? { storageLocation: text(input.storageLocation) } : {}),
  };
}

/** Saves the values over the existing tranche or as a new one of the offer, unless a rule refuses them. */
async function writeTranche(
  tx: Transaction,
  existing: PartialOfferRow | undefined,
  offerId: number,
  values: ReturnType<typeof trancheValues>,
): Promise<TrancheResult | { row: PartialOfferRow | undefined }> {
  const remaining = values.quantityAvailable ?? existing?.quantityAvailable ?? 0;
  const total = values.totalQuantityAvailable ?? existing?.totalQuantityAvailable ?? remaining;
  if (remaining > total)
    return refused('INVALID', trancheMessages.remainingAboveTotal, 'amount', { partialOffer: null });
  const quantitiesChange =
    existing && (values.quantityAvailable !== undefined || values.totalQuantityAvailable !== undefined);
  if (quantitiesChange) {
    const reserved = await unpaidReservations(tx, existing.id);
    if (reserved.cases > 0 && remaining + reserved.cases > total) {
      return refused(
        'RESERVED',
        trancheMessages.totalBelowReserved(reserved.cases),
        'totalQuantityAvailable',
        { partialOffer: null },
      );
    }
  }
  if (existing) {
    const [row] = await tx
      .update(partialOffers)
      .set(values)
      .where(eq(partialOffers.id, existing.id))
      .returning();
    return { row };
  }
  if (!values.buyPriceBtl)
    return refused('INVALID', validatePrice('') ?? trancheMessages.offerMissing, 'buyPriceBtl', {
      partialOffer: null,
    });
  const [row] = await tx
    .insert(partialOffers)
    .values({ ...values, offerId, buyPriceBtl: values.buyPriceBtl, totalQuantityAvailable: total })
    .returning();
  return { row };
}

/**
 * The work of `saveTranche` inside the caller's transaction, for operations that change a tranche
 * together with other records. The input must have passed `validateTrancheInput`; a refusal
 * happens before anything is written. A caller that changes the offer as well and informs the
 * waiting clients itself passes `notify: false`.
 */
export async function saveTrancheInTransaction(
  tx: Transaction,
  actorId: number,
  input: TrancheInput,
  { notify = true }: { notify?: boolean } = {},
): Promise<TrancheResult> {
  const existing = input.partialOfferId
    ? (
        await tx.select().from(partialOffers).where(eq(partialOffers.id, input.partialOfferId)).for('update')
      )[0]
    : undefined;
  if (input.partialOfferId && !existing)
    return refused('NOT_FOUND', trancheMessages.notFound, 'partialOfferId', { partialOffer: null });
  const offerId = existing?.offerId ?? input.offerId;
  if (!offerId) return refused('INVALID', trancheMessages.offerMissing, 'offerId', { partialOffer: null });
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
  if (!offer) return refused('NOT_FOUND', trancheMessages.offerNotFound, 'offerId', { partialOffer: null });

  const onSaleBefore = notify && (await vintageOnSale(tx, offer.vintageId));
  let saved: PartialOfferRow | undefined;

  if (input.delete) {
    if (!existing)
      return refused('NOT_FOUND', trancheMessages.notFound, 'partialOfferId', { partialOffer: null });
    const refusal = await deletionRefusal(tx, existing);
    if (refusal) return refusal;
    await tx.delete(partialOffers).where(eq(partialOffers.id, existing.id));
  } else {
    const written = await writeTranche(tx, existing, offerId, trancheValues(input));
    if (!('row' in written)) return written;
    saved = written.row;
  }

  const tranches = await tx.select().from(partialOffers).where(eq(partialOffers.offerId, offerId));
  await tx
    .update(offers)
    .set({
      totalQuantityAvailable: tranches.reduce((sum, tranche) => sum + tranche.totalQuantityAvailable, 0),
    })
    .where(eq(offers.id, offerId));
  await recordAudit(tx, {
    actorId,
    entity: 'partial_offer',
    entityId: existing?.id ?? saved?.id ?? 0,
    action: input.delete ? 'delete' : existing ? 'update' : 'create',
    before: existing ? { ...existing } : null,
    after: saved ? { ...saved } : null,
  });
  if (notify && !onSaleBefore && (await vintageOnSale(tx, offer.vintageId))) {
    await notifySoldOutReturn(tx, offer.vintageId);
  }
  return ok({ partialOffer: saved ?? null });
}

/** The cases of one offer currently for sale (used by tests and the back office). */
export async function offerAvailability(db: Database, offerId: number): Promise<number> {
  const [row] = await db
    .select({ cases: sumAvailableCasesSql })
    .from(partialOffers)
    .where(eq(partialOffers.offerId, offerId));
  return row?.cases ?? 0;
}
