import type {
  academyVideos,
  blogPosts,
  bottleSizes,
  classifications,
  countries,
  depotPositionStatuses,
  grapes,
  gwsRecords,
  invoicePositions,
  invoices,
  offerers,
  offers,
  orderPositions,
  partialOffers,
  preferencesProfiles,
  raters,
  ratings,
  recommendedPositions,
  regions,
  sellOrders,
  subregions,
  users,
  valuations,
  vintages,
  wineries,
  wines,
} from '../db/schema';
import type { DepotPositionFields, DepotStatusEntryRow, DepotValuationRow } from '../services/depot';
import type { OfferSearchPage } from '../services/offers';

/** Database rows the GraphQL object types are resolved from (codegen `mappers`). */
export type UserModel = typeof users.$inferSelect;
export type CountryModel = typeof countries.$inferSelect;
export type RegionModel = typeof regions.$inferSelect;
export type SubregionModel = typeof subregions.$inferSelect;
export type ClassificationModel = typeof classifications.$inferSelect;
export type WineryModel = typeof wineries.$inferSelect;
export type WineModel = typeof wines.$inferSelect;
export type VintageModel = typeof vintages.$inferSelect;
export type RaterModel = typeof raters.$inferSelect;
export type RatingModel = typeof ratings.$inferSelect;
export type GrapeModel = typeof grapes.$inferSelect;
export type GrapePercentageModel = { vintageId: number; grapeId: number; perc: number };
export type GwsRecordModel = typeof gwsRecords.$inferSelect;
/**
 * What the Valuation type shows: the depot read brings only these fields, its time as ISO text
 * (`DepotValuationRow`); other reads bring whole rows with dates.
 */
export type ValuationModel =
  | Pick<typeof valuations.$inferSelect, 'vintageId' | 'sourceOfValuation' | 'value' | 'datetimeCreated'>
  | DepotValuationRow;
export type BottleSizeModel = typeof bottleSizes.$inferSelect;
export type OffererModel = typeof offerers.$inferSelect;
export type OfferModel = typeof offers.$inferSelect;
export type PartialOfferModel = typeof partialOffers.$inferSelect;
export type VintagePricingModel = { vintage: VintageModel };
/** A page of the offer search; its totals are counted when a client asks for them. */
export type OfferSearchResultModel = OfferSearchPage;
export type AcademyVideoModel = typeof academyVideos.$inferSelect;
export type BlogPageModel = typeof blogPosts.$inferSelect;
/**
 * A position as the DepotPosition type needs it; the depot read brings only these fields and its
 * status history along (`statuses`), other reads bring whole rows and no history.
 */
export type DepotPositionModel = DepotPositionFields & {
  statuses?: DepotPositionStatusModel[];
};
/**
 * What the DepotPositionStatus type shows: the depot read brings only these fields, its time as
 * ISO text (`DepotStatusEntryRow`); other reads bring whole rows with dates.
 */
export type DepotPositionStatusModel =
  | Pick<typeof depotPositionStatuses.$inferSelect, 'status' | 'datetimeStatusUpdate'>
  | DepotStatusEntryRow;
export type OrderPositionModel = typeof orderPositions.$inferSelect;
export type InvoiceModel = typeof invoices.$inferSelect;
export type InvoicePositionModel = typeof invoicePositions.$inferSelect;
export type PreferencesProfileModel = typeof preferencesProfiles.$inferSelect;
export type RecommendedPositionModel = typeof recommendedPositions.$inferSelect;
export type SellOrderModel = typeof sellOrders.$inferSelect;
