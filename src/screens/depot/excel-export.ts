import {
  DEPOT_EXCEL_COLUMNS,
  DEPOT_EXCEL_SHEET,
  depotExcelFileName,
  depotExcelRow,
} from '../../domain/depot-excel';
import type { DepotRow } from '../../domain/depot-rows';

/** Builds the depot workbook with exceljs (loaded only now) and hands it to the browser as a download. */
export async function downloadDepotExcel(rows: readonly DepotRow[], now: Date = new Date()): Promise<void> {
  const { Workbook } = await import('exceljs');
  const workbook = new Workbook();
  workbook.created = now;
  const sheet = workbook.addWorksheet(DEPOT_EXCEL_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = DEPOT_EXCEL_COLUMNS.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width,
    style: column.numFmt ? { numFmt: column.numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(depotExcelRow(row));

  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = depotExcelFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
