/** The advice's queries the offline sync fills before the advice screens are opened. */
export {
  investorProfileGateQueryOptions,
  personalOffersQueryOptions,
  salesCalculationQueryOptions,
} from './api/advice';
