import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../server/db/client';
import { seedDemoData } from '../../server/seed';
import { demoWarehouseLots } from '../../server/services/warehouse-demo';
import { formatStockReport, type ReportLot } from '../../server/services/warehouse-report-csv';
import {
  generateWarehouseKeyPair,
  signReport,
  type WarehouseKeyPair,
} from '../../server/services/warehouse-signature';
import { demoAccounts, demoPassword } from './support/accounts';
import { e2eDataDir, waitForMailText } from './support/mail';
import { logIn } from './support/session';

test.use({ viewport: { width: 1440, height: 900 } });

const GERMAN_DAY = /\d{2}\.\d{2}\.\d{4}/;

test('the adviser sees the seeded stock report matched, and a wrongly signed upload is refused', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await logIn(page, demoAccounts.superuser, demoPassword);
  await page.goto('/admin/management#bestandsabgleich');
  await expect(page.getByRole('tab', { name: 'Bestandsabgleich' })).toHaveAttribute('aria-selected', 'true');

  const report = page.getByTestId('warehouse-report');
  await expect(
    report.getByRole('heading', { name: /^Neuester Bestandsbericht vom \d{2}\.\d{2}\.\d{4}$/ }),
  ).toBeVisible();
  await expect(report.getByTestId('warehouse-signature')).toHaveText('Signatur des Lagers gültig');
  await expect(report.getByTestId('warehouse-discrepancy-count')).toHaveText('0');
  await expect(page.getByTestId('warehouse-matched-all')).toBeVisible();
  await expect(page.getByTestId('warehouse-not-yet')).toContainText(/Im Versand|En primeur/);
  const history = page.getByTestId('warehouse-history');
  await expect(history.getByRole('row').filter({ hasText: 'Demo-Lager' }).first()).toContainText(GERMAN_DAY);

  // A report signed with another key than the warehouse's: refused in German, nothing changes.
  const csv =
    'lot_id;lwin11;bottle_size_ml;bottles_per_case;cases;owner_ref;mrn;as_of\nX-1;10000002000;750;6;1;WD-999999;;2026-12-01\n';
  const csvFile = testInfo.outputPath('bericht.csv');
  const sigFile = `${csvFile}.sig`;
  writeFileSync(csvFile, csv);
  writeFileSync(sigFile, signReport(Buffer.from(csv), generateWarehouseKeyPair()));
  // Mantine's FileInput is a button beside a hidden file input (CSV first, then the signature).
  const fileInputs = page.locator('input[type="file"]');
  await fileInputs.nth(0).setInputFiles(csvFile);
  await fileInputs.nth(1).setInputFiles(sigFile);
  await page.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page.getByText('Bestandsbericht nicht übernommen')).toBeVisible();
  await expect(page.getByText(/Die Signatur passt nicht zu diesem Bestandsbericht/)).toBeVisible();
  await expect(report.getByTestId('warehouse-discrepancy-count')).toHaveText('0');
});

test('the client’s depot card says when the warehouse confirmed the stored cases', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demoAccounts.client, demoPassword);
  await page.goto('/admin/depot');
  await page.getByText('Tabelle', { exact: true }).click();
  const rows = page.getByTestId('depot-table-row');
  await expect(rows.first()).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Depot-Position' });
  const count = await rows.count();
  let confirmedCards = 0;
  for (let index = 0; index < count && confirmedCards === 0; index++) {
    await rows.nth(index).click();
    await expect(dialog.getByTestId('depot-position-card')).toBeVisible();
    const confirmed = dialog.getByTestId('position-warehouse-confirmed');
    if ((await confirmed.count()) > 0) {
      await expect(confirmed).toHaveText(/^im Lager bestätigt am \d{2}\.\d{2}\.\d{4}$/);
      await expect(dialog).toContainText('Lagernummern');
      confirmedCards += 1;
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  expect(confirmedCards).toBe(1);
});

/**
 * The lots the demo warehouse holds for the demo ledger as seeded (lot ids, wines and owners are
 * the seed's fixed ones): worked out on a throwaway copy of the seed, as the running portal's
 * PGlite database belongs to its server alone.
 */
async function seededLots(mediaDir: string): Promise<ReportLot[]> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await database.migrate();
    await seedDemoData(database.db, { mediaDir });
    return await demoWarehouseLots(database.db, new Date());
  } finally {
    await database.close();
  }
}

function demoWarehouseKeys(): WarehouseKeyPair {
  const secrets = JSON.parse(readFileSync(path.join(e2eDataDir(), 'secrets.json'), 'utf8'));
  return { publicKey: secrets.warehouseDemoPublicKey, privateKey: secrets.warehouseDemoPrivateKey };
}

test(
  'a signed report that misses a client’s case is taken, its discrepancies filtered, operations mailed; the matching report clears them',
  { tag: '@alone' },
  async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const lots = await seededLots(testInfo.outputPath('media'));
    const [missing, recounted, ...rest] = lots;
    if (!missing || !recounted) throw new Error('Die Demodaten lagern zu wenige Posten');
    const keys = demoWarehouseKeys();
    const upload = async (name: string, edited: ReportLot[]) => {
      const csv = formatStockReport(edited);
      const csvFile = testInfo.outputPath(`${name}.csv`);
      writeFileSync(csvFile, csv);
      writeFileSync(`${csvFile}.sig`, `${signReport(Buffer.from(csv, 'utf8'), keys)}\n`);
      const fileInputs = page.locator('input[type="file"]');
      await fileInputs.nth(0).setInputFiles(csvFile);
      await fileInputs.nth(1).setInputFiles(`${csvFile}.sig`);
      await page.getByRole('button', { name: 'Übernehmen' }).click();
      await expect(page.getByText('Bestandsbericht übernommen und abgeglichen.')).toBeVisible();
    };

    await logIn(page, demoAccounts.superuser, demoPassword);
    await page.goto('/admin/management#bestandsabgleich');
    await expect(page.getByTestId('warehouse-report')).toBeVisible();
    const foreign = { ...recounted, lotId: 'GVA-E2E-FREMD', ownerRef: 'WD-999999', cases: 1 };
    await upload('bericht-abweichend', [{ ...recounted, cases: recounted.cases + 1 }, ...rest, foreign]);

    const report = page.getByTestId('warehouse-report');
    await expect(report.getByRole('heading', { name: /^Neuester Bestandsbericht vom / })).toBeVisible();
    await expect(report.getByTestId('warehouse-signature')).toHaveText('Signatur des Lagers gültig');
    const table = page.getByTestId('warehouse-discrepancies');
    const row = (lotId: string) => table.getByRole('row').filter({ hasText: lotId });
    await expect(row(missing.lotId)).toContainText('Fehlt im Lager');
    await expect(row(recounted.lotId)).toContainText('Andere Kistenzahl');
    await expect(row('GVA-E2E-FREMD')).toContainText('Niemandem geschuldet');

    await page.getByRole('combobox', { name: 'Art der Abweichung' }).click();
    await page.getByRole('option', { name: /^Fehlt im Lager \(\d+\)$/ }).click();
    await expect(row(missing.lotId)).toBeVisible();
    await expect(row(recounted.lotId)).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Suche' }).fill(missing.ownerRef);
    await expect(row(missing.lotId)).toBeVisible();
    await page.getByRole('textbox', { name: 'Suche' }).fill('GVA-E2E-FREMD');
    await expect(page.getByText('Keine Abweichung passt zum Filter.')).toBeVisible();

    const mail = await waitForMailText('service@weindepot.example', `Lagernummer ${missing.lotId}`);
    expect(mail).toContain(`Kundennummer ${missing.ownerRef}`);

    // The warehouse's corrected report: the discrepancies of the edit are gone.
    await upload('bericht-korrigiert', lots);
    // Unfiltered, as a fresh visit shows it.
    await page.reload();
    await expect(report.getByTestId('warehouse-signature')).toHaveText('Signatur des Lagers gültig');
    await expect(page.getByText(missing.lotId)).toHaveCount(0);
    await expect(page.getByText('GVA-E2E-FREMD')).toHaveCount(0);
  },
);
