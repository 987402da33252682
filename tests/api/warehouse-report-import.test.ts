/**
 * The warehouse's signed stock report coming in: the seeded report as a matched reconciliation; a
 * signed report imported, an unsigned, wrongly signed or tampered one refused in German without
 * changing anything, over GraphQL and over the warehouse's own endpoint; a whole warehouse's size.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoStockReport } from '../../server/services/warehouse-demo';
import {
  generateWarehouseKeyPair,
  signReport,
  type WarehouseKeyPair,
} from '../../server/services/warehouse-signature';
import { MAX_STOCK_REPORT_LENGTH, MAX_STRING_ARGUMENT_LENGTH } from '../../src/domain/input-limits';
import { databaseChecksum } from './support/db-checksum';
import { isGermanMessage } from './support/german';
import { databaseTargets, type TestPortal } from './support/harness';
import { warehouseJourney, warehouseOperation } from './support/warehouse-reconciliation-journey';

const IMPORT = warehouseOperation('ImportWarehouseStockReport');
const REPORT_TEXT_ELSEWHERE = warehouseOperation('ReportTextElsewhere');

describe.each(databaseTargets)('Bestandsbericht des Lagers einlesen (%s)', (target) => {
  const journey = warehouseJourney(target);
  const { reconciliation, importReport, demoRows, fileOf } = journey;
  let portal: TestPortal;
  let staff: string;
  let keys: WarehouseKeyPair;
  beforeAll(() => {
    ({ portal, staff, keys } = journey);
  });

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
      REPORT_TEXT_ELSEWHERE,
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
});
