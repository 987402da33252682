import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { generateWarehouseKeyPair, signReport } from '../../server/services/warehouse-signature';
import { demoAccounts, demoPassword } from './support/accounts';
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
