export { SortimentAltTab } from './ui/SortimentAltTab';
export { SortimentTab } from './ui/SortimentTab';
