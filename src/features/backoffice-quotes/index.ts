/** The tab Angebote (manual quotes) of the management screen. */
export { QuotesTab } from './ui/QuotesTab';
