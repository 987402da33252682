/**
 * Entry point of a PDF worker thread (its own entry point when the server is bundled: build it
 * as `pdf-worker.js` beside the server bundle; under `tsx` and vitest the pool starts this file
 * with tsx's loader). It renders one `PdfDocumentModel` per message, signs it when the model asks
 * for a signature, and answers the bytes; the
 * pool (`pool.ts`) owns time budgets and restarts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type PdfDocumentModel, renderPdf } from './layout';
import { type SigningIdentity, signPdf } from './signature';

export interface PdfJob {
  id: number;
  model: PdfDocumentModel;
}

export type PdfJobResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

/** What the pool hands every worker: the identity that signs issued documents. */
export interface PdfWorkerData {
  signing: SigningIdentity | null;
}

if (!parentPort) throw new Error('pdf-worker.ts läuft nur als Worker-Thread.');
const port = parentPort;
const { signing } = (workerData ?? { signing: null }) as PdfWorkerData;

async function render(model: PdfDocumentModel): Promise<Buffer> {
  const pdf = await renderPdf(model);
  if (!model.signature) return pdf;
  if (!signing)
    throw new Error('Dokument soll signiert werden, aber der PDF-Pool hat keine Signatur-Identität');
  return signPdf(pdf, signing, model.signature.signingTime);
}

port.on('message', (job: PdfJob) => {
  render(job.model).then(
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
