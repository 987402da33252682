/** The offers' queries (the start page and the offline sync use them) and the search's default filter. */
export {
  offerFilterListsQueryOptions,
  offerPageQueryOptions,
  searchOffersQueryOptions,
  startPageQueryOptions,
  useStartPage,
} from './api/offers';
export { defaultOfferFilter, offerSearchVariables } from './model/offer-filter';
