export {
  investorProfileGateQueryOptions,
  personalOffersQueryOptions,
  salesCalculationQueryOptions,
} from './api/advice';
