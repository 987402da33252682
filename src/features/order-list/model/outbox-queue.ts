import { countLabel, isSingular } from '../../../domain/plural';
import type { ResaleOriginFacts } from '../../../domain/secondary-market';

/**
 * The queue of order-list changes made while offline (or while the server could not be reached).
 * Pure rules: how a new change joins the queue, what the order list looks like with the queue
 * applied, and in which order entries are replayed. Persistence lives in `src/features/order-list/api/outbox-store.ts`.
 *
 * Every entry carries a client mutation id that the server records, so replaying an entry whose
 * answer was lost has no second effect.
 */

/**
 * What the device knew of the offer when an add was queued: enough to show the pending position on
 * the order list and count it in the sums before the server has it.
 */
export interface QueuedOffer {
  caskOf: number;
  /** Price per bottle as the database's decimal string ("785.00"). */
  priceBtl: string;
  year: number;
  bottleSize: string;
  winery: string;
  /** Cases the offer had for sale when the add was queued (the most a queued add can be edited to). */
  availableCases?: number;
  /** A Zweitmarkt offer's origin as the card showed it; missing for the house's offers. */
  resaleOrigin?: ResaleOriginFacts | null;
}

export type OrderChange =
  /** `offer` is missing in adds queued by an older build; those are listed, not shown as positions. */
  | { kind: 'create'; offerId: number; amount: number; title: string; offer?: QueuedOffer }
  /** Only the fields given are changed (a later change of the other field must not undo this one). */
  | { kind: 'change'; orderPositionId: number; amount?: number; conditionReport?: boolean; title: string }
  | { kind: 'delete'; orderPositionId: number; title: string };

export interface OutboxEntry {
  /** Client mutation id sent to the server (also the entry's identity). */
  id: string;
  /** Increasing number: replay order. */
  seq: number;
  change: OrderChange;
  /**
   * `queued` waits for the network; `refused` was answered with a German reason and waits for the
   * user; `applied` the server took, and it is still shown over lists fetched before (`appliedAt`)
   * until they are fetched again (see `overlayOrder`).
   */
  status: 'queued' | 'refused' | 'applied';
  reason?: string;
  /** The server's machine-readable refusal code, e.g. ORDER_LIST_BLOCKED. */
  reasonCode?: string;
  createdAt: number;
  /**
   * Sent at least once without an answer (the connection broke): the server may have applied it, so
   * it is sent again unchanged under its id and can no longer be edited or withdrawn.
   */
  attempted?: boolean;
  /** When the server answered that it applied the change (status `applied`). */
  appliedAt?: number;
}

/**
 * Whether the user may still edit or withdraw the entry: it waits and was never sent. (The outbox
 * lock keeps an edit and a send apart, so an editable entry is not on its way either.)
 */
export function isEditable(entry: OutboxEntry): boolean {
  return entry.status === 'queued' && !entry.attempted;
}

/** The change without fields left undefined, so merging keeps the earlier values. */
function definedFields(change: Extract<OrderChange, { kind: 'change' }>) {
  return Object.fromEntries(
    Object.entries(change).filter(([, value]) => value !== undefined),
  ) as typeof change;
}

/**
 * Adds a change to the queue, merging where the server would end in the same state with fewer
 * calls: a later change of the same position replaces an earlier queued one; deleting a position
 * drops its queued changes. Entries already sent (not in the queue, or sent without an answer) are
 * never touched.
 */
export function enqueueChange(queue: readonly OutboxEntry[], entry: OutboxEntry): OutboxEntry[] {
  const { change } = entry;
  if (change.kind === 'change') {
    const earlier = queue.find(
      (queued) =>
        isEditable(queued) &&
        queued.change.kind === 'change' &&
        queued.change.orderPositionId === change.orderPositionId,
    );
    if (earlier && earlier.change.kind === 'change') {
      const merged = { ...earlier.change, ...definedFields(change) };
      return queue.map((queued) => (queued === earlier ? { ...queued, change: merged } : queued));
    }
  }
  if (change.kind === 'delete') {
    const withoutChanges = queue.filter(
      (queued) =>
        !(
          isEditable(queued) &&
          queued.change.kind === 'change' &&
          queued.change.orderPositionId === change.orderPositionId
        ),
    );
    return [...withoutChanges, entry];
  }
  return [...queue, entry];
}

/** What the user changes in a waiting change (`undefined`: unchanged). */
export interface QueuedEdit {
  amount?: number;
  conditionReport?: boolean;
}

/**
 * The user edits a change still waiting for the connection: the edit collapses into it (same client
 * mutation id, same place in the queue), so the server receives one change with the result. A
 * queued add takes the new amount (adding takes no condition report: `createOrderPosition` has
 * none; it is chosen once the position is on the server); a queued change of a position takes the
 * given fields over its own. Null when there is nothing to edit: the entry is gone, was sent (its
 * outcome decides), is a removal, or the edit changes nothing.
 */
export function editQueuedChange(
  queue: readonly OutboxEntry[],
  id: string,
  edit: QueuedEdit,
): OutboxEntry[] | null {
  const entry = queue.find((queued) => queued.id === id);
  if (!entry || !isEditable(entry)) return null;
  const { change } = entry;
  let edited: OrderChange;
  if (change.kind === 'create') {
    if (edit.amount === undefined || edit.amount === change.amount) return null;
    edited = { ...change, amount: edit.amount };
  } else if (change.kind === 'change') {
    const given = Object.fromEntries(
      Object.entries(edit).filter(([, value]) => value !== undefined),
    ) as QueuedEdit;
    if (Object.keys(given).length === 0) return null;
    edited = { ...change, ...given };
  } else {
    return null;
  }
  return queue.map((queued) => (queued === entry ? { ...queued, change: edited } : queued));
}

/** The user withdraws a change still waiting: it is never sent. Null when it cannot be (sent, gone). */
export function withdrawQueuedChange(queue: readonly OutboxEntry[], id: string): OutboxEntry[] | null {
  const entry = queue.find((queued) => queued.id === id);
  if (!entry || !isEditable(entry)) return null;
  return queue.filter((queued) => queued !== entry);
}

/**
 * The queued add shown as the order position with the temporary id `positionId` (see `applyQueue`:
 * minus the entry's `seq`).
 */
export function localPositionEntry(
  queue: readonly OutboxEntry[],
  positionId: number,
): OutboxEntry | undefined {
  if (positionId >= 0) return undefined;
  return queue.find((entry) => entry.seq === -positionId && entry.change.kind === 'create');
}

/** The entries to send now, oldest first; refused entries wait for the user's decision. */
export function replayOrder(queue: readonly OutboxEntry[]): OutboxEntry[] {
  return queue.filter((entry) => entry.status === 'queued').sort((a, b) => a.seq - b.seq);
}

/** The changes not yet on the server: waiting or refused (what a logout would lose). */
export function unsentEntries(queue: readonly OutboxEntry[]): OutboxEntry[] {
  return queue.filter((entry) => entry.status !== 'applied');
}

/**
 * The entries a list fetched at `fetchedAt` (its `dataUpdatedAt`) must be shown with, oldest first:
 * the waiting ones, and those the server applied after that fetch (the list does not hold them
 * yet). This is the one optimistic view of an order-list change: the change shows from the moment
 * it is queued until a list fetched after the server applied it replaces it, online or offline,
 * without a gap and without showing it twice.
 */
export function overlayOrder(
  queue: readonly OutboxEntry[],
  fetchedAt = Number.POSITIVE_INFINITY,
): OutboxEntry[] {
  return queue
    .filter(
      (entry) =>
        entry.status === 'queued' ||
        (entry.status === 'applied' && entry.appliedAt !== undefined && entry.appliedAt >= fetchedAt),
    )
    .sort((a, b) => a.seq - b.seq);
}

/** Applied entries every list fetched at `fetchedAt` already holds: they can leave the outbox. */
export function settledEntries(queue: readonly OutboxEntry[], fetchedAt: number): OutboxEntry[] {
  return queue.filter(
    (entry) => entry.status === 'applied' && (entry.appliedAt === undefined || entry.appliedAt < fetchedAt),
  );
}

/** "2 Änderungen warten auf Verbindung" / "1 Änderung wartet auf Verbindung". */
export function waitingText(queue: readonly OutboxEntry[]): string | null {
  const waiting = queue.filter((entry) => entry.status === 'queued').length;
  if (waiting === 0) return null;
  return `${countLabel(waiting, 'Änderung')} ${isSingular(waiting) ? 'wartet' : 'warten'} auf Verbindung`;
}

export interface PositionView {
  id: number;
  amount: number;
  conditionReport: boolean;
  /** True while the position exists only on this device. */
  pending?: boolean;
}

/**
 * The order list as the user should see it: the server's positions (fetched at `fetchedAt`) with
 * every change of `overlayOrder` applied. Queued new positions are added (with the negative
 * temporary id minus their `seq`) when `newPosition` can build them, and left to the list of
 * waiting changes otherwise.
 */
export function applyQueue<Position extends PositionView>(
  positions: readonly Position[],
  queue: readonly OutboxEntry[],
  newPosition?: (
    change: Extract<OrderChange, { kind: 'create' }>,
    temporaryId: number,
    queuedAt: number,
  ) => Position | undefined,
  fetchedAt?: number,
): Position[] {
  let result = [...positions];
  for (const entry of overlayOrder(queue, fetchedAt)) {
    const { change } = entry;
    if (change.kind === 'create') {
      const added = newPosition?.(change, -entry.seq, entry.createdAt);
      if (added) result = [...result, { ...added, pending: true }];
    } else if (change.kind === 'change') {
      result = result.map((position) =>
        position.id === change.orderPositionId
          ? {
              ...position,
              amount: change.amount ?? position.amount,
              conditionReport: change.conditionReport ?? position.conditionReport,
              pending: true,
            }
          : position,
      );
    } else {
      result = result.filter((position) => position.id !== change.orderPositionId);
    }
  }
  return result;
}

/**
 * Whether adds wait in the queue, or were applied after the list was fetched (`fetchedAt`): the order
 * list is then not "empty", whatever the server said.
 */
export function hasQueuedAdds(queue: readonly OutboxEntry[], fetchedAt?: number): boolean {
  return overlayOrder(queue, fetchedAt).some((entry) => entry.change.kind === 'create');
}

/** Whether a position exists only on this device (a queued add, not yet on the server). */
export function isLocalPosition(position: Pick<PositionView, 'id'>): boolean {
  return position.id < 0;
}

/**
 * The number of order positions with the queued changes applied (the sidebar badge): the server's
 * count (fetched at `fetchedAt`), plus one per offer with queued adds (the server adds the cases of
 * one offer to one position), minus queued removals.
 */
export function positionCountWithQueue(
  serverCount: number,
  queue: readonly OutboxEntry[],
  fetchedAt?: number,
): number {
  const waiting = overlayOrder(queue, fetchedAt);
  const addedOffers = new Set(
    waiting.flatMap((entry) => (entry.change.kind === 'create' ? [entry.change.offerId] : [])),
  );
  const removed = waiting.filter((entry) => entry.change.kind === 'delete').length;
  return Math.max(0, serverCount + addedOffers.size - removed);
}

/** The case amount of a change, when it has one (adding, or changing the amount). */
export function changeAmount(change: OrderChange): number | undefined {
  return change.kind === 'delete' ? undefined : change.amount;
}

/**
 * "Erneut senden": a refused entry becomes a new queued change at the end of the queue, with a new
 * client mutation id (the server answers a known id with its recorded refusal) and, for adding or
 * changing cases, the corrected amount. Other entries stay as they are.
 */
export function retryRefusedEntry(
  queue: readonly OutboxEntry[],
  refusedId: string,
  retry: { id: string; createdAt: number; amount?: number },
): OutboxEntry[] {
  const refused = queue.find((entry) => entry.id === refusedId && entry.status === 'refused');
  if (!refused) return [...queue];
  const { change } = refused;
  const corrected: OrderChange =
    change.kind !== 'delete' && retry.amount !== undefined ? { ...change, amount: retry.amount } : change;
  const seq = queue.reduce((highest, entry) => Math.max(highest, entry.seq), 0) + 1;
  const others = queue.filter((entry) => entry !== refused);
  return enqueueChange(others, {
    id: retry.id,
    seq,
    change: corrected,
    status: 'queued',
    createdAt: retry.createdAt,
  });
}
