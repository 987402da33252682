/** The Zweitmarkt tab of the management screen. */
export { SecondaryMarketTab } from './ui/SecondaryMarketTab';
