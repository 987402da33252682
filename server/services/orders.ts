/**
 * The client's order list: add, change and remove positions, and the binding order that turns
 * the list into an invoice waiting for the availability check. Every write takes an optional
 * client mutation id; a repeated id answers the recorded result without a second effect (the
 * PWA's offline outbox replays with it).
 */

import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { availableCases } from '../../src/domain/offer-pricing';
import {
  costSummary,
  type FeeSchedule,
  invoiceSumColumns,
  orderAmountMessage,
  orderAmountProblem,
} from '../../src/domain/order-costs';
import type { Database } from '../db/client';
import {
  invoicePositions,
  invoices,
  offers,
  orderPositions,
  partialOffers,
  processedMutations,
  users,
} from '../db/schema';
import { type MutationError, type MutationResult, refused } from './errors';
import { enqueueMail } from './mail';
import { orderReceivedMail } from './order-mails';
import { orderTexts } from './order-texts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type OrderPositionRow = typeof orderPositions.$inferSelect;
type UserRow = typeof users.$inferSelect;

export interface RecordedResult {
  success: boolean;
  errors: MutationError[];
  /** Id of the order position or invoice the mutation produced, if any. */
  id?: number | null;
}

const MAX_CLIENT_MUTATION_ID_LENGTH = 100;
const invalidMutationIdMessage = 'Die Kennung der Änderung ist ungültig.';

/**
 * Runs `apply` once per (user, clientMutationId): the result is recorded in the same
 * transaction, a replay answers it again. Without an id the mutation simply runs.
 */
export async function once(
  db: Database,
  userId: number,
  operation: string,
  clientMutationId: string | null | undefined,
  apply: (tx: Transaction) => Promise<RecordedResult>,
): Promise<RecordedResult> {
  const mutationId = clientMutationId?.trim() || null;
  // The PWA sends UUIDs; anything longer is no client id (and would not fit the key's index).
  if (mutationId && mutationId.length > MAX_CLIENT_MUTATION_ID_LENGTH) {
    return {
      success: false,
      errors: [{ code: 'INVALID', message: invalidMutationIdMessage, field: 'clientMutationId' }],
    };
  }
  const replayed = async () => {
    if (!mutationId) return null;
    const [row] = await db
      .select()
      .from(processedMutations)
      .where(and(eq(processedMutations.userId, userId), eq(processedMutations.clientMutationId, mutationId)));
    return row ? (row.result as unknown as RecordedResult) : null;
  };
  const earlier = await replayed();
  if (earlier) return earlier;
  try {
    return await db.transaction(async (tx) => {
      // Serializes the order-list writes of one client (and so the replay check).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const result = await apply(tx);
      if (mutationId) {
        await tx
          .insert(processedMutations)
          .values({ userId, clientMutationId: mutationId, operation, result: { ...result } });
      }
      return result;
    });
  } catch (error) {
    // A concurrent replay of the same id won the race: answer what it recorded.
    const raced = await replayed();
    if (raced) return raced;
    throw error;
  }
}

const failure = (code: string, message: string, field: string | null = null): RecordedResult => {
  const result: MutationResult = refused(code, message, field);
  return { success: false, errors: result.errors };
};

async function offerWithStock(tx: Transaction, offerId: number) {
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) return null;
  const tranches = await tx
    .select({ quantityAvailable: partialOffers.quantityAvailable })
    .from(partialOffers)
    .where(eq(partialOffers.offerId, offerId));
  return { offer, available: availableCases(tranches) };
}

function amountRefusal(amount: number, available: number): RecordedResult | null {
  const problem = orderAmountProblem(amount, available);
  return problem ? failure('INVALID_AMOUNT', orderAmountMessage(problem, available), 'amount') : null;
}

async function isBlocked(tx: Transaction, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ blocked: users.blockedByOrderCheck })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.blocked);
}

export function listOrderPositions(db: Database, userId: number): Promise<OrderPositionRow[]> {
  return db
    .select()
    .from(orderPositions)
    .where(eq(orderPositions.userId, userId))
    .orderBy(asc(orderPositions.datetimeAdded), asc(orderPositions.id));
}

export async function findOwnOrderPosition(db: Database, userId: number, id: number | null | undefined) {
  if (!id) return null;
  const [row] = await db
    .select()
    .from(orderPositions)
    .where(and(eq(orderPositions.id, id), eq(orderPositions.userId, userId)));
  return row ?? null;
}

/** Adds cases of an offer; an offer already on the list gets the cases added to its position. */
export function createOrderPosition(
  db: Database,
  userId: number,
  input: { offerId: number; amount: number; clientMutationId?: string | null },
): Promise<RecordedResult> {
  return once(db, userId, 'createOrderPosition', input.clientMutationId, async (tx) => {
    if (await isBlocked(tx, userId)) return failure('ORDER_LIST_BLOCKED', orderTexts.blocked);
    const found = await offerWithStock(tx, input.offerId);
    if (!found || found.offer.archived) return failure('NOT_FOUND', orderTexts.offerUnknown, 'offerId');
    if (found.offer.onRequest) return failure('ON_REQUEST', orderTexts.offerOnRequest, 'offerId');
    const [existing] = await tx
      .select()
      .from(orderPositions)
      .where(and(eq(orderPositions.userId, userId), eq(orderPositions.offerId, input.offerId)));
    const simple = amountRefusal(input.amount, found.available);
    if (simple) return simple;
    if (existing) {
      const total = existing.amount + input.amount;
      const refusal = amountRefusal(total, found.available);
      if (refusal) return refusal;
      await tx.update(orderPositions).set({ amount: total }).where(eq(orderPositions.id, existing.id));
      return { success: true, errors: [], id: existing.id };
    }
    const [row] = await tx
      .insert(orderPositions)
      .values({ userId, offerId: input.offerId, amount: input.amount })
      .returning({ id: orderPositions.id });
    return { success: true, errors: [], id: row?.id ?? null };
  });
}

export function changeOrderPosition(
  db: Database,
  userId: number,
  input: {
    orderPositionId: number;
    amount?: number | null;
    conditionReport?: boolean | null;
    clientMutationId?: string | null;
  },
): Promise<RecordedResult> {
  return once(db, userId, 'changeOrderPosition', input.clientMutationId, async (tx) => {
    const [position] = await tx
      .select()
      .from(orderPositions)
      .where(and(eq(orderPositions.id, input.orderPositionId), eq(orderPositions.userId, userId)));
    if (!position) return failure('NOT_FOUND', orderTexts.positionUnknown, 'orderPositionId');
    const changes: Partial<OrderPositionRow> = {};
    if (input.amount !== undefined && input.amount !== null && input.amount !== position.amount) {
      const found = await offerWithStock(tx, position.offerId);
      const refusal = amountRefusal(input.amount, found?.available ?? 0);
      if (refusal) return refusal;
      changes.amount = input.amount;
    }
    if (input.conditionReport !== undefined && input.conditionReport !== null) {
      changes.conditionReport = input.conditionReport;
    }
    if (Object.keys(changes).length > 0) {
      await tx.update(orderPositions).set(changes).where(eq(orderPositions.id, position.id));
    }
    return { success: true, errors: [], id: position.id };
  });
}

export function deleteOrderPosition(
  db: Database,
  userId: number,
  input: { orderPositionId: number; clientMutationId?: string | null },
): Promise<RecordedResult> {
  return once(db, userId, 'deleteOrderPosition', input.clientMutationId, async (tx) => {
    const deleted = await tx
      .delete(orderPositions)
      .where(and(eq(orderPositions.id, input.orderPositionId), eq(orderPositions.userId, userId)))
      .returning({ id: orderPositions.id });
    if (deleted.length === 0) return failure('NOT_FOUND', orderTexts.positionUnknown, 'orderPositionId');
    return { success: true, errors: [], id: null };
  });
}

/** Sums of the client's order list at current offer prices. */
export async function orderListSums(db: Database, userId: number, fees: FeeSchedule) {
  const rows = await db
    .select({
      amount: orderPositions.amount,
      conditionReport: orderPositions.conditionReport,
      caskOf: offers.caskOf,
      priceBtl: offers.sellPriceBtl,
    })
    .from(orderPositions)
    .innerJoin(offers, eq(offers.id, orderPositions.offerId))
    .where(eq(orderPositions.userId, userId));
  return costSummary(rows, fees);
}

/** Billing data the spec requires before paying: first and last name, street, postal code, city. */
export function billingComplete(
  user: Pick<UserRow, 'firstName' | 'lastName' | 'streetAndNumber' | 'postalCode' | 'city'>,
) {
  return [user.firstName, user.lastName, user.streetAndNumber, user.postalCode, user.city].every(
    (value) => (value ?? '').trim() !== '',
  );
}

export const newPermissionToken = () => randomBytes(24).toString('base64url');

/**
 * The binding order: the order list becomes an invoice in CHECK_NEEDED with price snapshots,
 * the list is emptied, the client is blocked until payment, and a mail says the request is
 * being checked.
 */
export function createInvoice(
  db: Database,
  userId: number,
  input: { clientMutationId?: string | null; fees: FeeSchedule },
): Promise<RecordedResult> {
  return once(db, userId, 'createInvoice', input.clientMutationId, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) return failure('NOT_FOUND', orderTexts.invoiceUnknown);
    if (user.blockedByOrderCheck) return failure('ORDER_LIST_BLOCKED', orderTexts.blocked);
    if (!billingComplete(user)) return failure('BILLING_INCOMPLETE', orderTexts.billingIncomplete);
    const positions = await tx
      .select({ position: orderPositions, offer: offers })
      .from(orderPositions)
      .innerJoin(offers, eq(offers.id, orderPositions.offerId))
      .where(eq(orderPositions.userId, userId))
      .orderBy(asc(orderPositions.id));
    if (positions.length === 0) return failure('EMPTY', orderTexts.emptyOrderList);
    const sums = costSummary(
      positions.map(({ position, offer }) => ({
        amount: position.amount,
        caskOf: offer.caskOf,
        priceBtl: offer.sellPriceBtl,
        conditionReport: position.conditionReport,
      })),
      input.fees,
    );
    const [invoice] = await tx
      .insert(invoices)
      .values({
        userId,
        stage: 'CHECK_NEEDED',
        invoicePdfViewPermissionToken: newPermissionToken(),
        ...invoiceSumColumns(sums),
      })
      .returning();
    if (!invoice) throw new Error('Rechnung wurde nicht angelegt');
    await tx.insert(invoicePositions).values(
      positions.map(({ position, offer }) => ({
        invoiceId: invoice.id,
        offerId: offer.id,
        vintageId: offer.vintageId,
        bottleSizeId: offer.bottleSizeId,
        amount: position.amount,
        caskOf: offer.caskOf,
        buyPriceBtl: offer.sellPriceBtl,
        conditionReport: position.conditionReport,
      })),
    );
    await tx.delete(orderPositions).where(
      inArray(
        orderPositions.id,
        positions.map(({ position }) => position.id),
      ),
    );
    await tx.update(users).set({ blockedByOrderCheck: true }).where(eq(users.id, userId));
    await enqueueMail(tx, orderReceivedMail(user, invoice));
    return { success: true, errors: [], id: invoice.id };
  });
}
