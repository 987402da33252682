import { downloadFile } from '../../components/download-file';
import {
  DEPOT_EXCEL_COLUMNS,
  DEPOT_EXCEL_SHEET,
  depotExcelFileName,
  depotExcelRow,
  type ExcelColumn,
  PERFORMANCE_EXCEL_COLUMNS,
  PERFORMANCE_EXCEL_SHEET,
  performanceExcelRows,
  VALUATION_EXCEL_COLUMNS,
  VALUATION_EXCEL_SHEET,
  valuationExcelRow,
} from '../../domain/client/depot-excel';
import type { DepotRow } from '../../domain/client/depot-rows';
import type { DepotPerformancePointInput } from '../../domain/depot-performance';

export interface PerformanceSheetInput {
  points: readonly DepotPerformancePointInput[];
  index: readonly { date: string; value: number }[];
}

/**
 * Builds the depot workbook with exceljs (loaded only now) and hands it to the browser as a
 * download: "Depot" (the spec's nine columns), "Bewertung" and, when loaded, "Wertentwicklung".
 */
export async function downloadDepotExcel(
  rows: readonly DepotRow[],
  performance: PerformanceSheetInput | null = null,
  now: Date = new Date(),
): Promise<void> {
  const { Workbook } = await import('exceljs');
  const workbook = new Workbook();
  workbook.created = now;
  const addSheet = <Row extends object>(
    name: string,
    columns: readonly ExcelColumn<Row>[],
    data: readonly Row[],
  ) => {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({
      header: column.header,
      key: column.key,
      width: column.width,
      style: column.numFmt ? { numFmt: column.numFmt } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of data) sheet.addRow(row);
  };
  addSheet(DEPOT_EXCEL_SHEET, DEPOT_EXCEL_COLUMNS, rows.map(depotExcelRow));
  addSheet(VALUATION_EXCEL_SHEET, VALUATION_EXCEL_COLUMNS, rows.map(valuationExcelRow));
  if (performance) {
    addSheet(
      PERFORMANCE_EXCEL_SHEET,
      PERFORMANCE_EXCEL_COLUMNS,
      performanceExcelRows(performance.points, performance.index),
    );
  }

  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  downloadFile(blob, depotExcelFileName(now));
}
