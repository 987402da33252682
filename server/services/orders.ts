/**
 * The client's order list: add, change and remove positions, and the binding order that turns
 * the list into an invoice waiting for the availability check. Every write takes an optional
 * client mutation id; a repeated id answers the recorded result without a second effect (the
 * PWA's offline outbox replays with it).
 */

import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { billingComplete } from '../../src/domain/billing-data';
import { availableCases } from '../../src/domain/offer-pricing';
import {
  costSummary,
  type FeeSchedule,
  orderAmountMessage,
  orderAmountProblem,
} from '../../src/domain/order-costs';
import { agreedPriceLimitText } from '../../src/domain/order-list-texts';
import { sellTexts } from '../../src/domain/secondary-market';
import type { Database, Transaction } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { offers, orderPositions, partialOffers, processedMutations, users } from '../db/schema';
import { agreedCasesLeft } from './agreed-prices';
import { type MutationError, ok, refused } from './errors';
import { insertInvoice } from './invoice-records';
import { enqueueMail } from './mail';
import { orderReceivedMail } from './order-mails';
import { orderTexts } from './order-texts';
import { isOwnListing } from './secondary-market-settlement';

export type OrderPositionRow = typeof orderPositions.$inferSelect;

export interface RecordedResult {
  success: boolean;
  errors: MutationError[];
  /** Id of the order position or invoice the mutation produced, if any. */
  id?: number | null;
}

const MAX_CLIENT_MUTATION_ID_LENGTH = 100;
const invalidMutationIdMessage = 'Die Kennung der Änderung ist ungültig.';
export const reusedMutationIdMessage =
  'Diese Kennung wurde bereits für eine andere Änderung verwendet. Die Änderung wurde nicht ausgeführt.';

/** JSON with sorted keys and `undefined` as null, so equal arguments always hash alike. */
function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** An operation and the arguments that make it this change (its id must not name another). */
export interface MutationOperation {
  name: string;
  args: Record<string, unknown>;
}

export const argumentsHash = (args: Record<string, unknown>) =>
  createHash('sha256').update(canonicalJson(args)).digest('hex');

/**
 * Runs `apply` once per (user, clientMutationId): the result is recorded in the same
 * transaction with the operation and a hash of its arguments; a replay (same operation, same
 * arguments) answers it again. The same id for another operation or other arguments is refused
 * (`MUTATION_ID_REUSED`) and changes nothing: an id names one change, not a slot. Rows recorded
 * before the hash existed compare the operation only. Without an id the mutation simply runs.
 */
export async function once(
  db: Database,
  userId: number,
  operation: string | MutationOperation,
  clientMutationId: string | null | undefined,
  apply: (tx: Transaction) => Promise<RecordedResult>,
): Promise<RecordedResult> {
  const { name, args } = typeof operation === 'string' ? { name: operation, args: {} } : operation;
  const mutationId = clientMutationId?.trim() || null;
  // The PWA sends UUIDs; anything longer is no client id (and would not fit the key's index).
  if (mutationId && mutationId.length > MAX_CLIENT_MUTATION_ID_LENGTH) {
    return refused('INVALID', invalidMutationIdMessage, 'clientMutationId');
  }
  const hash = argumentsHash(args);
  const replayed = async (): Promise<RecordedResult | null> => {
    if (!mutationId) return null;
    const [row] = await db
      .select()
      .from(processedMutations)
      .where(and(eq(processedMutations.userId, userId), eq(processedMutations.clientMutationId, mutationId)));
    if (!row) return null;
    if (row.operation !== name || (row.argumentsHash !== null && row.argumentsHash !== hash)) {
      return refused('MUTATION_ID_REUSED', reusedMutationIdMessage, 'clientMutationId');
    }
    return row.result as unknown as RecordedResult;
  };
  const earlier = await replayed();
  if (earlier) return earlier;
  try {
    return await db.transaction(async (tx) => {
      // Serializes the order-list writes of one client (and so the replay check).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const result = await apply(tx);
      if (mutationId) {
        await tx.insert(processedMutations).values({
          userId,
          clientMutationId: mutationId,
          operation: name,
          argumentsHash: hash,
          result: { ...result },
        });
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

async function offerWithStock(tx: Transaction, offerId: number) {
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) return null;
  const tranches = await tx
    .select({ quantityAvailable: partialOffers.quantityAvailable })
    .from(partialOffers)
    .where(eq(partialOffers.offerId, offerId));
  return { offer, available: availableCases(tranches) };
}

/**
 * The price per bottle a position is ordered at: the price agreed in an adviser offer, else the
 * offer's current sell price.
 */
export const positionPriceBtl = (
  position: Pick<OrderPositionRow, 'agreedPriceBtl'>,
  offer: Pick<typeof offers.$inferSelect, 'sellPriceBtl'>,
): string => position.agreedPriceBtl ?? offer.sellPriceBtl;

/** Cases of an offer on the client's list outside the position `exceptId` (several prices, one stock). */
async function casesElsewhere(tx: Transaction, userId: number, offerId: number, exceptId: number | null) {
  const rows = await tx
    .select({ id: orderPositions.id, amount: orderPositions.amount })
    .from(orderPositions)
    .where(and(eq(orderPositions.userId, userId), eq(orderPositions.offerId, offerId)));
  return rows.filter((row) => row.id !== exceptId).reduce((sum, row) => sum + row.amount, 0);
}

function amountRefusal(amount: number, available: number): RecordedResult | null {
  const problem = orderAmountProblem(amount, available);
  return problem ? refused('INVALID_AMOUNT', orderAmountMessage(problem, available), 'amount') : null;
}

async function isBlocked(tx: Transaction, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ blocked: users.blockedByOrderCheck })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.blocked);
}

export function listOrderPositions(db: Database, userId: number): Promise<OrderPositionRow[]> {
  return orderPositionsStatement(db).execute({ userId });
}

/** Read on every visit of the order list, prepared once (db/prepared.ts). */
const orderPositionsStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(orderPositions)
    .where(eq(orderPositions.userId, sql.placeholder('userId')))
    .orderBy(asc(orderPositions.datetimeAdded), asc(orderPositions.id))
    .prepare('order_positions_of_client'),
);

export async function findOwnOrderPosition(db: Database, userId: number, id: number | null | undefined) {
  if (!id) return null;
  const [row] = await db
    .select()
    .from(orderPositions)
    .where(and(eq(orderPositions.id, id), eq(orderPositions.userId, userId)));
  return row ?? null;
}

/**
 * Adds cases of an offer at the catalogue price; an offer already on the list at the catalogue
 * price gets the cases added to its position. A position at a price agreed in an adviser offer is
 * left as it is: the catalogue cases become a position of their own (one stock for both).
 */
export function createOrderPosition(
  db: Database,
  userId: number,
  input: { offerId: number; amount: number; clientMutationId?: string | null },
): Promise<RecordedResult> {
  const args = { offerId: input.offerId, amount: input.amount };
  return once(db, userId, { name: 'createOrderPosition', args }, input.clientMutationId, async (tx) => {
    if (await isBlocked(tx, userId)) return refused('ORDER_LIST_BLOCKED', orderTexts.blocked);
    const found = await offerWithStock(tx, input.offerId);
    if (!found || found.offer.archived) return refused('NOT_FOUND', orderTexts.offerUnknown, 'offerId');
    if (found.offer.onRequest) return refused('ON_REQUEST', orderTexts.offerOnRequest, 'offerId');
    if (found.offer.secondaryMarket && (await isOwnListing(tx, userId, input.offerId))) {
      return refused('OWN_LISTING', sellTexts.ownListing, 'offerId');
    }
    const [existing] = await tx
      .select()
      .from(orderPositions)
      .where(
        and(
          eq(orderPositions.userId, userId),
          eq(orderPositions.offerId, input.offerId),
          isNull(orderPositions.agreedPriceBtl),
        ),
      );
    const simple = amountRefusal(input.amount, found.available);
    if (simple) return simple;
    const left = found.available - (await casesElsewhere(tx, userId, input.offerId, existing?.id ?? null));
    if (existing) {
      const total = existing.amount + input.amount;
      const refusal = amountRefusal(total, left);
      if (refusal) return refusal;
      await tx.update(orderPositions).set({ amount: total }).where(eq(orderPositions.id, existing.id));
      return ok({ id: existing.id });
    }
    const refusal = amountRefusal(input.amount, left);
    if (refusal) return refusal;
    const [row] = await tx
      .insert(orderPositions)
      .values({ userId, offerId: input.offerId, amount: input.amount })
      .returning({ id: orderPositions.id });
    return ok({ id: row?.id ?? null });
  });
}

/**
 * Changes the cases or the condition-report flag of a position. While the order list is blocked
 * (a request is being checked or a payment is pending) the list may only shrink: more cases or a
 * newly flagged condition report (a fee per case) are refused like adding; fewer cases, removing
 * the flag and deleting the position stay possible (docs/deviations.md).
 */
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
  const { orderPositionId, amount, conditionReport } = input;
  const args = { orderPositionId, amount, conditionReport };
  return once(db, userId, { name: 'changeOrderPosition', args }, input.clientMutationId, async (tx) => {
    const [position] = await tx
      .select()
      .from(orderPositions)
      .where(and(eq(orderPositions.id, input.orderPositionId), eq(orderPositions.userId, userId)));
    if (!position) return refused('NOT_FOUND', orderTexts.positionUnknown, 'orderPositionId');
    const raisesCost =
      (input.amount !== undefined && input.amount !== null && input.amount > position.amount) ||
      (input.conditionReport === true && !position.conditionReport);
    if (raisesCost && (await isBlocked(tx, userId))) return refused('ORDER_LIST_BLOCKED', orderTexts.blocked);
    const changes: Partial<OrderPositionRow> = {};
    // A new amount keeps the position's price (also an agreed one).
    if (input.amount !== undefined && input.amount !== null && input.amount !== position.amount) {
      const found = await offerWithStock(tx, position.offerId);
      const elsewhere = await casesElsewhere(tx, userId, position.offerId, position.id);
      const refusal = amountRefusal(input.amount, (found?.available ?? 0) - elsewhere);
      if (refusal) return refusal;
      // An adviser's agreed price covers at most the offer's cases (more come from the catalogue).
      if (input.amount > position.amount && position.agreedPriceBtl && position.recommendedPositionId) {
        const left = await agreedCasesLeft(tx, position.recommendedPositionId, {
          exceptOrderPositionId: position.id,
        });
        if (left !== null && input.amount > left) {
          return refused('AGREED_PRICE_LIMIT', agreedPriceLimitText(left), 'amount');
        }
      }
      changes.amount = input.amount;
    }
    if (input.conditionReport !== undefined && input.conditionReport !== null) {
      changes.conditionReport = input.conditionReport;
    }
    if (Object.keys(changes).length > 0) {
      await tx.update(orderPositions).set(changes).where(eq(orderPositions.id, position.id));
    }
    return ok({ id: position.id });
  });
}

/** Removes a position; allowed while the order list is blocked (the list only shrinks). */
export function deleteOrderPosition(
  db: Database,
  userId: number,
  input: { orderPositionId: number; clientMutationId?: string | null },
): Promise<RecordedResult> {
  const args = { orderPositionId: input.orderPositionId };
  return once(db, userId, { name: 'deleteOrderPosition', args }, input.clientMutationId, async (tx) => {
    const deleted = await tx
      .delete(orderPositions)
      .where(and(eq(orderPositions.id, input.orderPositionId), eq(orderPositions.userId, userId)))
      .returning({ id: orderPositions.id });
    if (deleted.length === 0) return refused('NOT_FOUND', orderTexts.positionUnknown, 'orderPositionId');
    return ok({ id: null });
  });
}

/**
 * Sums of the client's order list at the positions' prices (agreed, else the current offer price),
 * from its positions with their offers (the GraphQL order list reads both anyway).
 */
export function orderListSumsOf(
  rows: { position: OrderPositionRow; offer: typeof offers.$inferSelect }[],
  fees: FeeSchedule,
) {
  return costSummary(
    rows.map(({ position, offer }) => ({
      amount: position.amount,
      conditionReport: position.conditionReport,
      caskOf: offer.caskOf,
      priceBtl: positionPriceBtl(position, offer),
    })),
    fees,
  );
}

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
    if (!user) return refused('NOT_FOUND', orderTexts.invoiceUnknown);
    if (user.blockedByOrderCheck) return refused('ORDER_LIST_BLOCKED', orderTexts.blocked);
    if (!billingComplete(user)) return refused('BILLING_INCOMPLETE', orderTexts.billingIncomplete);
    const positions = await tx
      .select({ position: orderPositions, offer: offers })
      .from(orderPositions)
      .innerJoin(offers, eq(offers.id, orderPositions.offerId))
      .where(eq(orderPositions.userId, userId))
      .orderBy(asc(orderPositions.id));
    if (positions.length === 0) return refused('EMPTY', orderTexts.emptyOrderList);
    // The agreed cases may have been invoiced meanwhile (staff invoiced the adviser's offer).
    for (const { position } of positions) {
      if (!position.agreedPriceBtl || !position.recommendedPositionId) continue;
      const left = await agreedCasesLeft(tx, position.recommendedPositionId, {
        exceptOrderPositionId: position.id,
      });
      if (left !== null && position.amount > left) {
        return refused('AGREED_PRICE_LIMIT', agreedPriceLimitText(left), 'amount');
      }
    }
    const invoice = await insertInvoice(tx, {
      userId,
      fees: input.fees,
      lines: positions.map(({ position, offer }) => ({
        offer,
        amount: position.amount,
        caskOf: offer.caskOf,
        priceBtl: positionPriceBtl(position, offer),
        conditionReport: position.conditionReport,
        recommendedPositionId: position.agreedPriceBtl ? position.recommendedPositionId : null,
      })),
    });
    await tx.delete(orderPositions).where(
      inArray(
        orderPositions.id,
        positions.map(({ position }) => position.id),
      ),
    );
    await enqueueMail(tx, orderReceivedMail(user, invoice));
    return ok({ id: invoice.id });
  });
}
