/**
 * The reconciliation of the report with the ledger: each discrepancy kind in a demo report edited and
 * signed again with `npm run warehouse:sign` (a missing client's case mails operations), a case
 * stored on certificate and depot only while the report confirms it, the demo warehouse's report on
 * request, and all of it to staff only.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoStockReport } from '../../server/services/warehouse-demo';
import {
  generateWarehouseKeyPair,
  signReport,
  type WarehouseKeyPair,
} from '../../server/services/warehouse-signature';
import { DemoWarehouseAvailableDocument } from '../../src/api/graphql.generated';
import { databaseChecksum, rowsOf } from './support/db-checksum';
import { isGermanMessage } from './support/german';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { pdfText } from './support/pdf-text';
import { signInToken } from './support/sign-in';
import { warehouseJourney, warehouseOperation } from './support/warehouse-reconciliation-journey';

const run = promisify(execFile);
const RECONCILIATION = warehouseOperation('WarehouseReconciliation');
const CLIENTS_DEPOT = warehouseOperation('ClientsDepotConfirmation');
const DEMO_REPORT = warehouseOperation('ReportDemoWarehouseStock');
const DEMO_REPORT_SUCCESS = warehouseOperation('ReportDemoWarehouseStockSuccess');
const DEMO_WAREHOUSE_AVAILABLE = print(DemoWarehouseAvailableDocument);
const STOCK_REPORT_IDS = warehouseOperation('WarehouseStockReportIds');
const STOCK_REPORTS = warehouseOperation('WarehouseStockReports');

describe.each(databaseTargets)('Lagerabgleich mit dem Bestandsbericht des Lagers (%s)', (target) => {
  const journey = warehouseJourney(target);
  const { reconciliation, importReport, demoRows, fileOf } = journey;
  let portal: TestPortal;
  let staff: string;
  let keys: WarehouseKeyPair;
  beforeAll(() => {
    ({ portal, staff, keys } = journey);
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
        }>(CLIENTS_DEPOT, {}, { token: client })
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
    const available = await portal.gql(DEMO_WAREHOUSE_AVAILABLE, {}, { token: staff });
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
      expect((await real.gql(DEMO_WAREHOUSE_AVAILABLE, {}, { token: realStaff })).data).toEqual({
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
    const demo = await portal.gql(DEMO_REPORT_SUCCESS, {}, { token: client });
    expect(demo.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    for (const query of [RECONCILIATION, STOCK_REPORT_IDS, DEMO_WAREHOUSE_AVAILABLE]) {
      const answer = await portal.gql(query, {}, { token: client });
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const history = await portal.gql<{ warehouseStockReports: { id: number; source: string }[] }>(
      STOCK_REPORTS,
      {},
      { token: staff },
    );
    expect(history.data?.warehouseStockReports.at(-1)?.source).toBe('SEED');
  });
});
