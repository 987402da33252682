/** The tabs Sortiment (Neu) and Sortiment (Alt) of the management screen. */
export { SortimentAltTab } from './ui/SortimentAltTab';
export { SortimentTab } from './ui/SortimentTab';
