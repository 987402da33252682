/**
 * The set-up of the `backup-restore-*.test.ts` files: servers started as child processes on their own
 * data folders and databases, `npm run backup` and `npm run restore` run as scripts, and readers of
 * what must survive a restore (table fingerprints, the order list, the invoice and certificate PDFs).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterEach, expect } from 'vitest';
import { type BackupManifest, parseManifest } from '../../../server/backup/manifest';
import { tableChecksums } from '../../../server/backup/table-checksums';
import type { Database } from '../../../server/db/client';
import {
  createServerSetup,
  postGraphQL,
  repositoryRoot,
  type ServerProcess,
  type ServerSetup,
  signIn,
} from './server-process';

export const PASSWORD = 'Weindepot2026!';
export const TEST_TIMEOUT_MS = 600_000;
/** Both servers sign links into PDFs (certificate QR code) with it: equal bytes need equal origins. */
export const PUBLIC_URL = 'http://portal.example';
export const ports = {
  underLoad: { pglite: 4693, postgres: 4694 },
  previousRelease: { pglite: 4695, postgres: 4696 },
};

const setups: ServerSetup[] = [];
const folders: string[] = [];
/** Removes the server set-ups and folders each test made, after it. */
export function cleanUpAfterEach() {
  afterEach(async () => {
    for (const setup of setups.splice(0)) await setup.cleanup();
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });
}

export async function newSetup(...args: Parameters<typeof createServerSetup>): Promise<ServerSetup> {
  const setup = await createServerSetup(...args);
  setups.push(setup);
  return setup;
}

export async function temporaryFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/** Runs `npm run backup`/`restore`'s script with exactly the given environment (and PATH for pg_dump). */
export function runScript(
  script: 'backup' | 'restore',
  argument: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, argument], {
      cwd: repositoryRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

export async function backUp(dataDir: string, folder: string): Promise<string> {
  const result = await runScript('backup', folder, { DATA_DIR: dataDir });
  expect(result.code, result.output).toBe(0);
  const archives = (await readdir(folder)).filter((name) =>
    /^weindepot-\d{8}T\d{6}\.\d{3}Z\.tar\.gz$/.test(name),
  );
  expect(archives, result.output).toHaveLength(1);
  // Nothing half-written is left beside it.
  expect(await readdir(folder)).toEqual(archives);
  return path.join(folder, archives[0] as string);
}

export async function restoreInto(setup: ServerSetup, archive: string) {
  return runScript('restore', archive, { DATA_DIR: setup.dataDir, DATABASE_URL: setup.databaseUrl ?? '' });
}

export async function manifestOf(archive: string): Promise<BackupManifest> {
  let text = '';
  await tar.list({
    file: archive,
    filter: (entry) => entry === 'manifest.json',
    onReadEntry: (entry) => {
      entry.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
    },
  });
  return parseManifest(text);
}

/** The fingerprint of every table, taken in one transaction. */
export function fingerprint(db: Database) {
  return db.transaction(async (tx) =>
    tableChecksums(
      async (statement) => (await tx.execute(sql.raw(statement))) as unknown as { rows: unknown[] },
    ),
  );
}

export interface ListedPosition {
  id: number;
  amount: number;
  offer: { id: number };
}

export async function orderList(url: string, token: string): Promise<ListedPosition[]> {
  const answer = await postGraphQL<{ orderPositionList: ListedPosition[] }>(
    url,
    '{ orderPositionList { id amount offer { id } } }',
    {},
    token,
  );
  if (!answer.data) throw new Error(`Orderliste nicht lesbar: ${answer.text}`);
  return answer.data.orderPositionList;
}

export const listState = (list: ListedPosition[]) =>
  JSON.stringify(list.map((position) => [position.id, position.offer.id, position.amount]).sort());

/** Thomas Keller's order waiting for the availability check, checked by staff and paid by card. */
export async function payThomasKellersOrder(server: ServerProcess): Promise<number> {
  const client = await signIn(server.url, 'thomas.keller@example.com', PASSWORD);
  const staff = await signIn(server.url, 'berater@example.com', PASSWORD);
  const open = await postGraphQL<{ orderListInvoices: { id: number }[] }>(
    server.url,
    '{ orderListInvoices(stage: check_needed) { id } }',
    {},
    client,
  );
  const invoiceId = open.data?.orderListInvoices[0]?.id as number;
  expect(invoiceId, open.text).toEqual(expect.any(Number));
  const checked = await postGraphQL(
    server.url,
    'mutation ($id: Int!) { changeInvoice(invoiceId: $id, stage: CHECK_DONE) { success } }',
    { id: invoiceId },
    staff,
  );
  expect(checked.data, checked.text).toEqual({ changeInvoice: { success: true } });
  const finalized = await postGraphQL<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
    server.url,
    'mutation ($id: Int!) { finalizeInvoice(invoiceId: $id) { success hostedInvoiceUrl } }',
    { id: invoiceId },
    client,
  );
  const payPath = new URL(finalized.data?.finalizeInvoice.hostedInvoiceUrl as string).pathname;
  const paid = await fetch(`${server.url}${payPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'cardNumber=4242424242424242',
  });
  expect(await paid.text()).toContain('Zahlung ist eingegangen');
  return invoiceId;
}

/**
 * A PDF without the values pdfkit derives from the moment of rendering (`/CreationDate`, its copy
 * in the XMP metadata and the file `/ID` hashed from it): everything else must be the same bytes.
 */
export function withoutRenderTime(pdf: Buffer): Buffer {
  const text = pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/<xmp:CreateDate>[^<]*<\/xmp:CreateDate>/g, '<xmp:CreateDate/>')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/gi, '/ID []');
  return Buffer.from(text, 'latin1');
}

/** Every invoice PDF and storage certificate the database holds, fetched from `server`. */
export async function pdfsOf(server: ServerProcess, tokens: string[]): Promise<Map<string, Buffer>> {
  const pdfs = new Map<string, Buffer>();
  for (const token of tokens) {
    for (const address of [`/invoices/${token}.pdf`, `/certificate/${token}`]) {
      const response = await fetch(`${server.url}${address}`);
      const type = response.headers.get('content-type') ?? '';
      // An invoice without stored cases has no certificate (409 page): nothing to compare there.
      if (type.startsWith('application/pdf'))
        pdfs.set(address, withoutRenderTime(Buffer.from(await response.arrayBuffer())));
      else expect(response.status, address).toBe(409);
    }
  }
  return pdfs;
}
