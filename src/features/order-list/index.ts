/**
 * What other parts of the PWA may use of the order list: the outbox's hooks (what is queued on
 * this device, replaying it, sending it now) and the pure rules others show from it, the order
 * list's queries (the sync, the invoices), and the dialogs that add an offer or order a proposal.
 * The Dexie store of the outbox and the order list's screen stay inside the feature.
 */
import { lazyComponent } from '../../components/lazy-component';

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
export type { AddedToastPlacement } from './ui/AddToOrderListDialog';
/** The add dialog; its code (with the form library) is fetched at its first opening: render it below a `Suspense`. */
export const AddToOrderListDialog = lazyComponent(() =>
  import('./ui/AddToOrderListDialog').then((module) => module.AddToOrderListDialog),
);
export { BindingOrderDialog } from './ui/BindingOrderDialog';
