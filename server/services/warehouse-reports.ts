/**
 * The warehouse's stock reports: importing one (signature checked on the file's bytes, parsed,
 * reconciled with the ledger, stored with what the reconciliation found, operations mailed when a
 * client's case is missing), the reports as staff see them, and the latest verified report's lots
 * for the certificates and the depot card.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { formatDate } from '../../src/domain/dates';
import { countLabel, isSingular } from '../../src/domain/plural';
import type { ServerConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import {
  depotPositions,
  warehouseDiscrepancies,
  warehouseStockLots,
  warehouseStockReports,
} from '../db/schema';
import { invalidFields, ok, refused, refusedAll } from './errors';
import { enqueueMail } from './mail';
import { composeMail } from './mail-templates';
import { ledgerPositions } from './warehouse-ledger';
import {
  confirmsPosition,
  type Discrepancy,
  type DiscrepancyKind,
  isCritical,
  ledgerLotsOf,
  ledgerPlace,
  type NotYetInWarehouse,
  reconcile,
} from './warehouse-reconciliation';
import { parseStockReport, type ReportLot } from './warehouse-report-csv';
import { signatureValid } from './warehouse-signature';

export type WarehouseConfig = Pick<ServerConfig, 'warehouse' | 'operationsEmail' | 'publicUrl'>;

type ReportRow = typeof warehouseStockReports.$inferSelect;

export interface StockReportView {
  id: number;
  asOf: string;
  importedAt: Date;
  source: ReportRow['source'];
  lots: number;
  casesTotal: number;
  matchedCases: number;
  discrepancyCount: number;
  criticalCount: number;
  /** Checked again against today's key: a report signed with a key since replaced no longer counts. */
  signatureValid: boolean;
}

export interface WarehouseReconciliationView {
  report: StockReportView;
  matchedCases: number;
  discrepancies: Discrepancy[];
  notYetInWarehouse: NotYetInWarehouse[];
}

export const warehouseMessages = {
  unsigned:
    'Der Bestandsbericht ist nicht signiert. Ohne die Signatur des Lagers wird er nicht übernommen; es wurde nichts geändert.',
  wronglySigned:
    'Die Signatur passt nicht zu diesem Bestandsbericht oder stammt nicht vom Lager. Der Bericht wurde nicht übernommen; es wurde nichts geändert.',
  noKey:
    'Für das Lager ist kein öffentlicher Schlüssel eingerichtet (WAREHOUSE_PUBLIC_KEY); es wurde nichts geändert.',
  unknownReport: 'Diesen Bestandsbericht gibt es nicht.',
} as const;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The import's answer when the report is refused: the refusal reasons, nothing stored. */
export type ImportResult =
  | ReturnType<typeof ok<{ report: StockReportView }>>
  | ReturnType<typeof refusedAll<{ report: null }>>;

/**
 * Imports a signed stock report. Unsigned, wrongly signed or unreadable reports are refused in
 * German and change nothing; an accepted one is reconciled in the same transaction that stores it.
 */
export async function importStockReport(
  db: Database,
  config: WarehouseConfig,
  input: {
    csv: Uint8Array;
    signature: string | undefined;
    source: ReportRow['source'];
    importedById: number | null;
    now?: Date;
  },
): Promise<ImportResult> {
  const now = input.now ?? new Date();
  const signature = input.signature?.trim() ?? '';
  if (!config.warehouse.publicKey)
    return refused('NO_WAREHOUSE_KEY', warehouseMessages.noKey, null, { report: null });
  if (signature === '')
    return refused('SIGNATURE_MISSING', warehouseMessages.unsigned, 'signature', { report: null });
  if (!signatureValid(input.csv, signature, config.warehouse.publicKey)) {
    return refused('SIGNATURE_INVALID', warehouseMessages.wronglySigned, 'signature', { report: null });
  }
  const parsed = parseStockReport(input.csv);
  if ('problems' in parsed) {
    return refusedAll(invalidFields(parsed.problems.map((message) => ({ field: 'csv', message }))), {
      report: null,
    });
  }
  const { report } = parsed;
  const row = await db.transaction(async (tx) => {
    const result = reconcile(await ledgerPositions(tx), report.lots, now);
    const [stored] = await tx
      .insert(warehouseStockReports)
      .values({
        asOf: report.asOf,
        source: input.source,
        importedById: input.importedById,
        csv: Buffer.from(input.csv),
        signature,
        sha256: sha256(input.csv),
        lots: report.lots.length,
        casesTotal: report.casesTotal,
        matchedCases: result.matchedCases,
        notYetInWarehouse: result.notYetInWarehouse,
        importedAt: now,
      })
      .returning();
    if (!stored) throw new Error('Bestandsbericht wurde nicht gespeichert.');
    for (let start = 0; start < report.lots.length; start += 1000) {
      await tx
        .insert(warehouseStockLots)
        .values(report.lots.slice(start, start + 1000).map((lot) => ({ ...lot, reportId: stored.id })));
    }
    for (let start = 0; start < result.discrepancies.length; start += 1000) {
      await tx
        .insert(warehouseDiscrepancies)
        .values(
          result.discrepancies.slice(start, start + 1000).map((entry) => ({ ...entry, reportId: stored.id })),
        );
    }
    const critical = result.discrepancies.filter((entry) => isCritical(entry.kind));
    if (critical.length > 0) await enqueueMail(tx, missingCasesMail(config, stored, critical));
    return stored;
  });
  return ok({ report: await reportView(db, config, row) });
}

const KIND_LABELS: Record<DiscrepancyKind, string> = {
  MISSING_IN_WAREHOUSE: 'fehlt im Lager',
  NOT_OWED: 'niemandem geschuldet',
  OWNER_DIFFERS: 'anderer Eigentümer',
  WINE_DIFFERS: 'anderer Wein',
  COUNT_DIFFERS: 'andere Kistenzahl',
};

/** The mail to operations: which client's cases the warehouse's report does not hold. */
function missingCasesMail(config: WarehouseConfig, report: ReportRow, missing: Discrepancy[]) {
  const cases = missing.reduce((sum, entry) => sum + entry.ledgerCases, 0);
  const listed = missing
    .slice(0, 25)
    .map(
      (entry) =>
        `Kundennummer ${entry.customerNumber}, LWIN ${entry.lwin11}, Lagernummer ${entry.lotId ?? 'keine vergeben'}: ${countLabel(entry.ledgerCases, 'Kiste')} laut Depot, im Lager keine`,
    );
  return composeMail(
    config.operationsEmail,
    `Lagerabgleich: ${countLabel(cases, 'Kiste')} von Kunden ${isSingular(cases) ? 'fehlt' : 'fehlen'} im Bestandsbericht vom ${formatDate(report.asOf)}`,
    [
      'Guten Tag,',
      `der Bestandsbericht des Lagers vom ${formatDate(report.asOf)} (Bericht ${report.id}) enthält ${countLabel(cases, 'Kiste')} nicht, die wir Kunden im Zollfreilager schulden (${KIND_LABELS.MISSING_IN_WAREHOUSE}):`,
      ...listed,
      ...(missing.length > listed.length ? [`… und ${missing.length - listed.length} weitere Posten.`] : []),
      'Bitte klären Sie die Abweichung mit dem Lager. Solange der Bericht einen Posten nicht bestätigt, nennt ihn das Lagerzertifikat nicht als eingelagert.',
    ],
    { url: `${config.publicUrl}/admin/management#bestandsabgleich`, label: 'Zum Bestandsabgleich' },
  );
}

async function reportView(
  db: Database | Transaction,
  config: WarehouseConfig,
  row: ReportRow,
): Promise<StockReportView> {
  const kinds = await db
    .select({ kind: warehouseDiscrepancies.kind })
    .from(warehouseDiscrepancies)
    .where(eq(warehouseDiscrepancies.reportId, row.id));
  return {
    id: row.id,
    asOf: row.asOf,
    importedAt: row.importedAt,
    source: row.source,
    lots: row.lots,
    casesTotal: row.casesTotal,
    matchedCases: row.matchedCases,
    discrepancyCount: kinds.length,
    criticalCount: kinds.filter((entry) => isCritical(entry.kind)).length,
    signatureValid:
      Boolean(config.warehouse.publicKey) &&
      signatureValid(row.csv, row.signature, config.warehouse.publicKey),
  };
}

const newestFirst = [desc(warehouseStockReports.asOf), desc(warehouseStockReports.id)];

/** The reports, newest first (as of, then import). */
export async function stockReportHistory(
  db: Database,
  config: WarehouseConfig,
  limit = 100,
): Promise<StockReportView[]> {
  const rows = await db
    .select()
    .from(warehouseStockReports)
    .orderBy(...newestFirst)
    .limit(limit);
  return Promise.all(rows.map((row) => reportView(db, config, row)));
}

/** One report's reconciliation (the latest without an id); null when there is none. */
export async function warehouseReconciliation(
  db: Database,
  config: WarehouseConfig,
  reportId: number | null | undefined,
): Promise<WarehouseReconciliationView | null> {
  const where: SQL | undefined = reportId == null ? undefined : eq(warehouseStockReports.id, reportId);
  const [row] = await db
    .select()
    .from(warehouseStockReports)
    .where(where)
    .orderBy(...newestFirst)
    .limit(1);
  if (!row) return null;
  const discrepancies = await db
    .select({
      kind: warehouseDiscrepancies.kind,
      lotId: warehouseDiscrepancies.lotId,
      lwin11: warehouseDiscrepancies.lwin11,
      customerNumber: warehouseDiscrepancies.customerNumber,
      ledgerCases: warehouseDiscrepancies.ledgerCases,
      warehouseCases: warehouseDiscrepancies.warehouseCases,
      depotPositionId: warehouseDiscrepancies.depotPositionId,
    })
    .from(warehouseDiscrepancies)
    .where(eq(warehouseDiscrepancies.reportId, row.id))
    .orderBy(warehouseDiscrepancies.id);
  return {
    report: await reportView(db, config, row),
    matchedCases: row.matchedCases,
    discrepancies,
    notYetInWarehouse: row.notYetInWarehouse,
  };
}

/**
 * The latest report (every stored report passed the signature check when it arrived; an unsigned
 * or wrongly signed one is never stored) with those of its lots whose ids are asked for.
 */
async function latestReportLots(
  db: Database | Transaction,
  lotIds: readonly string[],
): Promise<{ asOf: string; lotsById: Map<string, ReportLot> } | null> {
  const [report] = await db
    .select({ id: warehouseStockReports.id, asOf: warehouseStockReports.asOf })
    .from(warehouseStockReports)
    .orderBy(...newestFirst)
    .limit(1);
  if (!report) return null;
  const lots =
    lotIds.length === 0
      ? []
      : await db
          .select({
            lotId: warehouseStockLots.lotId,
            lwin11: warehouseStockLots.lwin11,
            bottleSizeMl: warehouseStockLots.bottleSizeMl,
            bottlesPerCase: warehouseStockLots.bottlesPerCase,
            cases: warehouseStockLots.cases,
            ownerRef: warehouseStockLots.ownerRef,
            mrn: warehouseStockLots.mrn,
            asOf: warehouseStockLots.asOf,
          })
          .from(warehouseStockLots)
          .where(
            and(eq(warehouseStockLots.reportId, report.id), inArray(warehouseStockLots.lotId, [...lotIds])),
          );
  return { asOf: report.asOf, lotsById: new Map(lots.map((lot) => [lot.lotId, lot])) };
}

/**
 * The day the latest report confirmed each of these depot positions (by id), for those it
 * confirms: every case in the warehouse under the position's storage ids, for its owner, with its
 * wine. Positions not in bond today (sold, shipping, en primeur) are never confirmed.
 */
export async function warehouseConfirmations(
  db: Database | Transaction,
  depotPositionIds: readonly number[],
  now: Date,
): Promise<Map<number, string>> {
  const confirmed = new Map<number, string>();
  if (depotPositionIds.length === 0) return confirmed;
  const ledger = (await ledgerPositions(db, inArray(depotPositions.id, [...depotPositionIds]))).filter(
    (position) => ledgerPlace(position, now) === 'IN_BOND',
  );
  const lotIds = ledger.flatMap((position) => ledgerLotsOf(position).map((lot) => lot.lotId));
  if (lotIds.length === 0) return confirmed;
  const report = await latestReportLots(db, lotIds);
  if (!report) return confirmed;
  for (const position of ledger) {
    if (confirmsPosition(position, report.lotsById)) confirmed.set(position.depotPositionId, report.asOf);
  }
  return confirmed;
}
