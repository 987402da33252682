import { SELL_ORDER_STATUS_LABELS, type SellOrderStatus } from '../../../domain/secondary-market';

/** The filter of the list: one status, or all. */
export type SellOrderFilter = SellOrderStatus | 'ALL';

/** The status the list asks the server for: none for "Alle". */
export const statusOfFilter = (filter: SellOrderFilter): SellOrderStatus | null =>
  filter === 'ALL' ? null : filter;

/** The seller by name (the e-mail address stands below). */
export const sellerName = (seller: { firstName: string; lastName: string }) =>
  `${seller.firstName} ${seller.lastName}`.trim();

/** An order with cases reserved by a buyer reads "Reserviert", else its status. */
export const sellOrderStatusText = (order: { status: SellOrderStatus; casesReserved: number }) =>
  order.casesReserved > 0 ? 'Reserviert' : SELL_ORDER_STATUS_LABELS[order.status];
