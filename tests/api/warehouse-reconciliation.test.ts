/**
 * Lagerabgleich: the warehouse's signed stock report reconciled with the ledger of what we owe
 * clients in bond. The seed imports the demo warehouse's report (a matched reconciliation); an
 * unsigned, wrongly signed or tampered report is refused in German and changes nothing, over
 * GraphQL and over the warehouse's own endpoint; each discrepancy kind is found in a demo report
 * edited and signed again with `npm run warehouse:sign`; a missing client's case mails operations.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStockReport } from '../../server/services/warehouse-demo';
import {
  generateWarehouseKeyPair,
  signReport,
  type WarehouseKeyPair,
} from '../../server/services/warehouse-signature';
import { MAX_STOCK_REPORT_LENGTH, MAX_STRING_ARGUMENT_LENGTH } from '../../src/domain/input-limits';
import { databaseChecksum, rowsOf } from './support/db-checksum';
import { isGermanMessage } from './support/german';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { pdfText } from './support/pdf-text';
import { signInToken } from './support/sign-in';

const run = promisify(execFile);

const RECONCILIATION = `query ($reportId: Int) {
  warehouseReconciliation(reportId: $reportId) {
    report { id asOf signatureValid casesTotal }
    matchedCases
    discrepancies { kind lotId lwin11 customerNumber ledgerCases warehouseCases }
    notYetInWarehouse { customerNumber lwin11 cases state }
  }
}`;
const IMPORT = `mutation ($csv: String!, $signature: String!) {
  importWarehouseStockReport(csv: $csv, signature: $signature) {
    success errors { code message field } report { id asOf casesTotal signatureValid }
  }
}`;

interface Reconciliation {
  report: { id: number; asOf: string; signatureValid: boolean; casesTotal: number };
  matchedCases: number;
  discrepancies: {
    kind: string;
    lotId: string | null;
    lwin11: string;
    customerNumber: string | null;
    ledgerCases: number;
    warehouseCases: number;
  }[];
  notYetInWarehouse: { customerNumber: string; lwin11: string; cases: number; state: string }[];
}
interface ImportAnswer {
  importWarehouseStockReport: {
    success: boolean;
    errors: { code: string; message: string; field: string | null }[];
    report: { id: number; asOf: string; casesTotal: number; signatureValid: boolean } | null;
  };
}

const COLUMNS = ['lotId', 'lwin11', 'ml', 'perCase', 'cases', 'ownerRef', 'mrn', 'asOf'] as const;

describe.each(databaseTargets)('Lagerabgleich mit dem Bestandsbericht des Lagers (%s)', (target) => {
  let portal: TestPortal;
  let staff: string;
  let keys: WarehouseKeyPair;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staff = await signInToken(portal, 'berater@example.com');
    const demoKeys = portal.config.warehouse.demoKeys;
    if (!demoKeys) throw new Error('Testportal ohne Demo-Lager');
    keys = demoKeys;
  }, 120_000);
  afterAll(() => portal?.close());

  const reconciliation = async (reportId?: number) => {
    const answer = await portal.gql<{ warehouseReconciliation: Reconciliation }>(
      RECONCILIATION,
      reportId ? { reportId } : {},
      { token: staff },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data?.warehouseReconciliation as Reconciliation;
  };
  const importReport = async (csv: string, signature: string) => {
    const answer = await portal.gql<ImportAnswer>(IMPORT, { csv, signature }, { token: staff });
    expect(answer.errors).toBeUndefined();
    return answer.data?.importWarehouseStockReport as ImportAnswer['importWarehouseStockReport'];
  };
  const demoRows = async () => {
    const { csv } = await demoStockReport(portal.db, keys, new Date());
    const [header, ...rows] = csv.toString('utf8').trim().split('\n');
    return {
      header: header as string,
      rows: rows.map((row) =>
        Object.fromEntries(row.split(';').map((cell, i) => [COLUMNS[i], cell])),
      ) as Record<(typeof COLUMNS)[number], string>[],
    };
  };
  const fileOf = (header: string, rows: Record<(typeof COLUMNS)[number], string>[]) =>
    `${[header, ...rows.map((row) => COLUMNS.map((column) => row[column]).join(';'))].join('\n')}\n`;

  it('shows the seeded report as a matched reconciliation: every case owed in bond confirmed, the others apart', async () => {
    const seeded = await reconciliation();
    expect(seeded.report.signatureValid).toBe(true);
    expect(seeded.discrepancies).toEqual([]);
    expect(seeded.matchedCases).toBe(seeded.report.casesTotal);
    expect(seeded.matchedCases).toBeGreaterThan(0);
    expect(seeded.notYetInWarehouse.map((entry) => entry.state)).toEqual(
      expect.arrayContaining(['SHIPPING', 'EN_PRIMEUR']),
    );
    expect(seeded.notYetInWarehouse.every((entry) => /^WD-\d{6}$/.test(entry.customerNumber))).toBe(true);
  });

  it('imports a signed report and refuses an unsigned, a wrongly signed and a tampered one without changing anything', async () => {
    const { csv, signature } = await demoStockReport(portal.db, keys, new Date());
    const text = csv.toString('utf8');
    const before = await databaseChecksum(portal.db);
    const tampered = text.replace(/;1;(WD-\d{6});/, ';2;$1;');
    expect(tampered).not.toBe(text);
    const refusals = [
      [await importReport(text, ''), 'SIGNATURE_MISSING'],
      [await importReport(text, signReport(csv, generateWarehouseKeyPair())), 'SIGNATURE_INVALID'],
      [await importReport(tampered, signature), 'SIGNATURE_INVALID'],
      [await importReport(text, 'keine Signatur'), 'SIGNATURE_INVALID'],
    ] as const;
    for (const [answer, code] of refusals) {
      expect(answer.success).toBe(false);
      expect(answer.report).toBeNull();
      expect(answer.errors[0]?.code).toBe(code);
      expect(isGermanMessage(answer.errors[0]?.message ?? '')).toBe(true);
    }
    expect(refusals[0][0].errors[0]?.message).toContain('nicht signiert');
    expect(await databaseChecksum(portal.db)).toEqual(before);

    const imported = await importReport(text, signature);
    expect(imported.success).toBe(true);
    expect(imported.report?.signatureValid).toBe(true);
    expect(imported.report?.casesTotal).toBe((await reconciliation()).matchedCases);
    expect((await reconciliation()).report.id).toBe(imported.report?.id);
  });

  it('takes the report the warehouse posts to /api/warehouse/stock-report with its signature header', async () => {
    const { csv, signature } = await demoStockReport(portal.db, keys, new Date());
    const before = await databaseChecksum(portal.db);
    const post = (headers: Record<string, string>, payload: Buffer) =>
      portal.app.inject({
        method: 'POST',
        url: '/api/warehouse/stock-report',
        headers: { 'content-type': 'text/csv; charset=utf-8', ...headers },
        payload,
      });
    const unsigned = await post({}, csv);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().errors[0].message).toContain('nicht signiert');
    const wrong = await post({ 'x-warehouse-signature': signReport(csv, generateWarehouseKeyPair()) }, csv);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].code).toBe('SIGNATURE_INVALID');
    expect(await databaseChecksum(portal.db)).toEqual(before);
    const accepted = await post({ 'x-warehouse-signature': signature }, csv);
    expect(accepted.statusCode).toBe(201);
    const answer = accepted.json();
    expect(answer.report).toMatchObject({ signatureValid: true, discrepancyCount: 0, criticalCount: 0 });
    expect((await reconciliation()).report.id).toBe(answer.report.id);
  });

  it('takes a whole warehouse: a report far over the single-string cap over GraphQL, over 1 MiB over the endpoint; an oversized upload refused in German', async () => {
    const { header, rows } = await demoRows();
    const template = rows[0] as (typeof rows)[number];
    // Lots owed to nobody, enough of them for a file beyond any other argument's 10,000 characters.
    const extra = Array.from({ length: 400 }, (_, i) => ({
      ...template,
      lotId: `GVA-NICHT-GESCHULDET-${String(i).padStart(4, '0')}`,
      ownerRef: 'WD-999999',
    }));
    const large = fileOf(header, [...rows, ...extra]);
    expect(large.length).toBeGreaterThan(MAX_STRING_ARGUMENT_LENGTH);
    const imported = await importReport(large, signReport(Buffer.from(large, 'utf8'), keys));
    expect(imported.errors).toEqual([]);
    expect(imported.report?.casesTotal).toBeGreaterThan(extra.length);
    expect((await reconciliation()).discrepancies.filter((entry) => entry.kind === 'NOT_OWED')).toHaveLength(
      extra.length,
    );

    const before = await databaseChecksum(portal.db);
    const tooLarge = 'x'.repeat(MAX_STOCK_REPORT_LENGTH + 1);
    const refused = await portal.gql(IMPORT, { csv: tooLarge, signature: 'x' }, { token: staff });
    expect(refused.errors?.map((error) => error.message)).toEqual([
      'Ungültige Anfrage: Ein Text ist zu lang (höchstens 1.000.000 Zeichen je Angabe).',
    ]);
    // The larger cap belongs to the report's argument only: the same variable anywhere else has the API's cap.
    const elsewhere = await portal.gql(
      `mutation ($csv: String!) {
        importWarehouseStockReport(csv: $csv, signature: "x") { success }
        confirmEmailChange(token: $csv) { success }
      }`,
      { csv: 'x'.repeat(MAX_STRING_ARGUMENT_LENGTH + 1) },
      { token: staff },
    );
    expect(elsewhere.errors?.map((error) => error.message)).toEqual([
      'Ungültige Anfrage: Ein Text ist zu lang (höchstens 10.000 Zeichen je Angabe).',
    ]);
    // The warehouse's system may post more than the 1 MiB of other requests: an unsigned 2 MiB
    // body reaches the signature check (and is refused there) instead of the body limit.
    const big = await portal.app.inject({
      method: 'POST',
      url: '/api/warehouse/stock-report',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      payload: Buffer.from(`${header}\n${'x'.repeat(2 * 1024 * 1024)}\n`),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0].message).toContain('nicht signiert');
    expect(await databaseChecksum(portal.db)).toEqual(before);
  });

  it('finds each kind of discrepancy in an edited demo report signed again with npm run warehouse:sign, and mails operations about the missing case', async () => {
    const { header, rows } = await demoRows();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const [missing, owner, wine, count] = rows as [
      (typeof rows)[number],
      (typeof rows)[number],
      (typeof rows)[number],
      (typeof rows)[number],
    ];
    const edited = [
      ...rows
        .slice(1)
        .map((row) =>
          row === owner
            ? { ...row, ownerRef: 'WD-999999' }
            : row === wine
              ? { ...row, lwin11: '10000002000' }
              : row === count
                ? { ...row, cases: String(Number(row.cases) + 2) }
                : row,
        ),
      { ...count, lotId: 'FREMD-1', ownerRef: 'WD-999998', cases: '3' },
    ];
    const file = path.join(portal.config.dataDir, 'bericht.csv');
    await writeFile(file, fileOf(header, edited));
    await run(process.execPath, ['--import', 'tsx', 'scripts/warehouse-sign.ts', file], {
      env: { ...process.env, DATA_DIR: portal.config.dataDir, INIT_CWD: process.cwd() },
    });
    const signature = (await readFile(`${file}.sig`, 'utf8')).trim();
    const answer = await importReport(await readFile(file, 'utf8'), signature);
    expect(answer.errors).toEqual([]);
    const found = await reconciliation(answer.report?.id);
    const byKind = (kind: string) => found.discrepancies.filter((entry) => entry.kind === kind);
    expect(byKind('MISSING_IN_WAREHOUSE')).toEqual([
      expect.objectContaining({ lotId: missing.lotId, customerNumber: missing.ownerRef, warehouseCases: 0 }),
    ]);
    expect(byKind('OWNER_DIFFERS')).toEqual([
      expect.objectContaining({ lotId: owner.lotId, customerNumber: owner.ownerRef }),
    ]);
    expect(byKind('WINE_DIFFERS')).toEqual([
      expect.objectContaining({ lotId: wine.lotId, lwin11: wine.lwin11 }),
    ]);
    expect(byKind('COUNT_DIFFERS')).toEqual([
      expect.objectContaining({
        lotId: count.lotId,
        ledgerCases: Number(count.cases),
        warehouseCases: Number(count.cases) + 2,
      }),
    ]);
    expect(byKind('NOT_OWED')).toEqual([
      expect.objectContaining({
        lotId: 'FREMD-1',
        customerNumber: 'WD-999998',
        ledgerCases: 0,
        warehouseCases: 3,
      }),
    ]);
    expect(found.discrepancies).toHaveLength(5);

    await portal.deliverOutbox();
    const mails = await portal.mailsTo(portal.config.operationsEmail);
    const mail = mails.find((entry) => entry.subject.startsWith('Lagerabgleich:'));
    expect(mail?.subject).toMatch(
      /^Lagerabgleich: 1 Kiste von Kunden fehlt im Bestandsbericht vom \d{2}\.\d{2}\.\d{4}$/,
    );
    expect(mail?.text).toContain(`Lagernummer ${missing.lotId}`);
    expect(mail?.text).toContain(`Kundennummer ${missing.ownerRef}`);
  });

  it('lists a case as stored on the certificate and the depot only while the latest report confirms its lot', async () => {
    const client = await signInToken(portal, 'kunde@example.com');
    const depot = async () =>
      (
        await portal.gql<{
          clientsDepot: { id: number; storageId: string | null; warehouseConfirmedOn: string | null }[];
        }>('{ clientsDepot { id storageId warehouseConfirmedOn } }', {}, { token: client })
      ).data?.clientsDepot ?? [];
    const [invoice] = await rowsOf<{ token: string; storage_id: string; depot_position_id: number }>(
      portal.db,
      `select i.invoice_pdf_view_permission_token as token, d.storage_id, d.id as depot_position_id
         from depot_positions d join invoice_positions ip on ip.id = d.invoice_position_id
         join invoices i on i.id = ip.invoice_id join users u on u.id = d.owner_id
        where u.email = 'kunde@example.com' and d.storage_id is not null
          and (select s.status from depot_position_statuses s where s.depot_position_id = d.id
                order by s.datetime_status_update desc, s.id desc limit 1) = 'IN_BOND'
        order by d.id limit 1`,
    );
    if (!invoice) throw new Error('Die Demo-Kundin hat keine Kiste im Zollfreilager');
    const lotIds = invoice.storage_id.split(', ');
    const certificate = async () => {
      const answer = await portal.app.inject({ method: 'GET', url: `/certificate/${invoice.token}` });
      return {
        status: answer.statusCode,
        text: answer.statusCode === 200 ? pdfText(answer.rawPayload) : answer.body,
      };
    };
    const storedPart = (text: string) =>
      text.slice(text.indexOf('Die folgenden Weine lagern'), text.indexOf('Echtheit prüfen'));

    // The full report of today's ledger confirms the lot.
    const { csv, signature } = await demoStockReport(portal.db, keys, new Date());
    expect((await importReport(csv.toString('utf8'), signature)).success).toBe(true);
    const asOf = (await reconciliation()).report.asOf;
    const germanDay = `${asOf.slice(8, 10)}.${asOf.slice(5, 7)}.${asOf.slice(0, 4)}`;
    const confirmed = await certificate();
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain(`vom Lager bestätigt am ${germanDay}`);
    for (const lotId of lotIds)
      expect(storedPart(confirmed.text).split('Noch nicht vom Lager')[0]).toContain(lotId);
    expect(
      (await depot()).find((position) => position.id === invoice.depot_position_id)?.warehouseConfirmedOn,
    ).toBe(asOf);

    // A report without the lot: the case is listed apart, the depot card no longer says confirmed.
    const { header, rows } = await demoRows();
    const without = fileOf(
      header,
      rows.filter((row) => !lotIds.includes(row.lotId)),
    );
    expect((await importReport(without, signReport(Buffer.from(without), keys))).success).toBe(true);
    const unconfirmed = await certificate();
    if (unconfirmed.status === 200) {
      const [stored = '', apart = ''] = storedPart(unconfirmed.text).split('Noch nicht vom Lager bestätigt');
      for (const lotId of lotIds) expect(stored).not.toContain(lotId);
      expect(apart).toContain('Einlagerung vom Lager noch nicht bestätigt');
    } else {
      expect(unconfirmed.status).toBe(409);
    }
    expect(
      (await depot()).find((position) => position.id === invoice.depot_position_id)?.warehouseConfirmedOn,
    ).toBeNull();

    // The warehouse's next full report confirms it again.
    const again = await demoStockReport(portal.db, keys, new Date());
    expect((await importReport(again.csv.toString('utf8'), again.signature)).success).toBe(true);
    expect(storedPart((await certificate()).text)).toContain(lotIds[0] as string);
  });

  it('lets staff have the demo warehouse report the ledger as it stands, and only while it stands in', async () => {
    const DEMO_REPORT =
      'mutation { reportDemoWarehouseStock { success errors { code message } report { id source signatureValid discrepancyCount } } }';
    const available = await portal.gql('{ demoWarehouseAvailable }', {}, { token: staff });
    expect(available.data).toEqual({ demoWarehouseAvailable: true });
    const reported = await portal.gql<{
      reportDemoWarehouseStock: { success: boolean; report: { id: number; source: string } | null };
    }>(DEMO_REPORT, {}, { token: staff });
    expect(reported.data?.reportDemoWarehouseStock).toMatchObject({
      success: true,
      report: { source: 'DEMO', signatureValid: true, discrepancyCount: 0 },
    });
    const latest = await reconciliation();
    expect(latest.report.id).toBe(reported.data?.reportDemoWarehouseStock.report?.id);
    expect(latest.discrepancies).toEqual([]);

    // With the real warehouse's key configured there is no demo warehouse: refused, nothing changes.
    const real = await startTestPortal(target, {
      env: { WAREHOUSE_PUBLIC_KEY: generateWarehouseKeyPair().publicKey },
    });
    try {
      await real.createUser('lager@example.com', { staff: true });
      const realStaff = await signInToken(real, 'lager@example.com');
      expect((await real.gql('{ demoWarehouseAvailable }', {}, { token: realStaff })).data).toEqual({
        demoWarehouseAvailable: false,
      });
      const before = await databaseChecksum(real.db);
      const refused = await real.gql<{
        reportDemoWarehouseStock: { success: boolean; errors: { code: string; message: string }[] };
      }>(DEMO_REPORT, {}, { token: realStaff });
      expect(refused.data?.reportDemoWarehouseStock.success).toBe(false);
      expect(refused.data?.reportDemoWarehouseStock.errors[0]?.code).toBe('DEMO_WAREHOUSE_ABSENT');
      expect(isGermanMessage(refused.data?.reportDemoWarehouseStock.errors[0]?.message ?? '')).toBe(true);
      expect(await databaseChecksum(real.db)).toEqual(before);
    } finally {
      await real.close();
    }
  });

  it('keeps the reconciliation and the report history to staff', async () => {
    const client = await signInToken(portal, 'kunde@example.com');
    const demo = await portal.gql('mutation { reportDemoWarehouseStock { success } }', {}, { token: client });
    expect(demo.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    for (const query of [RECONCILIATION, '{ warehouseStockReports { id } }', '{ demoWarehouseAvailable }']) {
      const answer = await portal.gql(query, {}, { token: client });
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const history = await portal.gql<{ warehouseStockReports: { id: number; source: string }[] }>(
      '{ warehouseStockReports { id source } }',
      {},
      { token: staff },
    );
    expect(history.data?.warehouseStockReports.at(-1)?.source).toBe('SEED');
  });
});
