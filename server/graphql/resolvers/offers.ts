import {
  findFeaturedOffer,
  findOfferPage,
  listBrandImages,
  listCountries,
  listGwsRecords,
  listOffers,
  listRegions,
  listSubregions,
  listVintages,
  listWineries,
  searchOffers,
} from '../../services/offers';
import type { OfferSearchResultResolvers, QueryResolvers } from '../resolvers-types.generated';

/** Browsing offers: filter lists, the offer search and the offer page (all public catalogue data). */
export const offerQueries = {
  allWineries: (_parent, { promote, withOfferOnly }, { db }) => listWineries(db, { promote, withOfferOnly }),
  allCountries: (_parent, _args, { db }) => listCountries(db),
  allRegions: (_parent, _args, { db }) => listRegions(db),
  allSubregions: (_parent, _args, { db }) => listSubregions(db),
  allVintages: (_parent, _args, { db }) => listVintages(db),
  allOffers: (_parent, _args, { db }) => listOffers(db),
  allBrandImages: (_parent, { width }, { db }) => listBrandImages(db, width),
  allGwsRecords: (_parent, { lwin, vintageMin, vintageMax }, { db }) =>
    listGwsRecords(db, { lwin, vintageMin, vintageMax }),
  searchOffers: (_parent, args, { db }) => searchOffers(db, args),
  offerPage: (_parent, { lwin11 }, { db }) => findOfferPage(db, lwin11),
  featuredOffer: (_parent, _args, { db }) => findFeaturedOffer(db),
} satisfies QueryResolvers;

/** The totals over all pages: counted only when asked for (a page alone costs what it holds). */
export const offerSearchResultFields = {
  totalAvailable: (page) => page.totalAvailable(),
  totalOnRequest: (page) => page.totalOnRequest(),
} satisfies OfferSearchResultResolvers;
