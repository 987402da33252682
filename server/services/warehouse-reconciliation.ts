/**
 * The reconciliation of a warehouse stock report with the ledger of what we owe clients in bond.
 * Pure: the ledger and the report's lots go in, matched cases and discrepancies come out.
 *
 * Our storage ids are the warehouse's lot ids. A depot position lists one storage id per case, so
 * each id holds one case of it; the last id holds the rest when the position has more cases than
 * ids (a group of cases under one warehouse id).
 */

import { parseCaseNumbers } from '../../src/domain/backoffice-tranches';
import type { DepotStatus } from '../../src/domain/depot-status';
import { isEnPrimeur } from '../../src/domain/depot-status';
import type { ReportLot } from './warehouse-report-csv';

export const DISCREPANCY_KINDS = [
  'MISSING_IN_WAREHOUSE',
  'NOT_OWED',
  'OWNER_DIFFERS',
  'WINE_DIFFERS',
  'COUNT_DIFFERS',
] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/** A client's case that no lot holds: the failure this reconciliation exists to catch. */
export const isCritical = (kind: DiscrepancyKind) => kind === 'MISSING_IN_WAREHOUSE';

/** A depot position as the ledger knows it. */
export interface LedgerPosition {
  depotPositionId: number;
  customerNumber: string;
  lwin11: string;
  bottleSizeMl: number;
  bottlesPerCase: number;
  cases: number;
  storageId: string | null;
  /** Customs reference of the entry into the warehouse, as recorded. */
  mrn: string | null;
  status: DepotStatus | null;
  enPrimeurDeliveryDate: string | null;
}

export interface Discrepancy {
  kind: DiscrepancyKind;
  lotId: string | null;
  lwin11: string;
  customerNumber: string | null;
  ledgerCases: number;
  warehouseCases: number;
  depotPositionId: number | null;
}

/** Owed but not yet in the warehouse: bought, shipping or en primeur. */
export interface NotYetInWarehouse {
  depotPositionId: number;
  customerNumber: string;
  lwin11: string;
  cases: number;
  state: 'PURCHASED' | 'SHIPPING' | 'EN_PRIMEUR';
}

export interface Reconciliation {
  matchedCases: number;
  discrepancies: Discrepancy[];
  notYetInWarehouse: NotYetInWarehouse[];
}

/** Where a position stands for the reconciliation today: owed in bond, not yet there, or neither. */
export function ledgerPlace(
  position: Pick<LedgerPosition, 'status' | 'enPrimeurDeliveryDate'>,
  now: Date,
): 'IN_BOND' | NotYetInWarehouse['state'] | null {
  if (position.status === 'SOLD') return null;
  if (position.enPrimeurDeliveryDate && isEnPrimeur(position.enPrimeurDeliveryDate, now)) return 'EN_PRIMEUR';
  if (position.status === 'IN_BOND' || position.status === 'FOR_SALE') return 'IN_BOND';
  if (position.status === 'SHIPPING') return 'SHIPPING';
  return 'PURCHASED';
}

/** The lots a position's cases are kept under, with the cases each holds. */
export function ledgerLotsOf(position: Pick<LedgerPosition, 'storageId' | 'cases'>) {
  const ids = parseCaseNumbers(position.storageId ?? '').caseNumbers;
  return ids.map((lotId, index) => ({
    lotId,
    cases:
      index < ids.length - 1
        ? index < position.cases
          ? 1
          : 0
        : Math.max(0, position.cases - (ids.length - 1)),
  }));
}

/** What differs between a lot the ledger owes and the warehouse's lot of the same id (empty: none). */
function differences(position: LedgerPosition, ledgerCases: number, lot: ReportLot): DiscrepancyKind[] {
  const kinds: DiscrepancyKind[] = [];
  if (lot.ownerRef !== position.customerNumber) kinds.push('OWNER_DIFFERS');
  if (
    lot.lwin11 !== position.lwin11 ||
    lot.bottleSizeMl !== position.bottleSizeMl ||
    lot.bottlesPerCase !== position.bottlesPerCase
  ) {
    kinds.push('WINE_DIFFERS');
  }
  if (lot.cases !== ledgerCases) kinds.push('COUNT_DIFFERS');
  return kinds;
}

/**
 * Whether a report confirms every case of a position: each of its lots is in the report, named for
 * its owner, with its wine and its number of cases.
 */
export function confirmsPosition(
  position: LedgerPosition,
  lotsById: ReadonlyMap<string, ReportLot>,
): boolean {
  const lots = ledgerLotsOf(position);
  if (lots.length === 0) return false;
  return lots.every(({ lotId, cases }) => {
    const lot = lotsById.get(lotId);
    return lot !== undefined && differences(position, cases, lot).length === 0;
  });
}

export function reconcile(
  ledger: readonly LedgerPosition[],
  lots: readonly ReportLot[],
  now: Date,
): Reconciliation {
  const lotsById = new Map(lots.map((lot) => [lot.lotId, lot]));
  const owedLotIds = new Set<string>();
  const discrepancies: Discrepancy[] = [];
  const notYetInWarehouse: NotYetInWarehouse[] = [];
  let matchedCases = 0;
  for (const position of ledger) {
    const place = ledgerPlace(position, now);
    if (place === null) continue;
    if (place !== 'IN_BOND') {
      notYetInWarehouse.push({
        depotPositionId: position.depotPositionId,
        customerNumber: position.customerNumber,
        lwin11: position.lwin11,
        cases: position.cases,
        state: place,
      });
      continue;
    }
    const entry = (
      kind: DiscrepancyKind,
      lotId: string | null,
      ledgerCases: number,
      warehouseCases: number,
    ) => ({
      kind,
      lotId,
      lwin11: position.lwin11,
      customerNumber: position.customerNumber,
      ledgerCases,
      warehouseCases,
      depotPositionId: position.depotPositionId,
    });
    const ledgerLots = ledgerLotsOf(position);
    if (ledgerLots.length === 0) {
      discrepancies.push(entry('MISSING_IN_WAREHOUSE', null, position.cases, 0));
      continue;
    }
    for (const { lotId, cases } of ledgerLots) {
      owedLotIds.add(lotId);
      const lot = lotsById.get(lotId);
      if (!lot) {
        discrepancies.push(entry('MISSING_IN_WAREHOUSE', lotId, cases, 0));
        continue;
      }
      const kinds = differences(position, cases, lot);
      if (kinds.length === 0) matchedCases += cases;
      for (const kind of kinds) discrepancies.push(entry(kind, lotId, cases, lot.cases));
    }
  }
  for (const lot of lots) {
    if (owedLotIds.has(lot.lotId)) continue;
    discrepancies.push({
      kind: 'NOT_OWED',
      lotId: lot.lotId,
      lwin11: lot.lwin11,
      customerNumber: lot.ownerRef,
      ledgerCases: 0,
      warehouseCases: lot.cases,
      depotPositionId: null,
    });
  }
  return { matchedCases, discrepancies, notYetInWarehouse };
}
