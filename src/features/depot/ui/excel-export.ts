import type { Workbook } from 'exceljs';
import { downloadFile } from '../../../components/download-file';
import { berlinDay, type DepotPerformancePointInput } from '../../../domain/depot-performance';
import {
  DEPOT_EXCEL_COLUMNS,
  DEPOT_EXCEL_SHEET,
  depotExcelFileName,
  depotExcelRow,
  type ExcelColumn,
  PERFORMANCE_EXCEL_COLUMNS,
  PERFORMANCE_EXCEL_SHEET,
  performanceExcelRows,
  SOLD_EXCEL_COLUMNS,
  SOLD_EXCEL_SHEET,
  SUMMARY_EXCEL_COLUMNS,
  SUMMARY_EXCEL_SHEET,
  soldExcelRow,
  summaryExcelRows,
  VALUATION_EXCEL_COLUMNS,
  VALUATION_EXCEL_SHEET,
  valuationExcelRow,
} from '../model/depot-excel';
import { type DepotRow, heldRows, soldRows } from '../model/depot-rows';

export interface PerformanceSheetInput {
  points: readonly DepotPerformancePointInput[];
  index: readonly { date: string; value: number }[];
}

/**
 * The depot workbook (exceljs, loaded only now): "Depot" (the spec's nine columns) and "Bewertung"
 * with the positions held today, "Verkauft" with the sold ones, "Übersicht" with the headline figures
 * and their valuation's source and date and, when loaded, "Wertentwicklung".
 */
export async function depotWorkbook(
  rows: readonly DepotRow[],
  performance: PerformanceSheetInput | null,
  now: Date,
): Promise<Workbook> {
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
  const held = heldRows(rows);
  addSheet(DEPOT_EXCEL_SHEET, DEPOT_EXCEL_COLUMNS, held.map(depotExcelRow));
  addSheet(VALUATION_EXCEL_SHEET, VALUATION_EXCEL_COLUMNS, held.map(valuationExcelRow));
  addSheet(SOLD_EXCEL_SHEET, SOLD_EXCEL_COLUMNS, soldRows(rows).map(soldExcelRow));
  addSheet(SUMMARY_EXCEL_SHEET, SUMMARY_EXCEL_COLUMNS, summaryExcelRows(rows, berlinDay(now)));
  if (performance) {
    addSheet(
      PERFORMANCE_EXCEL_SHEET,
      PERFORMANCE_EXCEL_COLUMNS,
      performanceExcelRows(performance.points, performance.index),
    );
  }
  return workbook;
}

/** Builds the depot workbook and hands it to the browser as a download. */
export async function downloadDepotExcel(
  rows: readonly DepotRow[],
  performance: PerformanceSheetInput | null = null,
  now: Date = new Date(),
): Promise<void> {
  const workbook = await depotWorkbook(rows, performance, now);
  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  downloadFile(blob, depotExcelFileName(now));
}
