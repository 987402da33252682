export { SecondaryMarketTab } from './ui/SecondaryMarketTab';
