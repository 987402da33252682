/**
 * `npm run backup` and `npm run restore` against the production server as a child process:
 * - a backup taken while the client changes the order list and pays restores into a fresh data
 *   folder and database; the restored tables equal the fingerprint taken with the dump, the order
 *   list equals one of the states the load passed through (so the dump is one transactionally
 *   consistent point, not a mix), a server started on it serves the same order list and the same
 *   invoice and certificate PDFs, byte for byte;
 * - a backup of a database on the previous release's schema restores, the current server migrates
 *   it on start, and every row of the old columns is unchanged.
 * Restoring into a non-empty data folder or database is refused with exit code 1.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import * as tar from 'tar';
import { afterEach, describe, expect, it } from 'vitest';
import { type BackupManifest, parseManifest } from '../../server/backup/manifest';
import { recordDatabase } from '../../server/backup/records';
import { differingTables, tableChecksums } from '../../server/backup/table-checksums';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { rowsOf } from './support/db-checksum';
import { databaseTargets } from './support/harness';
import {
  buildPreviousReleaseDatabase,
  migrationsFolder,
  projectedChecksums,
} from './support/previous-release';
import {
  createServerSetup,
  deliverStockReport,
  postGraphQL,
  repositoryRoot,
  type ServerProcess,
  type ServerSetup,
  signIn,
} from './support/server-process';

const PASSWORD = 'Weindepot2026!';
const TEST_TIMEOUT_MS = 600_000;
/** Both servers sign links into PDFs (certificate QR code) with it: equal bytes need equal origins. */
const PUBLIC_URL = 'http://portal.example';
const ports = {
  underLoad: { pglite: 4693, postgres: 4694 },
  previousRelease: { pglite: 4695, postgres: 4696 },
};

const setups: ServerSetup[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const setup of setups.splice(0)) await setup.cleanup();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function newSetup(...args: Parameters<typeof createServerSetup>): Promise<ServerSetup> {
  const setup = await createServerSetup(...args);
  setups.push(setup);
  return setup;
}

async function temporaryFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/** Runs `npm run backup`/`restore`'s script with exactly the given environment (and PATH for pg_dump). */
function runScript(
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

async function backUp(dataDir: string, folder: string): Promise<string> {
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

async function restoreInto(setup: ServerSetup, archive: string) {
  return runScript('restore', archive, { DATA_DIR: setup.dataDir, DATABASE_URL: setup.databaseUrl ?? '' });
}

async function manifestOf(archive: string): Promise<BackupManifest> {
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
function fingerprint(db: Database) {
  return db.transaction(async (tx) =>
    tableChecksums(
      async (statement) => (await tx.execute(sql.raw(statement))) as unknown as { rows: unknown[] },
    ),
  );
}

interface ListedPosition {
  id: number;
  amount: number;
  offer: { id: number };
}

async function orderList(url: string, token: string): Promise<ListedPosition[]> {
  const answer = await postGraphQL<{ orderPositionList: ListedPosition[] }>(
    url,
    '{ orderPositionList { id amount offer { id } } }',
    {},
    token,
  );
  if (!answer.data) throw new Error(`Orderliste nicht lesbar: ${answer.text}`);
  return answer.data.orderPositionList;
}

const listState = (list: ListedPosition[]) =>
  JSON.stringify(list.map((position) => [position.id, position.offer.id, position.amount]).sort());

/** Thomas Keller's order waiting for the availability check, checked by staff and paid by card. */
async function payThomasKellersOrder(server: ServerProcess): Promise<number> {
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
function withoutRenderTime(pdf: Buffer): Buffer {
  const text = pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/<xmp:CreateDate>[^<]*<\/xmp:CreateDate>/g, '<xmp:CreateDate/>')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/gi, '/ID []');
  return Buffer.from(text, 'latin1');
}

/** Every invoice PDF and storage certificate the database holds, fetched from `server`. */
async function pdfsOf(server: ServerProcess, tokens: string[]): Promise<Map<string, Buffer>> {
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

describe.each(databaseTargets)('Sicherung und Wiederherstellung (%s)', (target) => {
  it(
    'a backup taken under write load restores one consistent point, the same tables and PDFs',
    async () => {
      const source = await newSetup(target, {
        port: ports.underLoad[target],
        env: { PUBLIC_URL },
      });
      // Seeded on the first start; then the warehouse reports the cases it holds, so the paid
      // invoices have certificates to back up.
      await (await source.start()).stop();
      const stockReport = await source.stockReport();
      const server = await source.start();
      await deliverStockReport(server.url, stockReport);
      const token = await signIn(server.url, 'kunde@example.com', PASSWORD);
      const search = await postGraphQL<{
        searchOffers: { available: { id: number; availableCases: number }[] };
      }>(server.url, '{ searchOffers { available { id availableCases } } }', {}, token);
      const onList = new Set((await orderList(server.url, token)).map((position) => position.offer.id));
      const offers = (search.data?.searchOffers.available ?? [])
        .filter((offer) => !onList.has(offer.id) && offer.availableCases >= 5)
        .slice(0, 3)
        .map((offer) => offer.id);
      expect(offers).toHaveLength(3);

      // The client adds and removes positions, one change after the other; every state the order
      // list passes through is noted.
      const states = new Set([listState(await orderList(server.url, token))]);
      let changes = 0;
      let loadRunning = true;
      let loadEnded = false;
      const load = (async () => {
        const added: number[] = [];
        while (loadRunning) {
          const offerId = offers[changes % offers.length] as number;
          if (added.length < 3) {
            const created = await postGraphQL<{ createOrderPosition: { success: boolean } }>(
              server.url,
              'mutation ($offerId: Int!) { createOrderPosition(offerId: $offerId, amount: 1) { success } }',
              { offerId },
              token,
            );
            expect(created.data?.createOrderPosition.success, created.text).toBe(true);
          } else {
            const deleted = await postGraphQL<{ deleteOrderPosition: { success: boolean } }>(
              server.url,
              'mutation ($id: Int!) { deleteOrderPosition(orderPositionId: $id) { success } }',
              { id: added.shift() },
              token,
            );
            expect(deleted.data?.deleteOrderPosition.success, deleted.text).toBe(true);
          }
          changes += 1;
          const list = await orderList(server.url, token);
          states.add(listState(list));
          for (const position of list) {
            if (offers.includes(position.offer.id) && !added.includes(position.id)) added.push(position.id);
          }
        }
      })().finally(() => {
        loadEnded = true;
      });

      const paidInvoiceId = await payThomasKellersOrder(server);
      // Every PDF once before the dump: the first request for a certificate issues it (and records
      // it), so from then on it is part of the state the backup holds.
      const invoices = await postGraphQL<{
        clientsInvoices: { invoiceNumber: string | null; invoicePdfViewPermissionToken: string }[];
      }>(
        server.url,
        '{ clientsInvoices { invoiceNumber invoicePdfViewPermissionToken } }',
        {},
        await signIn(server.url, 'berater@example.com', PASSWORD),
      );
      const tokens = (invoices.data?.clientsInvoices ?? [])
        .filter((invoice) => invoice.invoiceNumber)
        .map((invoice) => invoice.invoicePdfViewPermissionToken);
      expect(tokens.length, invoices.text).toBeGreaterThan(1);
      const sourcePdfs = await pdfsOf(server, tokens);
      const changesBefore = changes;
      const archive = await backUp(source.dataDir, await temporaryFolder('weindepot-backups-'));
      // Some more changes after the dump, then quiet.
      const stopAt = changes + 3;
      while (changes < stopAt && !loadEnded) await new Promise((resolve) => setTimeout(resolve, 50));
      loadRunning = false;
      await load;
      expect(changesBefore).toBeGreaterThan(0);

      const manifest = await manifestOf(archive);
      expect(manifest.database.kind).toBe(target);
      expect(manifest.files.some((file) => file.path === 'secrets.json')).toBe(true);
      expect(manifest.files.some((file) => file.path.startsWith('media/'))).toBe(true);
      expect(
        manifest.files.some((file) => file.path.startsWith('mail/') || file.path === 'database.json'),
      ).toBe(false);

      await server.stop();
      const sourceNow = await source.withDatabase(fingerprint);
      // The load went on after the dump (the order list changed), the invoices did not.
      expect(differingTables(manifest.database.tables, sourceNow)).toContain('order_positions');
      for (const table of [
        'invoices',
        'invoice_positions',
        'depot_positions',
        'storage_certificates',
        'users',
      ])
        expect(sourceNow[table], table).toBe(manifest.database.tables[table]);
      const restored = await newSetup(target, {
        port: ports.underLoad[target],
        env: { PUBLIC_URL },
        warehouseKeys: source.warehouseKeys,
      });
      const restore = await restoreInto(restored, archive);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toContain('wiederhergestellt');
      // Every table, bookkeeping and migration record included, as it was at the dump.
      expect(await restored.withDatabase(fingerprint)).toEqual(manifest.database.tables);
      // The payment finished before the dump: it is part of the backup.
      const [paid] = await restored.withDatabase((db) =>
        rowsOf<{ stage: string }>(db, sql`select stage from invoices where id = ${paidInvoiceId}`),
      );
      expect(paid?.stage).toBe('PAID');
      for (const file of manifest.files) {
        const [original, copy] = await Promise.all([
          readFile(path.join(source.dataDir, file.path)),
          readFile(path.join(restored.dataDir, file.path)),
        ]);
        expect(copy.equals(original), file.path).toBe(true);
      }

      const restoredServer = await restored.start();
      expect((await fetch(`${restoredServer.url}/readyz`)).status).toBe(200);
      const restoredToken = await signIn(restoredServer.url, 'kunde@example.com', PASSWORD);
      const restoredList = listState(await orderList(restoredServer.url, restoredToken));
      expect([...states]).toContain(restoredList);
      const restoredPdfs = await pdfsOf(restoredServer, tokens);
      expect([...restoredPdfs.keys()]).toEqual([...sourcePdfs.keys()]);
      expect(sourcePdfs.size).toBeGreaterThan(tokens.length);
      for (const [address, pdf] of sourcePdfs) {
        expect(restoredPdfs.get(address)?.equals(pdf), address).toBe(true);
      }
      await restoredServer.stop();

      // A second restore into the now filled target is refused and changes nothing.
      const before = await restored.withDatabase(fingerprint);
      const again = await restoreInto(restored, archive);
      expect(again.code).toBe(1);
      expect(again.output).toContain('ist nicht leer');
      expect(await restored.withDatabase(fingerprint)).toEqual(before);
      if (target === 'postgres') {
        // A filled database with an empty data folder is refused too.
        const emptyFolder = path.join(await temporaryFolder('weindepot-restore-'), 'data');
        const intoFilledDatabase = await runScript('restore', archive, {
          DATA_DIR: emptyFolder,
          DATABASE_URL: restored.databaseUrl as string,
        });
        expect(intoFilledDatabase.code).toBe(1);
        expect(intoFilledDatabase.output).toContain('Die Zieldatenbank (DATABASE_URL) ist nicht leer');
        expect(await readdir(emptyFolder).catch(() => [])).toEqual([]);
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "restores a backup of the previous release's schema, and the server migrates it",
    async () => {
      const source = await newSetup(target, { port: ports.previousRelease[target] });
      const previousColumns = await buildPreviousReleaseDatabase(source);
      // The previous release's files and its record of the database, as its server leaves them.
      loadConfig({ DATA_DIR: source.dataDir });
      await recordDatabase(source.dataDir, source.databaseUrl);
      const previous = await source.withDatabase((db) => projectedChecksums(db, previousColumns));

      // The portal is stopped: the PGlite backup opens the database itself.
      const archive = await backUp(source.dataDir, await temporaryFolder('weindepot-backups-'));
      const restored = await newSetup(target, { port: ports.previousRelease[target] });
      const restore = await restoreInto(restored, archive);
      expect(restore.code, restore.output).toBe(0);

      // Ready means migrated to this release (readiness checks the migrations). No sign-in here: it
      // would write to the tables compared below.
      const server = await restored.start();
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      await server.stop();

      await restored.withDatabase(async (db) => {
        const latest = readMigrationFiles({ migrationsFolder }).length;
        const [applied] = await rowsOf<{ count: number }>(
          db,
          'select count(*)::int as count from drizzle.__drizzle_migrations',
        );
        expect(applied?.count).toBe(latest);
        expect(await projectedChecksums(db, previousColumns)).toEqual(previous);
      });
    },
    TEST_TIMEOUT_MS,
  );
});
