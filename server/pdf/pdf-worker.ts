/**
 * Entry point of a PDF worker thread (its own entry point when the server is bundled: build it
 * as `pdf-worker.js` beside the server bundle; under `tsx` and vitest the pool starts this file
 * with tsx's loader). It renders one `PdfDocumentModel` per message and answers the bytes; the
 * pool (`pool.ts`) owns time budgets and restarts.
 */
import { parentPort } from 'node:worker_threads';
import { type PdfDocumentModel, renderPdf } from './layout';

export interface PdfJob {
  id: number;
  model: PdfDocumentModel;
}

export type PdfJobResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

if (!parentPort) throw new Error('pdf-worker.ts läuft nur als Worker-Thread.');
const port = parentPort;

port.on('message', (job: PdfJob) => {
  renderPdf(job.model).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      const copy = bytes.slice();
      port.postMessage({ id: job.id, pdf: copy } satisfies PdfJobResult, [copy.buffer]);
    },
    (error: unknown) => {
      port.postMessage({ id: job.id, error: String(error) } satisfies PdfJobResult);
    },
  );
});
