/** The tab Lagerbestand of the management screen. */
export { StockTab } from './ui/StockTab';
