import { ANALYTICS_MONTHS, TOP_CLIENTS } from '../../../src/domain/backoffice-analytics';
import { centsToDecimal } from '../../../src/domain/money';
import { clampMonths, salesStats, serviceFeeStats, supplierStats } from '../../services/backoffice-analytics';
import type { QueryResolvers } from '../resolvers-types.generated';

const money = centsToDecimal;

export const analyticsQueries = {
  backofficeSupplierStats: async (_parent, _args, { db }) =>
    (await supplierStats(db)).map((supplier) => ({
      ...supplier,
      purchaseValue: money(supplier.purchaseValue),
      openValue: money(supplier.openValue),
    })),
  backofficeServiceFeeStats: async (_parent, { months, topClients }, { db, config }) => {
    const stats = await serviceFeeStats(db, config.fees, {
      monthCount: clampMonths(months, ANALYTICS_MONTHS),
      topClients: Math.min(100, Math.max(1, Math.trunc(topClients ?? TOP_CLIENTS))),
    });
    return {
      months: stats.months.map((month) => ({
        ...month,
        depotValue: money(month.depotValue),
        feeNet: money(month.feeNet),
        feeGross: money(month.feeGross),
      })),
      topClients: stats.topClients.map((client) => ({
        userId: client.clientId,
        email: client.email,
        firstName: client.firstName,
        lastName: client.lastName,
        depotValue: money(client.depotValue),
        monthlyFeeNet: money(client.monthlyFeeNet),
        monthlyFeeGross: money(client.monthlyFeeGross),
        feeNetTotal: money(client.feeNetTotal),
      })),
      clientCount: stats.clientCount,
      feeBasisPoints: config.fees.managementFeeBasisPoints,
      vatBasisPoints: config.fees.vatBasisPoints,
    };
  },
  backofficeSalesStats: async (_parent, { months }, { db }) => {
    const stats = await salesStats(db, { monthCount: clampMonths(months, ANALYTICS_MONTHS) });
    return {
      months: stats.months.map((month) => ({ ...month, revenue: money(month.revenue) })),
      regions: stats.regions.map((region) => ({ ...region, revenue: money(region.revenue) })),
    };
  },
} satisfies QueryResolvers;
