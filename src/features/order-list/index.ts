/**
 * What other parts of the PWA may use of the order list: the outbox's hooks (what is queued on
 * this device, replaying it, sending it now) and the pure rules others show from it, the order
 * list's queries (the sync, the invoices), and the dialogs that add an offer or order a proposal.
 * The Dexie store of the outbox and the order list's screen stay inside the feature.
 */
export { useOrderOutbox, useOutboxReplay, useSendOutboxNow } from './api/order-changes';
export {
  orderListBlockedQueryOptions,
  orderListQueryOptions,
  paidInvoicesQueryOptions,
  useCustomerPortalSession,
  usePaidInvoices,
} from './api/orders';
export { type OrderListOffer, orderListOffer } from './api/queued-positions';
export {
  type OrderChange,
  type OutboxEntry,
  positionCountWithQueue,
  type QueuedOffer,
  unsentEntries,
} from './model/outbox-queue';
export { type AddedToastPlacement, AddToOrderListDialog } from './ui/AddToOrderListDialog';
export { BindingOrderDialog } from './ui/BindingOrderDialog';
