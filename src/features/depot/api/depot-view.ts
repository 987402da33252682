import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApiClient } from '../../../api/client';
import { useOnline } from '../../../components/offline/use-online';
import { businessDay } from '../../../domain/dates';
import { depotTotals } from '../../../domain/depot-valuation';
import { decimalToCents } from '../../../domain/money';
import { type DepotRow, depotMarketValueBasis, heldRows, heldTotals, soldRows } from '../model/depot-rows';
import { earliestDate } from '../model/invested-since';
import { type Depot, type DepotPerformanceData, depotPerformanceQueryOptions } from './depot';
import { depotRowsOf } from './depot-rows-of';
import { readShowTable, writeShowTable } from './show-table-cookie';

/** The search parameter naming the position whose dialog is open. */
export const POSITION_PARAM = 'position';

/**
 * The depot's figures as its screen shows them: its rows, held and sold positions, the summary's
 * sums and their basis. "Gesamt investiert" sums every purchase (as investmentScore); market value
 * and gain count only the positions held today, sold ones are listed apart.
 */
export function useDepotFigures(depot: Depot) {
  const rows = useMemo<DepotRow[]>(() => depotRowsOf(depot), [depot]);
  const totals = useMemo(() => depotTotals(rows.map((row) => row.valuation)), [rows]);
  const held = useMemo(() => heldTotals(rows), [rows]);
  const heldPositions = useMemo(() => heldRows(rows), [rows]);
  const soldPositions = useMemo(() => soldRows(rows), [rows]);
  const basis = useMemo(() => depotMarketValueBasis(rows, businessDay()), [rows]);
  const investedSince = useMemo(() => earliestDate(rows.map((row) => row.date)), [rows]);
  return {
    rows,
    heldPositions,
    soldPositions,
    summary: {
      invested: depot.investmentScore === null ? totals.invested : decimalToCents(depot.investmentScore),
      marketValue: held.marketValue,
      gainPercent: held.gainPercent,
      basis,
      investedSince,
    },
  };
}

/** The position whose dialog is open (kept in the address, so back closes it), and how to open or close one. */
export function useOpenDepotPosition(depot: Depot, rows: readonly DepotRow[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const openPositionId = searchParams.get(POSITION_PARAM);
  return {
    opened: openPositionId !== null,
    row: openPositionId === null ? undefined : rows.find((row) => String(row.id) === openPositionId),
    position: depot.positions.find((position) => String(position.id) === openPositionId),
    show: (positionId: number) =>
      setSearchParams((params) => {
        params.set(POSITION_PARAM, String(positionId));
        return params;
      }),
    close: () =>
      setSearchParams((params) => {
        params.delete(POSITION_PARAM);
        return params;
      }),
  };
}

/** Table or chart, remembered in the `showTable` cookie. */
export function useDepotDisplay() {
  const [showTable, setShowTable] = useState(readShowTable);
  return {
    showTable,
    choose: (display: 'table' | 'chart') => {
      const table = display === 'table';
      setShowTable(table);
      writeShowTable(table);
    },
  };
}

/** Writes and downloads the Excel file of `rows` with the depot's performance (when loaded). */
export type DepotExcelDownload = (
  rows: DepotRow[],
  performance: DepotPerformanceData | null,
) => Promise<void>;

/**
 * The Excel export as a change of its own, so its failure is told by the one mutation-error notice:
 * offline the export works only when its library was loaded before (the service worker keeps it).
 */
export function useDepotExcelExport(
  rows: DepotRow[],
  clientsMail: string | undefined,
  download: DepotExcelDownload,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const online = useOnline();
  return useMutation({
    // Built on the device from what it holds: offline too (a mutation would otherwise wait for the network).
    networkMode: 'always',
    mutationFn: () =>
      download(
        rows,
        queryClient.getQueryData(depotPerformanceQueryOptions(client, clientsMail).queryKey) ?? null,
      ),
    meta: {
      errorTitle: null,
      fallbackMessage: online
        ? 'Die Excel-Datei konnte nicht erstellt werden.'
        : 'Für den Excel-Export wird eine Internetverbindung benötigt.',
    },
  });
}
