/**
 * The Zweitmarkt as other features use it: the sell orders' queries and mutations (the depot sells
 * from its positions, the back office decides), the resale marks of an offer and the formats of a
 * sell order's figures.
 */
export {
  mySellOrdersQueryOptions,
  type SellOrder,
  useAllSellOrders,
  useApproveSellOrder,
  useCancelSellOrder,
  useCreateSellOrder,
  useMySellOrders,
  useRejectSellOrder,
} from './api/secondary-market';
export { ResaleOrigin } from './ui/ResaleOrigin';
export { SecondaryMarketBadge } from './ui/SecondaryMarketBadge';
export { cents, centsToInput, orderTitle, vintageTitle } from './ui/sell-format';
