import { expect } from 'vitest';
import { reportDemoWarehouseStock } from '../../../server/services/warehouse-demo';
import type { TestPortal } from './harness';

/**
 * The demo warehouse's signed stock report of the ledger as it stands now, imported: a case in
 * bond counts as stored (a certificate lists it so) once such a report holds its lot.
 */
export async function importDemoWarehouseReport(portal: TestPortal): Promise<void> {
  const imported = await reportDemoWarehouseStock(portal.db, portal.config, {
    source: 'DEMO',
    importedById: null,
  });
  expect(imported.errors).toEqual([]);
}
