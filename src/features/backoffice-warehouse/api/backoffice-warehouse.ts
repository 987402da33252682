import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKOFFICE_QUERY_KEY } from '../../../api/backoffice-key';
import { useApiClient } from '../../../api/client';
import {
  DemoWarehouseAvailableDocument,
  ImportWarehouseStockReportDocument,
  type ImportWarehouseStockReportMutationVariables,
  ReportDemoWarehouseStockDocument,
  WarehouseReconciliationDocument,
  type WarehouseReconciliationQuery,
  type WarehouseStockReportFieldsFragment,
  WarehouseStockReportsDocument,
} from '../../../api/graphql.generated';
import { acceptedOrThrow } from '../../../api/mutation-refused';
import { CONNECTION_FAILED } from '../../../domain/error-texts';

export type WarehouseStockReport = WarehouseStockReportFieldsFragment;
export type WarehouseReconciliation = NonNullable<WarehouseReconciliationQuery['warehouseReconciliation']>;
export type WarehouseDiscrepancy = WarehouseReconciliation['discrepancies'][number];

export const warehouseKeys = {
  all: [BACKOFFICE_QUERY_KEY, 'warehouse'] as const,
  reconciliation: (reportId: number | null) => [...warehouseKeys.all, 'reconciliation', reportId] as const,
  history: () => [...warehouseKeys.all, 'history'] as const,
  demo: () => [...warehouseKeys.all, 'demo'] as const,
};

/** One report's reconciliation (null: the latest); null before the first report. */
export function useWarehouseReconciliation(reportId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: warehouseKeys.reconciliation(reportId),
    queryFn: async () =>
      (await client.request(WarehouseReconciliationDocument, { reportId })).warehouseReconciliation,
  });
}

/** The imported reports, newest first. */
export function useWarehouseStockReports() {
  const client = useApiClient();
  return useQuery({
    queryKey: warehouseKeys.history(),
    queryFn: async () => (await client.request(WarehouseStockReportsDocument)).warehouseStockReports,
  });
}

/** Imports a signed report; the reconciliation and the history are loaded again once it is in. */
export function useImportWarehouseStockReport() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: 'Bestandsbericht nicht übernommen', fallbackMessage: CONNECTION_FAILED },
    mutationFn: async (variables: ImportWarehouseStockReportMutationVariables) =>
      acceptedOrThrow(
        (await client.request(ImportWarehouseStockReportDocument, variables)).importWarehouseStockReport,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}

/** Whether the demo warehouse stands in for the real one (demo portals only). */
export function useDemoWarehouseAvailable() {
  const client = useApiClient();
  return useQuery({
    queryKey: warehouseKeys.demo(),
    queryFn: async () => (await client.request(DemoWarehouseAvailableDocument)).demoWarehouseAvailable,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The demo warehouse reports the ledger as it stands; reloads like an import. */
export function useReportDemoWarehouseStock() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: 'Bericht des Demo-Lagers nicht übernommen', fallbackMessage: CONNECTION_FAILED },
    mutationFn: async () =>
      acceptedOrThrow((await client.request(ReportDemoWarehouseStockDocument)).reportDemoWarehouseStock),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}
