import { GraphQLError } from 'graphql';
import {
  berlinDay,
  saleProceedsNet,
  soldDay,
  taxFreeFrom,
  valuationSourceLabel,
} from '../../../src/domain/depot-performance';
import {
  currentStatusEntry,
  type DepotStatus as DomainStatus,
  purchaseDate,
} from '../../../src/domain/depot-status';
import { newestMarketValuation, valueDepotPosition } from '../../../src/domain/depot-valuation';
import { centsToDecimal, formatEuro } from '../../../src/domain/money';
import {
  clientIdByMail,
  listClientsDepot,
  listClientsDepotVintageIds,
  listDepotPositions,
  listDepotVintageIds,
} from '../../services/depot';
import { loadDepotPerformance } from '../../services/depot-performance';
import { accessMessages, signedInUser } from '../access';
import type { GraphQLContext } from '../context';
import type { DepotPositionModel } from '../models';
import {
  type DepotPositionResolvers,
  DepotStatus,
  type QueryResolvers,
  type UserResolvers,
} from '../resolvers-types.generated';

const graphQLStatus: Record<DomainStatus, DepotStatus> = {
  PURCHASED: DepotStatus.Purchased,
  SHIPPING: DepotStatus.Shipping,
  IN_BOND: DepotStatus.InBond,
  FOR_SALE: DepotStatus.ForSale,
  SOLD: DepotStatus.Sold,
};

async function requiredRow<Row>(row: Promise<Row | null>, what: string, id: number): Promise<Row> {
  const loaded = await row;
  if (!loaded) throw new GraphQLError(`${what} ${id} fehlt`);
  return loaded;
}

/** The valuation of a position by the shared domain rule (same as the depot screen and the export). */
async function valuationOf(position: DepotPositionModel, { loaders }: GraphQLContext) {
  const [bottleSize, valuations] = await Promise.all([
    requiredRow(loaders.bottleSize.load(position.bottleSizeId), 'Flaschengröße', position.bottleSizeId),
    loaders.valuationsByVintage.load(position.vintageId),
  ]);
  return valueDepotPosition({
    buyPriceBtl: position.buyPriceBtl,
    caskOf: position.caskOf,
    amount: position.amount,
    factorForLiterPrices: bottleSize.factorForLiterPrices,
    valuations,
  });
}

const decimalOrNull = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

function loadVintages({ loaders }: GraphQLContext, ids: number[]) {
  return Promise.all(ids.map((id) => requiredRow(loaders.vintage.load(id), 'Jahrgang', id)));
}

export const depotQueries = {
  clientsDepot: (_parent, _args, context) => listDepotPositions(context.db, signedInUser(context).id),
  clientsDepotVintages: async (_parent, _args, context) =>
    loadVintages(context, await listDepotVintageIds(context.db, signedInUser(context).id)),
  viewClientsDepot: (_parent, { clientsMail }, { db }) => listClientsDepot(db, clientsMail),
  viewClientsDepotVintages: async (_parent, { clientsMail }, context) =>
    loadVintages(context, await listClientsDepotVintageIds(context.db, clientsMail)),
  depotPerformance: async (_parent, { clientsMail }, context) => {
    const user = signedInUser(context);
    let ownerId = user.id;
    if (clientsMail !== null && clientsMail !== undefined) {
      // The same rule as viewClientsDepot: another client's depot is for staff only.
      if (!user.isStaff && !user.isSuperuser) {
        throw new GraphQLError(accessMessages.forbidden, { extensions: { code: 'FORBIDDEN' } });
      }
      ownerId = await clientIdByMail(context.db, clientsMail);
    }
    const performance = await loadDepotPerformance(context.db, ownerId);
    return {
      marketValue: centsToDecimal(performance.marketValue),
      invested: centsToDecimal(performance.invested),
      netExitValue: centsToDecimal(performance.netExitValue),
      taxFreeValue: centsToDecimal(performance.taxFreeValue),
      gainPercent: performance.gainPercent,
      annualizedReturnPercent: performance.annualizedReturnPercent,
      soldPositions: performance.soldCount,
      points: performance.points.map((point) => ({
        date: point.day,
        invested: centsToDecimal(point.invested),
        marketValue: centsToDecimal(point.marketValue),
      })),
      index: performance.index.map((point) => ({ date: point.day, value: point.value })),
    };
  },
} satisfies QueryResolvers;

export const depotUserFields = {
  investmentScore: (user, _args, { loaders }) => loaders.investmentScore.load(user.id),
} satisfies UserResolvers;

export const depotTypes = {
  DepotPosition: {
    owner: (position, _args, { loaders }) =>
      requiredRow(loaders.user.load(position.ownerId), 'Kunde', position.ownerId),
    vintage: (position, _args, { loaders }) =>
      requiredRow(loaders.vintage.load(position.vintageId), 'Jahrgang', position.vintageId),
    bottleSize: (position, _args, { loaders }) =>
      requiredRow(loaders.bottleSize.load(position.bottleSizeId), 'Flaschengröße', position.bottleSizeId),
    buyPriceBtlStr: (position) =>
      formatEuro(valueDepotPosition({ ...position, factorForLiterPrices: 1, valuations: [] }).buyPriceBtl),
    buyPriceCaseStr: (position) =>
      formatEuro(valueDepotPosition({ ...position, factorForLiterPrices: 1, valuations: [] }).buyPriceCase),
    conditionReportPdf: (position) =>
      position.conditionReportPdf ? { id: position.id, file: position.conditionReportPdf } : null,
    depotPositionStatusRel: (position, _args, { loaders }) =>
      loaders.depotStatusesByPosition.load(position.id),
    currentStatus: async (position, _args, { loaders }) => {
      const current = currentStatusEntry(await loaders.depotStatusesByPosition.load(position.id));
      return current ? graphQLStatus[current.status] : null;
    },
    purchaseDate: async (position, _args, { loaders }) =>
      purchaseDate(await loaders.depotStatusesByPosition.load(position.id)),
    marketValueBtl: async (position, _args, context) =>
      decimalOrNull((await valuationOf(position, context)).marketValueBtl),
    marketValueCase: async (position, _args, context) =>
      decimalOrNull((await valuationOf(position, context)).marketValueCase),
    gainPercent: async (position, _args, context) => (await valuationOf(position, context)).gainPercent,
    advice: async (position, _args, context) => (await valuationOf(position, context)).advice,
    valuationSource: async (position, _args, { loaders }) => {
      const newest = newestMarketValuation(await loaders.valuationsByVintage.load(position.vintageId));
      return newest ? valuationSourceLabel(newest.sourceOfValuation) : null;
    },
    valuationDate: async (position, _args, { loaders }) => {
      const newest = newestMarketValuation(await loaders.valuationsByVintage.load(position.vintageId));
      return newest ? berlinDay(newest.datetimeCreated) : null;
    },
    taxFreeFrom: async (position, _args, { loaders }) => {
      const purchased = purchaseDate(await loaders.depotStatusesByPosition.load(position.id));
      return purchased ? taxFreeFrom(berlinDay(purchased)) : null;
    },
    saleProceedsNet: async (position, _args, { loaders }) => {
      // Only positions sold through a sell order have known proceeds; the rest ask the database nothing.
      if (position.sellOrderId === null) return null;
      const statuses = await loaders.depotStatusesByPosition.load(position.id);
      if (soldDay(statuses, berlinDay(new Date())) === null) return null;
      const order = await loaders.saleOrder.load(position.sellOrderId);
      return order ? decimalOrNull(saleProceedsNet(position.amount, order)) : null;
    },
  } satisfies DepotPositionResolvers,
};
