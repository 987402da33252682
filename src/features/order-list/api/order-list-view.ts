import { notifyMutationError } from '../../../api/mutation-errors';
import { billingComplete } from '../../../domain/billing-data';
import { orderListContent, positionRowState } from '../model/order-list-view';
import { applyQueue, hasQueuedAdds, overlayOrder } from '../model/outbox-queue';
import { useOrderOutbox, useQueuedChangeEditing } from './order-changes';
import {
  type OrderPositionView,
  orderErrorMeta,
  useChangeOrderPosition,
  useDeleteOrderPosition,
  useOrderList,
  withPositions,
} from './orders';
import { queuedOrderPosition } from './queued-positions';

/** One position of the order list as its row shows it, with what changing or removing it does. */
export interface OrderListRow {
  position: OrderPositionView;
  editable: boolean;
  waiting: boolean;
  /** A queued add: the condition report is asked for once the server has it. */
  conditionReportLater: boolean;
  change: (values: { amount?: number; conditionReport?: boolean }) => void;
  remove: () => void;
}

/**
 * The order list as its screen shows it: the server's list with the changes still waiting on this
 * device applied (see src/db/README.md), its sums, which block takes the page, and for each
 * position what a change does — a queued add is edited or withdrawn in the outbox, a sent
 * position changed on the server. Failures go through the one mutation-error notice.
 */
export function useOrderListView() {
  const list = useOrderList({ pollWhileWaiting: false });
  const outbox = useOrderOutbox();
  const change = useChangeOrderPosition();
  const remove = useDeleteOrderPosition();
  const queued = useQueuedChangeEditing();
  const data = list.data;
  if (!data) return { list, data: undefined, openPayment: null } as const;

  // Changes the server applied after this list was fetched show the same way until it is fetched again.
  const fetchedAt = list.dataUpdatedAt;
  const positions = applyQueue(data.orderPositionList, outbox, queuedOrderPosition, fetchedAt);
  // The sums as well: after a reload the list comes from the device without the queued changes.
  const sums =
    overlayOrder(outbox, fetchedAt).length > 0
      ? withPositions(data, positions).orderListSums
      : data.orderListSums;
  const openInvoices =
    data.check_needed.length +
    data.check_done.length +
    data.waiting_for_payment.length +
    data.payment_failed.length;
  const rows: OrderListRow[] = positions.map((position) => {
    const { waitingAdd, editable, waiting } = positionRowState(position, outbox);
    return {
      position,
      editable,
      waiting,
      conditionReportLater: waitingAdd !== undefined,
      change: (values) =>
        waitingAdd
          ? void queued
              .edit(waitingAdd, values)
              .catch((error: unknown) =>
                notifyMutationError(error, orderErrorMeta('Änderung nicht gespeichert')),
              )
          : change.mutate({ position, ...values }),
      remove: () =>
        waitingAdd
          ? void queued
              .withdraw(waitingAdd)
              .catch((error: unknown) => notifyMutationError(error, orderErrorMeta('Nicht zurückgezogen')))
          : remove.mutate(position),
    };
  });
  return {
    list,
    data,
    outbox,
    rows,
    sums,
    canPay: data.me ? billingComplete(data.me) : false,
    content: orderListContent({
      positions: positions.length,
      queuedAdds: hasQueuedAdds(outbox, fetchedAt),
      openInvoices,
      blocked: data.me?.blockedByOrderCheck === true,
    }),
    /** The invoice a payment is open for (waiting or failed), watched for its payment. */
    openPayment: [...data.waiting_for_payment, ...data.payment_failed][0] ?? null,
  } as const;
}
