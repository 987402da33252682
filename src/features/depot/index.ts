export { depotPerformanceKeys, depotPerformanceQueryOptions, depotQueryOptions } from './api/depot';
export { depotKeys } from './api/depot-request';
export type { DepotRow } from './model/depot-rows';
export { Figure } from './ui/hidden-figures';
