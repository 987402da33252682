/**
 * `npm run backup` and `npm run restore` against the production server as a child process: a backup
 * taken while the client changes the order list and pays restores into a fresh data folder and
 * database; the restored tables equal the fingerprint taken with the dump, the order list equals one
 * of the states the load passed through (one transactionally consistent point, not a mix), a server
 * started on it serves the same order list and the same invoice and certificate PDFs, byte for
 * byte; restoring into a non-empty data folder or database is refused with exit code 1.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { differingTables } from '../../server/backup/table-checksums';
import {
  backUp,
  cleanUpAfterEach,
  fingerprint,
  listState,
  manifestOf,
  newSetup,
  orderList,
  PASSWORD,
  PUBLIC_URL,
  payThomasKellersOrder,
  pdfsOf,
  ports,
  restoreInto,
  runScript,
  TEST_TIMEOUT_MS,
  temporaryFolder,
} from './support/backup-restore';
import { rowsOf } from './support/db-checksum';
import { databaseTargets } from './support/harness';
import { deliverStockReport, postGraphQL, signIn } from './support/server-process';

describe.each(databaseTargets)('Sicherung und Wiederherstellung unter Last (%s)', (target) => {
  cleanUpAfterEach();

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
});
