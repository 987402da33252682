import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import { currentMarketValue } from '../../../src/domain/market-value';
import { centsToDecimal, decimalToCents } from '../../../src/domain/money';
import { sellProceeds } from '../../../src/domain/secondary-market';
import { isStaffUser } from '../../../src/domain/staff';
import { depotPositions, users } from '../../db/schema';
import { resaleOriginsByOffer } from '../../services/resale-origins';
import {
  cancelSellOrder,
  createSellOrder,
  listSellOrders,
  type SellOrderOutcome,
  sellOrdersByIds,
} from '../../services/secondary-market';
import { buyableOffersBySize, recentResalePrices, sizeKey } from '../../services/secondary-market-prices';
import { approveSellOrder, rejectSellOrder } from '../../services/secondary-market-review';
import { signedInUser } from '../access';
import type { GraphQLContext } from '../context';
import type { OfferModel, SellOrderModel } from '../models';
import {
  type DepotPositionResolvers,
  type MutationResolvers,
  type OfferResolvers,
  type PartialOfferResolvers,
  type QueryResolvers,
  type SellOrderResolvers,
  SellOrderStatus,
} from '../resolvers-types.generated';
import { settlementPdfUrl } from '../shared-views';

const isStaff = (context: GraphQLContext) => isStaffUser(context.user);

/** Per-request loaders of this area, kept beside the context (no edit of the shared loaders). */
const areaLoaders = new WeakMap<GraphQLContext, ReturnType<typeof createAreaLoaders>>();

function createAreaLoaders(context: GraphQLContext) {
  const { db } = context;
  return {
    sellOrder: new DataLoader<number, SellOrderModel | null>(async (ids) => {
      const rows = await sellOrdersByIds(db, ids);
      return ids.map((id) => rows.find((row) => row.id === id) ?? null);
    }),
    storageIds: new DataLoader<number, string | null>(async (ids) => {
      const rows = await db
        .select({ id: depotPositions.id, storageId: depotPositions.storageId })
        .from(depotPositions)
        .where(inArray(depotPositions.id, [...ids]));
      return ids.map((id) => rows.find((row) => row.id === id)?.storageId ?? null);
    }),
    buyableOffers: new DataLoader<{ vintageId: number; bottleSizeId: number }, OfferModel[], string>(
      async (keys) => {
        const byKey = await buyableOffersBySize(db, keys);
        return keys.map((key) => byKey.get(sizeKey(key)) ?? []);
      },
      { cacheKeyFn: sizeKey },
    ),
    resaleOrigin: new DataLoader(async (offerIds: readonly number[]) => {
      const origins = await resaleOriginsByOffer(db, offerIds);
      return offerIds.map((id) => origins.get(id) ?? null);
    }),
    userName: new DataLoader<number, string | null>(async (ids) => {
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return ids.map((id) => {
        const row = rows.find((user) => user.id === id);
        return row ? `${row.firstName} ${row.lastName}`.trim() || row.email : null;
      });
    }),
  };
}

function loadersOf(context: GraphQLContext) {
  let loaders = areaLoaders.get(context);
  if (!loaders) {
    loaders = createAreaLoaders(context);
    areaLoaders.set(context, loaders);
  }
  return loaders;
}

async function required<Row>(row: Promise<Row | null>, what: string, id: number): Promise<Row> {
  const loaded = await row;
  if (!loaded) throw new GraphQLError(`${what} ${id} fehlt`);
  return loaded;
}

const statuses = new Map<string, SellOrderStatus>(
  Object.values(SellOrderStatus).map((status) => [status, status]),
);

const answer = (outcome: SellOrderOutcome) => outcome;

/** The market value per bottle of a vintage and size as the API's object; null without a valuation. */
async function marketValueFor(context: GraphQLContext, vintageId: number, bottleSizeId: number) {
  const [valuations, size] = await Promise.all([
    context.loaders.valuationsByVintage.load(vintageId),
    context.loaders.bottleSize.load(bottleSizeId),
  ]);
  if (!size) return null;
  const value = currentMarketValue(valuations, size.factorForLiterPrices);
  return value ? { valueBtl: centsToDecimal(value.valueBtl), source: value.source, date: value.day } : null;
}

export const secondaryMarketQueries = {
  mySellOrders: (_parent, _args, context) =>
    listSellOrders(context.db, { sellerId: signedInUser(context).id }),
  allSellOrders: (_parent, { status }, context) => listSellOrders(context.db, { status: status ?? null }),
} satisfies QueryResolvers;

export const secondaryMarketMutations = {
  createSellOrder: async (_parent, { depotPositionId, cases, askPriceBtl, confirmDeviation }, context) =>
    answer(
      await createSellOrder(context.db, signedInUser(context).id, {
        depotPositionId,
        cases,
        askPriceBtl,
        confirmDeviation,
      }),
    ),
  cancelSellOrder: async (_parent, { sellOrderId }, context) =>
    answer(await cancelSellOrder(context.db, signedInUser(context).id, sellOrderId)),
  approveSellOrder: async (_parent, { sellOrderId, sellPriceBtl, reason }, context) =>
    answer(
      await approveSellOrder(context.db, signedInUser(context).id, { sellOrderId, sellPriceBtl, reason }),
    ),
  rejectSellOrder: async (_parent, { sellOrderId, reason }, context) =>
    answer(
      await rejectSellOrder(context.db, context.config, signedInUser(context).id, { sellOrderId, reason }),
    ),
} satisfies MutationResolvers;

export const secondaryMarketTypes = {
  SellOrder: {
    status: (order) => statuses.get(order.status) ?? SellOrderStatus.Requested,
    vintage: (order, _args, { loaders }) =>
      required(loaders.vintage.load(order.vintageId), 'Jahrgang', order.vintageId),
    bottleSize: (order, _args, { loaders }) =>
      required(loaders.bottleSize.load(order.bottleSizeId), 'Flaschengröße', order.bottleSizeId),
    casesReserved: async (order, _args, { loaders }) => {
      if (order.status !== 'LISTED' || !order.offerId || !order.partialOfferId) return 0;
      const tranches = await loaders.partialOffersByOffer.load(order.offerId);
      const tranche = tranches.find((row) => row.id === order.partialOfferId);
      return tranche
        ? Math.max(0, order.cases - order.casesSold - Math.max(0, tranche.quantityAvailable))
        : 0;
    },
    marginBtl: (order, _args, context) =>
      isStaff(context) && order.sellPriceBtl
        ? centsToDecimal(decimalToCents(order.sellPriceBtl) - decimalToCents(order.askPriceBtl))
        : null,
    expectedProceedsNet: (order) =>
      centsToDecimal(sellProceeds(order.cases, order.caskOf, decimalToCents(order.askPriceBtl)).net),
    storageIds: (order, _args, context) => loadersOf(context).storageIds.load(order.depotPositionId),
    settlementPdfUrl: (order, _args, { config }) =>
      settlementPdfUrl(config.publicUrl, order.settlementToken, order.casesSold),
    seller: (order, _args, { loaders }) =>
      required(loaders.user.load(order.sellerId), 'Kunde', order.sellerId),
    marketValue: (order, _args, context) => marketValueFor(context, order.vintageId, order.bottleSizeId),
    houseOffer: async (order, _args, context) => {
      if (!isStaff(context)) return null;
      const buyable = await loadersOf(context).buyableOffers.load(order);
      return buyable.find((offer) => !offer.secondaryMarket) ?? null;
    },
    recentResalePrices: async (order, _args, context) => {
      if (!isStaff(context)) return [];
      const rows = await recentResalePrices(context.db, {
        vintageId: order.vintageId,
        bottleSizeId: order.bottleSizeId,
        exceptId: order.id,
      });
      return rows.flatMap((row) =>
        row.sellPriceBtl && row.listedAt
          ? [
              {
                ...row,
                sellPriceBtl: row.sellPriceBtl,
                listedAt: row.listedAt,
                status: statuses.get(row.status) ?? SellOrderStatus.Listed,
              },
            ]
          : [],
      );
    },
  } satisfies SellOrderResolvers,
};

export const secondaryMarketOfferFields = {
  secondaryMarket: (offer) => offer.secondaryMarket,
  resaleOrigin: (offer, _args, context) =>
    offer.secondaryMarket ? loadersOf(context).resaleOrigin.load(offer.id) : null,
  marketValue: (offer, _args, context) => marketValueFor(context, offer.vintageId, offer.bottleSizeId),
  comparableOffers: (offer, _args, context) => loadersOf(context).buyableOffers.load(offer),
} satisfies OfferResolvers;

export const secondaryMarketTrancheFields = {
  sellerUserId: (tranche, _args, context) => (isStaff(context) ? tranche.sellerUserId : null),
  sellerName: (tranche, _args, context) =>
    isStaff(context) && tranche.sellerUserId ? loadersOf(context).userName.load(tranche.sellerUserId) : null,
} satisfies PartialOfferResolvers;

export const secondaryMarketDepotFields = {
  sellOrder: (position, _args, context) =>
    position.sellOrderId ? loadersOf(context).sellOrder.load(position.sellOrderId) : null,
} satisfies DepotPositionResolvers;
