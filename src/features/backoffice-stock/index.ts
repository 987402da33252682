export { StockTab } from './ui/StockTab';
