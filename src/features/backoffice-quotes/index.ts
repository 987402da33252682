export { QuotesTab } from './ui/QuotesTab';
