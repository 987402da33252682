/** The offers' queries (the start page and the offline sync use them). */
export {
  offerFilterListsQueryOptions,
  offerPageQueryOptions,
  offersOnDeviceQueryOptions,
  startPageQueryOptions,
  useStartPage,
} from './api/offers';
