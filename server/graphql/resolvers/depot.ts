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
import {
  MARKET_VALUE_SOURCE,
  newestMarketValuation,
  valueDepotPosition,
} from '../../../src/domain/depot-valuation';
import { centsToDecimal, formatEuro } from '../../../src/domain/money';
import { isStaffUser } from '../../../src/domain/staff';
import { clientIdByMail } from '../../services/depot';
import { loadDepotPerformance } from '../../services/depot-performance';
import { accessMessages, signedInUser } from '../access';
import type { GraphQLContext } from '../context';
import type { Loaders } from '../loaders';
import type { BottleSizeModel, DepotPositionModel, ValuationModel, VintageModel } from '../models';
import {
  type DepotPositionResolvers,
  DepotStatus,
  type QueryResolvers,
  type UserResolvers,
} from '../resolvers-types.generated';
import { settlementPdfUrl } from '../shared-views';

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

/** A catalogue row without a promise when the process's cache holds it. */
function cachedOrLoad<Row>(
  context: GraphQLContext,
  kind: 'vintage' | 'bottleSize',
  id: number,
  what: string,
): Row | Promise<Row> {
  return (
    context.catalogue.peek<Row>(kind, id) ??
    requiredRow(context.loaders[kind].load(id) as Promise<Row | null>, what, id)
  );
}

/** The valuations of a vintage: from this request's depot read, else through the loader. */
function valuationsOf(
  { loaders }: GraphQLContext,
  vintageId: number,
): ValuationModel[] | Promise<ValuationModel[]> {
  return loaders.depotValuations(vintageId) ?? loaders.valuationsByVintage.load(vintageId);
}

/** The valuation of a position by the shared domain rule (same as the depot screen and the export). */
function valuationOf(position: DepotPositionModel, context: GraphQLContext) {
  const size = context.catalogue.peek<BottleSizeModel>('bottleSize', position.bottleSizeId);
  const known = context.loaders.depotValuations(position.vintageId);
  const value = (bottleSize: BottleSizeModel, valuations: Awaited<ReturnType<typeof valuationsOf>>) =>
    valueDepotPosition({
      buyPriceBtl: position.buyPriceBtl,
      caskOf: position.caskOf,
      amount: position.amount,
      factorForLiterPrices: bottleSize.factorForLiterPrices,
      valuations,
    });
  if (size && known) return value(size, known);
  return Promise.all([
    cachedOrLoad<BottleSizeModel>(context, 'bottleSize', position.bottleSizeId, 'Flaschengröße'),
    valuationsOf(context, position.vintageId),
  ]).then(([bottleSize, valuations]) => value(bottleSize, valuations));
}

/** Applies `use` to a value or to the value a promise brings (no promise where a plain value does). */
function then<Value, Result>(
  value: Value | Promise<Value>,
  use: (value: Value) => Result,
): Result | Promise<Result> {
  return value instanceof Promise ? value.then(use) : use(value);
}

/** The sell order that sold a position; null while the position is held. */
async function saleOrderOf(position: DepotPositionModel, sellOrderId: number, loaders: Loaders) {
  const statuses = position.statuses ?? (await loaders.depotStatusesByPosition.load(position.id));
  if (soldDay(statuses, berlinDay(new Date())) === null) return null;
  return loaders.saleOrder.load(sellOrderId);
}

async function saleProceeds(position: DepotPositionModel, sellOrderId: number, loaders: Loaders) {
  const order = await saleOrderOf(position, sellOrderId, loaders);
  return order ? decimalOrNull(saleProceedsNet(position.amount, order)) : null;
}

const decimalOrNull = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

/**
 * The depot's vintages with their wines, wineries, classifications and regions, all loaded before
 * the fields are resolved: through the catalogue cache, the fields then find them without a promise.
 */
async function loadDepotVintages(context: GraphQLContext, ids: number[]): Promise<VintageModel[]> {
  const { loaders } = context;
  const vintages = await Promise.all(ids.map((id) => requiredRow(loaders.vintage.load(id), 'Jahrgang', id)));
  const wines = await Promise.all(
    [...new Set(vintages.map((vintage) => vintage.wineId))].map((id) => loaders.wine.load(id)),
  );
  const wineries = await Promise.all(
    [...new Set(wines.map((wine) => wine?.wineryId ?? 0))].map((id) => loaders.winery.load(id)),
  );
  await Promise.all([
    ...[...new Set(wines.map((wine) => wine?.classificationId ?? null))].map((id) =>
      id === null ? null : loaders.classification.load(id),
    ),
    ...[...new Set(wineries.map((winery) => winery?.regionId ?? 0))].map((id) => loaders.region.load(id)),
  ]);
  return vintages;
}

export const depotQueries = {
  // The positions and the vintages fields share one read of the depot (two statements side by side).
  clientsDepot: async (_parent, _args, context) =>
    (await context.loaders.depot(signedInUser(context).id)).positions,
  clientsDepotVintages: async (_parent, _args, context) =>
    loadDepotVintages(context, (await context.loaders.depot(signedInUser(context).id)).vintageIds),
  viewClientsDepot: async (_parent, { clientsMail }, context) =>
    (await context.loaders.depot(await clientIdByMail(context.db, clientsMail))).positions,
  viewClientsDepotVintages: async (_parent, { clientsMail }, context) =>
    loadDepotVintages(
      context,
      (await context.loaders.depot(await clientIdByMail(context.db, clientsMail))).vintageIds,
    ),
  depotPerformance: async (_parent, { clientsMail }, context) => {
    const user = signedInUser(context);
    let ownerId = user.id;
    if (clientsMail !== null && clientsMail !== undefined) {
      // The same rule as viewClientsDepot: another client's depot is for staff only.
      if (!isStaffUser(user)) {
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
      index: performance.index.map((point) => ({
        date: point.day,
        value: point.value,
        newestPriceDate: point.newestPriceDay,
      })),
      valuationSource: valuationSourceLabel(MARKET_VALUE_SOURCE),
      valuationAsOf: performance.valuationAsOf,
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
    vintage: (position, _args, context) =>
      cachedOrLoad<VintageModel>(context, 'vintage', position.vintageId, 'Jahrgang'),
    bottleSize: (position, _args, context) =>
      cachedOrLoad<BottleSizeModel>(context, 'bottleSize', position.bottleSizeId, 'Flaschengröße'),
    buyPriceBtlStr: (position) =>
      formatEuro(valueDepotPosition({ ...position, factorForLiterPrices: 1, valuations: [] }).buyPriceBtl),
    buyPriceCaseStr: (position) =>
      formatEuro(valueDepotPosition({ ...position, factorForLiterPrices: 1, valuations: [] }).buyPriceCase),
    conditionReportPdf: (position) =>
      position.conditionReportPdf ? { id: position.id, file: position.conditionReportPdf } : null,
    depotPositionStatusRel: (position, _args, { loaders }) =>
      position.statuses ?? loaders.depotStatusesByPosition.load(position.id),
    currentStatus: (position, _args, { loaders }) =>
      then(position.statuses ?? loaders.depotStatusesByPosition.load(position.id), (statuses) => {
        const current = currentStatusEntry(statuses);
        return current ? graphQLStatus[current.status] : null;
      }),
    purchaseDate: (position, _args, { loaders }) =>
      then(position.statuses ?? loaders.depotStatusesByPosition.load(position.id), purchaseDate),
    marketValueBtl: (position, _args, context) =>
      then(valuationOf(position, context), (valuation) => decimalOrNull(valuation.marketValueBtl)),
    marketValueCase: (position, _args, context) =>
      then(valuationOf(position, context), (valuation) => decimalOrNull(valuation.marketValueCase)),
    gainPercent: (position, _args, context) =>
      then(valuationOf(position, context), (valuation) => valuation.gainPercent),
    advice: (position, _args, context) =>
      then(valuationOf(position, context), (valuation) => valuation.advice),
    valuationSource: (position, _args, context) =>
      then(valuationsOf(context, position.vintageId), (valuations) => {
        const newest = newestMarketValuation(valuations);
        return newest ? valuationSourceLabel(newest.sourceOfValuation) : null;
      }),
    valuationDate: (position, _args, context) =>
      then(valuationsOf(context, position.vintageId), (valuations) => {
        const newest = newestMarketValuation(valuations);
        return newest ? berlinDay(newest.datetimeCreated) : null;
      }),
    taxFreeFrom: (position, _args, { loaders }) =>
      then(position.statuses ?? loaders.depotStatusesByPosition.load(position.id), (statuses) => {
        const purchased = purchaseDate(statuses);
        return purchased ? taxFreeFrom(berlinDay(purchased)) : null;
      }),
    saleProceedsNet: (position, _args, { loaders }) =>
      // Only positions sold through a sell order have known proceeds; the rest ask the database nothing.
      position.sellOrderId === null ? null : saleProceeds(position, position.sellOrderId, loaders),
    settlementPdfUrl: async (position, _args, { loaders, config }) => {
      if (position.sellOrderId === null) return null;
      const order = await saleOrderOf(position, position.sellOrderId, loaders);
      return order ? settlementPdfUrl(config.publicUrl, order.settlementToken, order.casesSold) : null;
    },
    hasMrn: (position) => position.hasMrn,
    warehouseConfirmedOn: (position, _args, { loaders }) => loaders.warehouseConfirmedOn.load(position.id),
    // The depot read brings the invoice along (one subquery per position, no request of its own).
    invoice: ({ invoice }, _args, { config }) =>
      invoice
        ? {
            id: invoice.id,
            invoiceNumber: invoice.invoiceNumber,
            invoiceDate: invoice.invoiceDate,
            pdfUrl: invoice.invoiceNumber ? `${config.publicUrl}/invoices/${invoice.token}.pdf` : null,
          }
        : null,
  } satisfies DepotPositionResolvers,
};
