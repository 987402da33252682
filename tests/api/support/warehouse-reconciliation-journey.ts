/**
 * The set-up of the `warehouse-*.test.ts` files: their documents
 * (`tests/api/documents/warehouse-reconciliation.graphql`), a seeded portal per file and database with
 * staff signed in and the demo warehouse's keys, and helpers that read the reconciliation, import a
 * report and edit the demo warehouse's report row by row.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { demoStockReport } from '../../../server/services/warehouse-demo';
import type { WarehouseKeyPair } from '../../../server/services/warehouse-signature';
import { apiOperations } from './documents';
import { type DatabaseTarget, startTestPortal, type TestPortal } from './harness';
import { signInToken } from './sign-in';

export const warehouseOperation = apiOperations('warehouse-reconciliation');
const RECONCILIATION = warehouseOperation('WarehouseReconciliation');
const IMPORT = warehouseOperation('ImportWarehouseStockReport');

export interface Reconciliation {
  report: { id: number; asOf: string; signatureValid: boolean; casesTotal: number };
  matchedCases: number;
  discrepancies: {
    kind: string;
    lotId: string | null;
    lwin11: string;
    customerNumber: string | null;
    ledgerCases: number;
    warehouseCases: number;
  }[];
  notYetInWarehouse: { customerNumber: string; lwin11: string; cases: number; state: string }[];
}
export interface ImportAnswer {
  importWarehouseStockReport: {
    success: boolean;
    errors: { code: string; message: string; field: string | null }[];
    report: { id: number; asOf: string; casesTotal: number; signatureValid: boolean } | null;
  };
}

const COLUMNS = ['lotId', 'lwin11', 'ml', 'perCase', 'cases', 'ownerRef', 'mrn', 'asOf'] as const;

/** A seeded portal with staff signed in and the demo warehouse's keys. */
export function warehouseJourney(target: DatabaseTarget) {
  let portal: TestPortal;
  let staff: string;
  let keys: WarehouseKeyPair;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staff = await signInToken(portal, 'berater@example.com');
    const demoKeys = portal.config.warehouse.demoKeys;
    if (!demoKeys) throw new Error('Testportal ohne Demo-Lager');
    keys = demoKeys;
  }, 120_000);
  afterAll(() => portal?.close());

  const reconciliation = async (reportId?: number) => {
    const answer = await portal.gql<{ warehouseReconciliation: Reconciliation }>(
      RECONCILIATION,
      reportId ? { reportId } : {},
      { token: staff },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data?.warehouseReconciliation as Reconciliation;
  };
  const importReport = async (csv: string, signature: string) => {
    const answer = await portal.gql<ImportAnswer>(IMPORT, { csv, signature }, { token: staff });
    expect(answer.errors).toBeUndefined();
    return answer.data?.importWarehouseStockReport as ImportAnswer['importWarehouseStockReport'];
  };
  const demoRows = async () => {
    const { csv } = await demoStockReport(portal.db, keys, new Date());
    const [header, ...rows] = csv.toString('utf8').trim().split('\n');
    return {
      header: header as string,
      rows: rows.map((row) =>
        Object.fromEntries(row.split(';').map((cell, i) => [COLUMNS[i], cell])),
      ) as Record<(typeof COLUMNS)[number], string>[],
    };
  };
  const fileOf = (header: string, rows: Record<(typeof COLUMNS)[number], string>[]) =>
    `${[header, ...rows.map((row) => COLUMNS.map((column) => row[column]).join(';'))].join('\n')}\n`;

  return {
    get portal() {
      return portal;
    },
    get staff() {
      return staff;
    },
    get keys() {
      return keys;
    },
    reconciliation,
    importReport,
    demoRows,
    fileOf,
  };
}
