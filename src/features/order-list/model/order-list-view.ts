/**
 * What the order list shows, decided apart from how it is drawn: which block takes the page (the
 * positions, the blocked notice, the empty notice or nothing beside the open invoices) and how each
 * position row behaves with the changes still waiting on this device.
 */
import { MAX_ORDER_CASES, orderAmountProblem } from '../../../domain/order-costs';
import { isEditable, isLocalPosition, localPositionEntry, type OutboxEntry } from './outbox-queue';

export type OrderListContent =
  /** Positions (sent or waiting) to list, with the sums and the binding order. */
  | 'positions'
  /** No position, an open order being checked or paid: the blocked notice. */
  | 'blocked'
  /** No position and no open order: the empty notice with the way to the offers. */
  | 'empty'
  /** No position and an open order, but the list is not blocked: the invoice panels alone. */
  | 'none';

export function orderListContent(input: {
  positions: number;
  queuedAdds: boolean;
  openInvoices: number;
  blocked: boolean;
}): OrderListContent {
  if (input.positions > 0 || input.queuedAdds) return 'positions';
  if (input.openInvoices > 0) return input.blocked ? 'blocked' : 'none';
  return 'empty';
}

export interface PositionRowState {
  /** The queued add this position is, while the server does not have it yet. */
  waitingAdd: OutboxEntry | undefined;
  /** Amount and condition report can be changed (a queued add only until it was sent). */
  editable: boolean;
  /** The position exists only on this device. */
  waiting: boolean;
}

/**
 * A queued add is its own position until the server has it: its edits collapse into the waiting
 * change and its removal withdraws it; once its sending started it can no longer be edited.
 */
export function positionRowState(position: { id: number }, outbox: readonly OutboxEntry[]): PositionRowState {
  const waiting = isLocalPosition(position);
  const waitingAdd = waiting ? localPositionEntry(outbox, position.id) : undefined;
  return { waitingAdd, waiting, editable: !waiting || (waitingAdd !== undefined && isEditable(waitingAdd)) };
}

/**
 * The most cases a position's amount box takes: what is available, but never less than the
 * position already holds, and never more than an order may.
 */
export function positionMaxCases(position: { amount: number; offer: { availableCases: number } }): number {
  return Math.min(MAX_ORDER_CASES, Math.max(position.amount, position.offer.availableCases));
}

/** The amount to send for what was typed: none while it is empty, out of range or unchanged. */
export function amountToSend(typed: number | string, maxCases: number, saved: number): number | null {
  if (typeof typed !== 'number' || orderAmountProblem(typed, maxCases) || typed === saved) return null;
  return typed;
}
