import { expect } from 'vitest';
import { demoStockReport } from '../../../server/services/warehouse-demo';
import { importStockReport } from '../../../server/services/warehouse-reports';
import type { TestPortal } from './harness';

/**
 * The demo warehouse's signed stock report of the ledger as it stands now, imported: a case in
 * bond counts as stored (a certificate lists it so) once such a report holds its lot.
 */
export async function importDemoWarehouseReport(portal: TestPortal): Promise<void> {
  const keys = portal.config.warehouse.demoKeys;
  if (!keys) throw new Error('Testportal ohne Demo-Lager');
  const imported = await importStockReport(portal.db, portal.config, {
    ...(await demoStockReport(portal.db, keys, new Date())),
    source: 'UPLOAD',
    importedById: null,
  });
  expect(imported.errors).toEqual([]);
}
