import { orderListBadge, personalOffersBadge } from '../../domain/sidebar-badges';
import { useAccountMe } from '../../features/account/api/account';
import { positionCountWithQueue, useOrderOutbox } from '../../features/order-list';

/** The live badges of the sidebar by item path (personal offers, order list); undefined = static or none. */
export function useSidebarBadges(): (path: string) => string | undefined {
  const account = useAccountMe();
  // Order-list changes still waiting on this device count as made.
  const outbox = useOrderOutbox();
  const user = account.data;
  return (path) => {
    if (!user) return undefined;
    if (path === '/admin/selection') return personalOffersBadge(user.personalOffersCount);
    if (path === '/admin/orderlist')
      return orderListBadge(
        positionCountWithQueue(user.orderPositionsCount, outbox, account.dataUpdatedAt),
        user.blockedByOrderCheck,
      );
    return undefined;
  };
}
