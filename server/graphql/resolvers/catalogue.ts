import { GraphQLError } from 'graphql';
import { formatEuro } from '../../../src/domain/money';
import { availableCases, casePriceCents, pricePerLiterCents } from '../../../src/domain/offer-pricing';
import { isStaffUser } from '../../../src/domain/staff';
import { findVintage, listBottleSizes } from '../../services/catalogue';
import { sanitizeRichText } from '../../services/html';
import { signMediaUrl } from '../../services/media-signing';
import type { GraphQLContext } from '../context';
import type {
  BottleSizeModel,
  ClassificationModel,
  OfferModel,
  RegionModel,
  WineModel,
  WineryModel,
} from '../models';
import type { QueryResolvers, Resolvers } from '../resolvers-types.generated';

/** Loads a required relation; a missing row is a broken foreign key, never a client error. */
async function required<Row>(
  loader: { load(id: number): Promise<unknown> },
  id: number,
  what: string,
): Promise<Row> {
  const row = (await loader.load(id)) as Row | null;
  if (!row) throw new GraphQLError(`${what} ${id} fehlt`);
  return row;
}

const isStaff = (context: GraphQLContext) => isStaffUser(context.user);

// The client area and the back office name the same prices differently; one formatter each.
const bottlePriceText = (offer: OfferModel) => formatEuro(casePriceCents(offer.sellPriceBtl, 1));
const casePriceText = (offer: OfferModel) => formatEuro(casePriceCents(offer.sellPriceBtl, offer.caskOf));
async function literPriceText(offer: OfferModel, _args: unknown, { loaders }: GraphQLContext) {
  const size = await required<{ factorForLiterPrices: string }>(
    loaders.bottleSize,
    offer.bottleSizeId,
    'Flaschengröße',
  );
  return formatEuro(pricePerLiterCents(offer.sellPriceBtl, size.factorForLiterPrices));
}

export const catalogueQueries = {
  allBottleSizes: (_parent, _args, { db, catalogue }) => {
    const cached = catalogue.bottleSizes<BottleSizeModel>();
    if (cached) return cached;
    const generation = catalogue.generation;
    return listBottleSizes(db).then((rows) => {
      catalogue.storeBottleSizes(generation, rows);
      catalogue.store(
        'bottleSize',
        generation,
        rows.map((row) => [row.id, row]),
      );
      return rows;
    });
  },
  vintageDetails: (_parent, { vintageId }, { db }) => findVintage(db, vintageId),
} satisfies QueryResolvers;

export const catalogueTypes = {
  Region: {
    country: (region, _args, { loaders }) => required(loaders.country, region.countryId, 'Land'),
  },
  Subregion: {
    region: (subregion, _args, { loaders }) => required(loaders.region, subregion.regionId, 'Region'),
  },
  Winery: {
    // Stored editorial HTML is answered sanitised, also in the fields named as in the original API.
    description: (winery) => sanitizeRichText(winery.description),
    location: (winery) =>
      winery.longitude === null || winery.latitude === null
        ? null
        : `POINT(${winery.longitude} ${winery.latitude})`,
    classification: (winery, _args, { loaders }) =>
      winery.classificationId === null ? null : loaders.classification.load(winery.classificationId),
    region: (winery, _args, { catalogue, loaders }) =>
      catalogue.peek<RegionModel>('region', winery.regionId) ??
      required(loaders.region, winery.regionId, 'Region'),
    subregion: (winery, _args, { loaders }) =>
      winery.subregionId === null ? null : loaders.subregion.load(winery.subregionId),
    wines: (winery, _args, { loaders }) => loaders.winesByWinery.load(winery.id),
  },
  Wine: {
    description: (wine) => sanitizeRichText(wine.description),
    classification: (wine, _args, { catalogue, loaders }) =>
      wine.classificationId === null
        ? null
        : (catalogue.peek<ClassificationModel>('classification', wine.classificationId) ??
          loaders.classification.load(wine.classificationId)),
    subregion: (wine, _args, { loaders }) =>
      wine.subregionId === null ? null : loaders.subregion.load(wine.subregionId),
    winery: (wine, _args, { catalogue, loaders }) =>
      catalogue.peek<WineryModel>('winery', wine.wineryId) ??
      required(loaders.winery, wine.wineryId, 'Weingut'),
    vintages: (wine, _args, { loaders }) => loaders.vintagesByWine.load(wine.id),
  },
  Rating: {
    rater: (rating, _args, { loaders }) => required(loaders.rater, rating.raterId, 'Kritiker'),
    score: (rating) => Number(rating.score),
  },
  GrapePercentage: {
    grape: (share, _args, { loaders }) => required(loaders.grape, share.grapeId, 'Rebsorte'),
  },
  VintagePricing: {
    auctionAveragePriceEurAdj: ({ vintage }) => vintage.auctionAveragePriceEurAdj,
    history: ({ vintage }, _args, { loaders }) => loaders.priceHistoryByVintage.load(vintage.id),
  },
  Vintage: {
    salesHeadline: (vintage) => sanitizeRichText(vintage.salesHeadline),
    description: (vintage) => sanitizeRichText(vintage.description),
    usp: (vintage) => sanitizeRichText(vintage.usp),
    statistics: (vintage) => vintage.statistics,
    referenceRater: (vintage, _args, { loaders }) =>
      vintage.referenceRaterId === null ? null : loaders.rater.load(vintage.referenceRaterId),
    referenceScore: (vintage) => (vintage.referenceScore === null ? null : Number(vintage.referenceScore)),
    referenceKpi: (vintage) => (vintage.referenceKpi === null ? null : Number(vintage.referenceKpi)),
    ratRel: (vintage, _args, { loaders }) => loaders.ratingsByVintage.load(vintage.id),
    grapePercentageRel: (vintage, _args, { loaders }) => loaders.grapesByVintage.load(vintage.id),
    gwsRecord: async (vintage, _args, { loaders }) =>
      (await loaders.gwsByVintage.load(vintage.id))[0] ?? null,
    valuationRel: (vintage, _args, { loaders }) =>
      loaders.depotValuations(vintage.id) ?? loaders.valuationsByVintage.load(vintage.id),
    vintagePricing: (vintage) => ({ vintage }),
    assortmentPartialRel: (vintage, _args, { loaders }) => loaders.assortmentByVintage.load(vintage.id),
    offerRel: (vintage, _args, { loaders }) => loaders.activeOffersByVintage.load(vintage.id),
    wine: (vintage, _args, { catalogue, loaders }) =>
      catalogue.peek<WineModel>('wine', vintage.wineId) ?? required(loaders.wine, vintage.wineId, 'Wein'),
    // The offer page's video is public: a signed, short-lived address for everyone.
    videoUrl: (vintage, _args, { config }) =>
      vintage.videoUrl === null ? null : signMediaUrl(vintage.videoUrl, config.mediaUrlSecret, new Date()),
  },
  Offer: {
    vintage: (offer, _args, { loaders }) => required(loaders.vintage, offer.vintageId, 'Jahrgang'),
    bottleSize: (offer, _args, { loaders }) =>
      required(loaders.bottleSize, offer.bottleSizeId, 'Flaschengröße'),
    priceBtl: (offer) => offer.sellPriceBtl,
    priceBtlStr: bottlePriceText,
    sellPriceBtlStr: bottlePriceText,
    sellPriceCaseStr: casePriceText,
    priceCaseStr: casePriceText,
    pricePerLiterStr: literPriceText,
    sellPricePerLiterStr: literPriceText,
    entityPriceNet: (offer, _args, context) => (isStaff(context) ? offer.entityPriceNet : null),
    availableCases: async (offer, _args, { loaders }) =>
      availableCases(await loaders.partialOffersByOffer.load(offer.id)),
    partialOfferRel: (offer, _args, { loaders }) => loaders.partialOffersByOffer.load(offer.id),
  },
  PartialOffer: {
    buyPriceBtl: (tranche, _args, context) => (isStaff(context) ? tranche.buyPriceBtl : null),
    quantityOnInvoice: (tranche, _args, context) => (isStaff(context) ? tranche.quantityOnInvoice : null),
    datetimeCreated: (tranche, _args, context) => (isStaff(context) ? tranche.datetimeCreated : null),
    datetimeProforma: (tranche, _args, context) => (isStaff(context) ? tranche.datetimeProforma : null),
    mrn: (tranche, _args, context) => (isStaff(context) ? tranche.mrn : null),
    proformaInvoiceNumberSourcing: (tranche, _args, context) =>
      isStaff(context) ? tranche.proformaInvoiceNumberSourcing : null,
    invoiceNumberSourcing: (tranche, _args, context) =>
      isStaff(context) ? tranche.invoiceNumberSourcing : null,
    paid: (tranche, _args, context) => (isStaff(context) ? tranche.paid : null),
    livexTrade: (tranche, _args, context) => (isStaff(context) ? tranche.livexTrade : null),
    storageIds: (tranche, _args, context) => (isStaff(context) ? tranche.storageIds : null),
    storageLocation: (tranche, _args, context) => (isStaff(context) ? tranche.storageLocation : null),
    lifecycle: (tranche, _args, context) => (isStaff(context) ? tranche.lifecycle : null),
    offerer: (tranche, _args, context) =>
      isStaff(context) && tranche.offererId !== null ? context.loaders.offerer.load(tranche.offererId) : null,
    offer: (tranche, _args, { loaders }) => required(loaders.offer, tranche.offerId, 'Angebot'),
  },
} satisfies Resolvers;
