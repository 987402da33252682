import { useState } from 'react';
import { useAllSellOrders } from '../../secondary-market';
import { type SellOrderFilter, statusOfFilter } from '../model/sell-order-row';

export type StaffSellOrder = NonNullable<ReturnType<typeof useAllSellOrders>['data']>[number];

/**
 * The tab "Zweitmarkt" as it shows: the sell orders of the chosen status (the requested ones
 * first), and the order being approved or rejected in its dialog.
 */
export function useSellOrdersView() {
  const [filter, setFilter] = useState<SellOrderFilter>('REQUESTED');
  const orders = useAllSellOrders(statusOfFilter(filter));
  const [approving, setApproving] = useState<StaffSellOrder | null>(null);
  const [rejecting, setRejecting] = useState<StaffSellOrder | null>(null);
  return {
    filter,
    setFilter,
    orders,
    approving,
    rejecting,
    approve: setApproving,
    reject: setRejecting,
    closeApproval: () => setApproving(null),
    closeRejection: () => setRejecting(null),
  };
}
