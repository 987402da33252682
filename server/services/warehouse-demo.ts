/**
 * The demo warehouse: a stand-in for the bonded warehouse's own system, for demos and tests only.
 * It "holds" exactly what the ledger owes in bond today and signs with the demo key pair generated
 * into `DATA_DIR` (never present when `WAREHOUSE_PUBLIC_KEY` names the real warehouse's key).
 */
import { businessDay } from '../../src/domain/dates';
import type { Database, Transaction } from '../db/client';
import { refused } from './errors';
import { ledgerPositions } from './warehouse-ledger';
import { ledgerLotsOf, ledgerPlace } from './warehouse-reconciliation';
import { formatStockReport, type ReportLot } from './warehouse-report-csv';
import { type ImportResult, importStockReport, type WarehouseConfig } from './warehouse-reports';
import { signReport, type WarehouseKeyPair } from './warehouse-signature';

/** The lots the warehouse would report for the current ledger: every case owed in bond under its storage id. */
export async function demoWarehouseLots(db: Database | Transaction, now: Date): Promise<ReportLot[]> {
  const asOf = businessDay(now);
  return (await ledgerPositions(db)).flatMap((position) =>
    ledgerPlace(position, now) === 'IN_BOND'
      ? ledgerLotsOf(position)
          .filter((lot) => lot.cases > 0)
          .map((lot) => ({
            lotId: lot.lotId,
            lwin11: position.lwin11,
            bottleSizeMl: position.bottleSizeMl,
            bottlesPerCase: position.bottlesPerCase,
            cases: lot.cases,
            ownerRef: position.customerNumber,
            mrn: position.mrn?.trim() ?? '',
            asOf,
          }))
      : [],
  );
}

/** The demo warehouse's signed report of the current ledger: the file's bytes and its signature. */
export async function demoStockReport(
  db: Database | Transaction,
  keys: WarehouseKeyPair,
  now: Date,
): Promise<{ csv: Buffer; signature: string }> {
  const csv = Buffer.from(formatStockReport(await demoWarehouseLots(db, now)), 'utf8');
  return { csv, signature: signReport(csv, keys) };
}

export const DEMO_WAREHOUSE_ABSENT =
  'Das Demo-Lager steht nicht zur Verfügung: Bestandsberichte signiert hier das Lager selbst (WAREHOUSE_PUBLIC_KEY). Es wurde nichts geändert.';

/**
 * The demo warehouse reports what it holds for the ledger as it stands, signed with its key, and
 * the report is imported like any other (the seed, the back office's demo button, tests). Refused
 * while the real warehouse's key is configured: then only the warehouse reports.
 */
export async function reportDemoWarehouseStock(
  db: Database,
  config: WarehouseConfig,
  input: { source: 'SEED' | 'DEMO'; importedById: number | null; now?: Date },
): Promise<ImportResult> {
  const keys = config.warehouse.demoKeys;
  if (!keys) return refused('DEMO_WAREHOUSE_ABSENT', DEMO_WAREHOUSE_ABSENT, null, { report: null });
  const now = input.now ?? new Date();
  return importStockReport(db, config, { ...(await demoStockReport(db, keys, now)), ...input, now });
}
