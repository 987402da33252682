export {
  offerFilterListsQueryOptions,
  offerPageQueryOptions,
  searchOffersQueryOptions,
  startPageQueryOptions,
  useStartPage,
} from './api/offers';
export { defaultOfferFilter, offerSearchVariables } from './model/offer-filter';
