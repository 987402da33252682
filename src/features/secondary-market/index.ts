export {
  mySellOrdersQueryOptions,
  useAllSellOrders,
  useApproveSellOrder,
  useRejectSellOrder,
} from './api/secondary-market';
export { DepotSecondaryMarket } from './ui/DepotSecondaryMarket';
export { ResaleOrigin } from './ui/ResaleOrigin';
export { SecondaryMarketBadge } from './ui/SecondaryMarketBadge';
export { cents, centsToInput, orderTitle } from './ui/sell-format';
