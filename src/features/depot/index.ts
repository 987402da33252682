/** The depot's queries, for the offline sync that fills them before the depot is opened. */
export { depotPerformanceQueryOptions, depotQueryOptions } from './api/depot';
