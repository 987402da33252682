import { orderListBadge, personalOffersBadge } from '../../domain/sidebar-badges';
import { useAccountMe } from '../../queries/account';

/** The live badges of the sidebar by item path (personal offers, order list); undefined = static or none. */
export function useSidebarBadges(): (path: string) => string | undefined {
  const account = useAccountMe();
  const user = account.data;
  return (path) => {
    if (!user) return undefined;
    if (path === '/admin/selection') return personalOffersBadge(user.personalOffersCount);
    if (path === '/admin/orderlist')
      return orderListBadge(user.orderPositionsCount, user.blockedByOrderCheck);
    return undefined;
  };
}
