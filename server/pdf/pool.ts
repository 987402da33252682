/**
 * A pool of worker threads that render PDFs off the event loop, so a slow document never delays
 * another request. Bounded: at most `workers` documents render at once, at most `queueLimit` wait;
 * each document has a time budget, after which its worker is terminated (and replaced on demand)
 * and the caller gets a German `PdfRenderError`. Workers start on the first document and are
 * `unref`ed, so an idle pool keeps no process alive.
 *
 * The worker's entry is `pdf-worker.js` beside this module when it exists (a compiled or bundled
 * server: emit the worker as its own entry point next to the bundle), otherwise `pdf-worker.ts`
 * loaded through tsx (`npm start`, vitest).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfDocumentModel } from './layout';
import type { PdfJob, PdfJobResult, PdfWorkerData } from './pdf-worker';
import type { SigningIdentity } from './signature';

export interface PdfPoolOptions {
  /** Documents rendered at once (one worker thread each). */
  workers: number;
  /** Documents waiting beyond those; more are refused at once. */
  queueLimit: number;
  /** Longest a single document may render. */
  timeBudgetMs: number;
  /** Signs the documents whose model asks for a signature (issued documents). */
  signing?: SigningIdentity | null;
}

export const pdfMessages = {
  busy: 'Gerade werden sehr viele Dokumente erstellt. Bitte versuchen Sie es in einer Minute erneut.',
  timeout: 'Das Dokument konnte nicht rechtzeitig erstellt werden. Bitte versuchen Sie es später erneut.',
  failed: 'Das Dokument konnte nicht erstellt werden. Bitte versuchen Sie es später erneut.',
} as const;

export class PdfRenderError extends Error {
  constructor(readonly reason: keyof typeof pdfMessages) {
    super(pdfMessages[reason]);
    this.name = 'PdfRenderError';
  }
}

interface Task {
  id: number;
  model: PdfDocumentModel;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: ReturnType<typeof setTimeout> | null;
}

const require = createRequire(import.meta.url);

/**
 * How to start a worker: the compiled `pdf-worker.js` when present; otherwise a two-line bootstrap
 * that loads `pdf-worker.ts` through tsx's API (Node 20 does not apply `--import` loader hooks to a
 * worker's entry module, so `execArgv` alone is not enough).
 */
export function pdfWorkerEntry(): { source: string | URL; eval: boolean } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const compiled = path.join(here, 'pdf-worker.js');
  if (existsSync(compiled)) return { source: pathToFileURL(compiled), eval: false };
  const tsxPackage = require.resolve('tsx/package.json');
  const exported = require(tsxPackage).exports['./esm/api'].import.default as string;
  const tsxApi = pathToFileURL(path.join(path.dirname(tsxPackage), exported)).href;
  const entry = pathToFileURL(path.join(here, 'pdf-worker.ts')).href;
  return {
    source: `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`,
    eval: true,
  };
}

export class PdfPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly options: PdfPoolOptions) {}

  /** Renders the document in a worker; rejects with a `PdfRenderError` (German) on overload or timeout. */
  render(model: PdfDocumentModel): Promise<Buffer> {
    if (this.closed) return Promise.reject(new PdfRenderError('failed'));
    const busy = this.slots.filter((slot) => slot.task).length;
    if (busy >= this.options.workers && this.queue.length >= this.options.queueLimit) {
      return Promise.reject(new PdfRenderError('busy'));
    }
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, model, resolve, reject });
      this.pump();
    });
  }

  /** Documents rendering or waiting (for tests and monitoring). */
  get pending(): number {
    return this.waiting + this.rendering;
  }

  /** Documents waiting for a worker. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Documents a worker is rendering now. */
  get rendering(): number {
    return this.slots.filter((slot) => slot.task).length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new PdfRenderError('failed'));
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot, new PdfRenderError('failed'))));
  }

  private pump() {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => !candidate.task) ?? this.spawn();
      if (!slot) return;
      const task = this.queue.shift() as Task;
      slot.task = task;
      slot.timer = setTimeout(() => {
        void this.retire(slot, new PdfRenderError('timeout'));
        this.pump();
      }, this.options.timeBudgetMs);
      slot.worker.postMessage({ id: task.id, model: task.model } satisfies PdfJob);
    }
  }

  private spawn(): Slot | null {
    if (this.slots.length >= this.options.workers) return null;
    const entry = pdfWorkerEntry();
    const workerData: PdfWorkerData = { signing: this.options.signing ?? null };
    const worker = new Worker(entry.source, { eval: entry.eval, workerData });
    worker.unref();
    const slot: Slot = { worker, task: null, timer: null };
    worker.on('message', (result: PdfJobResult) => {
      const task = slot.task;
      if (!task || task.id !== result.id) return;
      if (slot.timer) clearTimeout(slot.timer);
      slot.task = null;
      slot.timer = null;
      if ('pdf' in result)
        task.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
      else task.reject(Object.assign(new PdfRenderError('failed'), { cause: result.error }));
      this.pump();
    });
    const lost = (error: unknown) => {
      void this.retire(slot, Object.assign(new PdfRenderError('failed'), { cause: error }));
      this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) lost(new Error(`PDF-Worker beendet (${code})`));
    });
    this.slots.push(slot);
    return slot;
  }

  /** Takes the slot out of the pool, fails its document and ends its worker. */
  private async retire(slot: Slot, error: PdfRenderError) {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = null;
    slot.timer = null;
    task?.reject(error);
    await slot.worker.terminate();
  }
}
