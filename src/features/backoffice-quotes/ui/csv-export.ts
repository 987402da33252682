import Papa from 'papaparse';
import { downloadFile } from '../../../components/download-file';
import {
  type LabelledQuoteLine,
  QUOTE_CSV_FIELDS,
  quoteCsvFileName,
  quoteCsvRows,
} from '../../../domain/backoffice-quotes';

/** The quote's positions as semicolon CSV (with BOM, so German Excel reads the umlauts). */
export function quoteCsv(lines: readonly LabelledQuoteLine[]): string {
  return `\ufeff${Papa.unparse({ fields: [...QUOTE_CSV_FIELDS], data: quoteCsvRows(lines) }, { delimiter: ';' })}`;
}

/** Hands the CSV to the browser as the download `angebot-<email>.csv`. */
export function downloadQuoteCsv(email: string, lines: readonly LabelledQuoteLine[]): void {
  const blob = new Blob([quoteCsv(lines)], { type: 'text/csv;charset=utf-8' });
  downloadFile(blob, quoteCsvFileName(email));
}
