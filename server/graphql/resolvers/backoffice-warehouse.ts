import { reportDemoWarehouseStock } from '../../services/warehouse-demo';
import type {
  DiscrepancyKind,
  NotYetInWarehouse as NotYetRow,
} from '../../services/warehouse-reconciliation';
import {
  importStockReport,
  type StockReportView,
  stockReportHistory,
  type WarehouseReconciliationView,
  warehouseReconciliation,
} from '../../services/warehouse-reports';
import { signedInUser } from '../access';
import {
  type MutationResolvers,
  NotYetInWarehouseState,
  type QueryResolvers,
  WarehouseDiscrepancyKind,
  type WarehouseReconciliation,
  WarehouseReportSource,
  type WarehouseStockReport,
} from '../resolvers-types.generated';

const sources: Record<StockReportView['source'], WarehouseReportSource> = {
  UPLOAD: WarehouseReportSource.Upload,
  API: WarehouseReportSource.Api,
  SEED: WarehouseReportSource.Seed,
  DEMO: WarehouseReportSource.Demo,
};

const kinds: Record<DiscrepancyKind, WarehouseDiscrepancyKind> = {
  MISSING_IN_WAREHOUSE: WarehouseDiscrepancyKind.MissingInWarehouse,
  NOT_OWED: WarehouseDiscrepancyKind.NotOwed,
  OWNER_DIFFERS: WarehouseDiscrepancyKind.OwnerDiffers,
  WINE_DIFFERS: WarehouseDiscrepancyKind.WineDiffers,
  COUNT_DIFFERS: WarehouseDiscrepancyKind.CountDiffers,
};

const states: Record<NotYetRow['state'], NotYetInWarehouseState> = {
  PURCHASED: NotYetInWarehouseState.Purchased,
  SHIPPING: NotYetInWarehouseState.Shipping,
  EN_PRIMEUR: NotYetInWarehouseState.EnPrimeur,
};

const reportOf = (report: StockReportView): WarehouseStockReport => ({
  ...report,
  source: sources[report.source],
});

const reconciliationOf = (view: WarehouseReconciliationView): WarehouseReconciliation => ({
  report: reportOf(view.report),
  matchedCases: view.matchedCases,
  discrepancies: view.discrepancies.map((entry) => ({ ...entry, kind: kinds[entry.kind] })),
  notYetInWarehouse: view.notYetInWarehouse.map((entry) => ({ ...entry, state: states[entry.state] })),
});

export const warehouseQueries = {
  warehouseReconciliation: async (_parent, { reportId }, { db, config }) => {
    const view = await warehouseReconciliation(db, config, reportId);
    return view ? reconciliationOf(view) : null;
  },
  warehouseStockReports: async (_parent, _args, { db, config }) =>
    (await stockReportHistory(db, config)).map(reportOf),
  demoWarehouseAvailable: (_parent, _args, { config }) => Boolean(config.warehouse.demoKeys),
} satisfies QueryResolvers;

export const warehouseMutations = {
  importWarehouseStockReport: async (_parent, { csv, signature }, context) => {
    const result = await importStockReport(context.db, context.config, {
      // The signature covers the file's bytes: the text as the back office read it, in UTF-8.
      csv: Buffer.from(csv, 'utf8'),
      signature,
      source: 'UPLOAD',
      importedById: signedInUser(context).id,
    });
    if (!result.success) return result;
    context.nudgeOutbox();
    return { ...result, report: reportOf(result.report) };
  },
  reportDemoWarehouseStock: async (_parent, _args, context) => {
    const result = await reportDemoWarehouseStock(context.db, context.config, {
      source: 'DEMO',
      importedById: signedInUser(context).id,
    });
    if (!result.success) return result;
    context.nudgeOutbox();
    return { ...result, report: reportOf(result.report) };
  },
} satisfies MutationResolvers;
